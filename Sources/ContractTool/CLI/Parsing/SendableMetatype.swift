#if !compiler(>=6.2)
    /// Swift 6.2's marker for a type whose metatype may cross isolation, for the compilers before it
    /// (the package builds with Swift 6.0 and later), which neither know it nor need it. With it, a
    /// command protocol is declared once: an `OptionSpec`'s closures capture the command's metatype,
    /// which Swift 6.2 and later accept only when it is sendable.
    protocol SendableMetatype {}
#endif

extension MutationSession.Run {
    /// The run's report: a row per mutant, then one per profile, read back from where the run
    /// wrote them as they came.
    package var resultReport: Report { Report(spool: spool) }
}

import Foundation

/// Words for file-system errors that read the same on every platform: Foundation's own messages
/// and codes differ between Linux and macOS, and a number means nothing to a user.
enum FileProblem {
    /// Describes an error thrown by Foundation or by this tool's own file code.
    /// - Parameter error: The error.
    /// - Returns: Such as `permission denied` or `no space left on device`.
    static func describe(_ error: any Error) -> String {
        if let failure = error as? FileWriteError { return failure.reason }
        let nsError = error as NSError
        if nsError.domain == NSPOSIXErrorDomain { return describe(errno: Int32(nsError.code)) }
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain
        {
            return describe(errno: Int32(underlying.code))
        }
        switch nsError.code {
        case NSFileReadNoSuchFileError, NSFileNoSuchFileError: return "no such file"
        case NSFileReadNoPermissionError, NSFileWriteNoPermissionError: return "permission denied"
        case NSFileWriteFileExistsError: return "a file is in the way"
        case NSFileWriteVolumeReadOnlyError: return "the file system is read-only"
        case NSFileWriteOutOfSpaceError: return "no space left on device"
        case NSFileReadTooLargeError: return "the file is too large"
        case NSFileReadUnknownError: return "it is a folder or unreadable"
        default: return "the file system refused (\(nsError.domain) \(nsError.code))"
        }
    }

    /// Describes a POSIX error number.
    /// - Parameter code: The `errno` value.
    /// - Returns: Such as `no such file`.
    static func describe(errno code: Int32) -> String {
        switch code {
        case ENOENT: "no such file"
        case EACCES, EPERM: "permission denied"
        case ENOTDIR: "a part of the path is a file, not a folder"
        case EISDIR: "it is a folder"
        case EEXIST: "a file is in the way"
        case ENOSPC: "no space left on device"
        case EROFS: "the file system is read-only"
        case EBADF: "it is closed"
        case EPIPE: "the reader has gone (broken pipe)"
        case ELOOP: "too many symbolic links"
        case ENAMETOOLONG: "the name is too long"
        case EXDEV: "it is on another file system"
        default: String(cString: strerror(code)).lowercased()
        }
    }
}

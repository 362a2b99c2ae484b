#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// An error number a system call left in `errno`, as a type of its own, with the C
/// library's text for it as its description.
///
/// Thrown by every call in this module; an adapter turns it into its module's error,
/// keeping `rawValue` as the underlying code and `description` in its message.
public struct Errno: Error, RawRepresentable, Hashable, Sendable, CustomStringConvertible {
  /// The C value, e.g. `ENOENT`.
  public let rawValue: Int32

  /// The error number `rawValue`.
  public init(rawValue: Int32) {
    self.rawValue = rawValue
  }

  /// The calling thread's `errno`. Read it right after the failed call: most C calls
  /// (`strerror` among them) may change it.
  public static var current: Errno { Errno(rawValue: errno) }

  /// The C library's text for the number, e.g. "No such file or directory".
  ///
  /// The corresponding C function is `strerror`.
  public var description: String { String(cString: strerror(rawValue)) }

  /// `EINTR`: a signal handler ran before the call could finish; retried by
  /// ``retryingInterrupts(_:)``.
  public static let interrupted = Errno(rawValue: EINTR)
  /// `EAGAIN` (`EWOULDBLOCK`): a non-blocking descriptor has nothing to give or no room.
  public static let wouldBlock = Errno(rawValue: EAGAIN)
  /// `ENOENT`.
  public static let noSuchFileOrDirectory = Errno(rawValue: ENOENT)
  /// `EACCES`.
  public static let permissionDenied = Errno(rawValue: EACCES)
  /// `EPERM`.
  public static let notPermitted = Errno(rawValue: EPERM)
  /// `EBADF`: the number names no open file.
  public static let badFileDescriptor = Errno(rawValue: EBADF)
  /// `EINVAL`.
  public static let invalidArgument = Errno(rawValue: EINVAL)
  /// `ENODEV`.
  public static let noSuchDevice = Errno(rawValue: ENODEV)
  /// `ENXIO`.
  public static let noSuchDeviceOrAddress = Errno(rawValue: ENXIO)
  /// `EPIPE`: the other end of a pipe or socket is closed.
  public static let brokenPipe = Errno(rawValue: EPIPE)
}

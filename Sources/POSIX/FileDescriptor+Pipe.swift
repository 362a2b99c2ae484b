#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension FileDescriptor {
  /// A new pipe; both ends close-on-exec and, when `nonBlocking`, non-blocking.
  ///
  /// The corresponding C functions are `pipe` and `fcntl`. (`pipe2`, which sets both flags
  /// at once, is not in Swift's Glibc module and not on Darwin; between the two calls a
  /// `fork` and `exec` on another thread could pass the ends on.)
  ///
  /// - Throws: ``Errno``, e.g. `EMFILE` when the process is out of descriptors.
  public static func pipe(nonBlocking: Bool = false) throws(Errno) -> (
    readEnd: FileDescriptor, writeEnd: FileDescriptor
  ) {
    var ends: [Int32] = [-1, -1]
    guard systemPipe(&ends) == 0 else { throw Errno.current }
    let pair = (readEnd: FileDescriptor(owning: ends[0]), writeEnd: FileDescriptor(owning: ends[1]))
    for end in ends {
      _ = try retryingInterrupts { fcntl(end, F_SETFD, FD_CLOEXEC) }
      if nonBlocking {
        let flags = try retryingInterrupts { fcntl(end, F_GETFL) }
        _ = try retryingInterrupts { fcntl(end, F_SETFL, flags | O_NONBLOCK) }
      }
    }
    return pair
  }
}

private func systemPipe(_ ends: inout [Int32]) -> Int32 {
  pipe(&ends)
}

import Glibc

extension GPIOEdgeSource {
  /// A pipe that wakes the adapter thread out of `poll` so that it stops promptly when the
  /// consumer goes away (rather than noticing on a timeout).
  ///
  /// Owns both file descriptors and closes them in `deinit`. ``signal()`` may be called
  /// from any thread, any number of times; it never blocks.
  final class Wakeup: Sendable {
    /// The end the adapter thread polls.
    let readEnd: Int32
    private let writeEnd: Int32

    /// Creates the pipe, close-on-exec, with a non-blocking write end.
    ///
    /// The corresponding C function is `pipe` (`pipe2` is not in Swift's Glibc module).
    init() throws(BoardError) {
      var ends: [Int32] = [-1, -1]
      guard pipe(&ends) == 0 else {
        let err = errno
        throw BoardError(
          .failed, "cannot create a pipe: \(GPIOChip.describe(err))", underlying: err)
      }
      readEnd = ends[0]
      writeEnd = ends[1]
      _ = fcntl(readEnd, F_SETFD, FD_CLOEXEC)
      _ = fcntl(writeEnd, F_SETFD, FD_CLOEXEC)
      _ = fcntl(writeEnd, F_SETFL, O_NONBLOCK)
    }

    deinit {
      close(readEnd)
      close(writeEnd)
    }

    /// Makes ``readEnd`` readable. A full pipe already is, so a failed write is fine.
    func signal() {
      var byte: UInt8 = 1
      _ = write(writeEnd, &byte, 1)
    }
  }
}

import Glibc

/// A non-blocking pipe that wakes a thread blocked in `poll`: callers write a byte, the
/// thread polls the read end along with its own descriptors.
///
/// Owns both ends and closes them in `deinit`. `signal()` may be called from any thread,
/// any number of times; `clear()` and `wait(for:timeout:)` only by the thread that polls.
final class WakeupPipe: @unchecked Sendable {
  // @unchecked Sendable: a pair of file descriptors, immutable after `init` and closed
  // only in `deinit` (when nobody holds a reference); `write`, `read` and `poll` on a pipe
  // are thread-safe system calls and the pipe is the only state.
  /// The end the thread polls.
  let readEnd: Int32
  private let writeEnd: Int32

  /// - Throws: `AudioError` `.failed` when the process is out of descriptors.
  init() throws(AudioError) {
    var ends: [Int32] = [-1, -1]
    guard pipe(&ends) == 0 else {
      let err = errno
      throw AudioError(
        .failed, "cannot create a pipe: \(String(cString: strerror(err)))", underlying: err)
    }
    readEnd = ends[0]
    writeEnd = ends[1]
    for end in ends {
      _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
      _ = fcntl(end, F_SETFD, FD_CLOEXEC)
    }
  }

  deinit {
    Glibc.close(readEnd)
    Glibc.close(writeEnd)
  }

  /// Wakes the polling thread. Never blocks: when the pipe is full a wake-up is pending
  /// anyway.
  func signal() {
    var byte: UInt8 = 1
    _ = Glibc.write(writeEnd, &byte, 1)
  }

  /// Empties the pipe, so the next `poll` blocks until the next `signal()`.
  func clear() {
    var bytes = [UInt8](repeating: 0, count: 64)
    while Glibc.read(readEnd, &bytes, bytes.count) > 0 {}
  }

  /// Blocks until `signal()`, an event on one of `descriptors`, or `timeout` (nil: no
  /// limit). Sets the descriptors' `revents`. Retries on `EINTR`.
  ///
  /// The corresponding C function is `poll`.
  ///
  /// - Returns: whether the pipe was signalled.
  @discardableResult
  func wait(for descriptors: inout [pollfd], timeout: Duration?) -> Bool {
    var fds = descriptors
    fds.append(pollfd(fd: readEnd, events: Int16(POLLIN), revents: 0))
    let clock = ContinuousClock()
    let deadline = timeout.map { clock.now.advanced(by: $0) }
    while true {
      for i in fds.indices { fds[i].revents = 0 }
      var milliseconds: Int32 = -1
      if let deadline {
        let left = max(.zero, clock.now.duration(to: deadline))
        // Rounded up so a wait never ends before its deadline.
        milliseconds = Int32(min(Double(Int32.max), (left / .milliseconds(1)).rounded(.up)))
      }
      let ready = poll(&fds, nfds_t(fds.count), milliseconds)
      if ready < 0, errno == EINTR { continue }
      descriptors = Array(fds.dropLast())
      return ready > 0 && fds[fds.count - 1].revents != 0
    }
  }
}

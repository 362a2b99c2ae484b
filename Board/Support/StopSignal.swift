import Foundation
import Synchronization

/// A pipe that lets a consumer wake a reader thread blocked in `poll`, so the thread
/// stops at once instead of at its next timeout.
///
/// Owns both ends of the pipe and closes them in `deinit`. `signal()` may be called from
/// any thread, any number of times; `wait(readable:timeout:)` is called by the one
/// reader thread. The stop is also kept in memory, and a wait looks at it at least once a
/// second: a descriptor is process-wide, and should some other part of the process close
/// the pipe's number by mistake (a double `close` elsewhere, the number reused), the
/// reader still stops, within a second rather than at once.
final class StopSignal: @unchecked Sendable {
  // Safe to share: the two descriptors are immutable after `init` and closed only in
  // `deinit`, when no thread holds a reference; `write` on a pipe and `poll` are
  // thread-safe system calls; the flag is atomic.
  /// The end a reader polls along with its own descriptors.
  let readEnd: Int32
  /// The end `signal()` writes to.
  let writeEnd: Int32
  private let stopped = Atomic<Bool>(false)
  /// The longest single `poll`, so the flag is looked at even when no byte arrives.
  static let slice = Duration.seconds(1)

  /// What ended a wait.
  enum WaitResult: Equatable {
    case stopped
    case readable
    case timedOut
  }

  init() throws(BoardError) {
    var ends: [Int32] = [-1, -1]
    guard pipe(&ends) == 0 else {
      throw BoardError(
        .failed, "cannot create a pipe: \(String(cString: strerror(errno)))",
        underlying: errno)
    }
    readEnd = ends[0]
    writeEnd = ends[1]
    for end in ends {
      _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
      _ = fcntl(end, F_SETFD, FD_CLOEXEC)
    }
  }

  deinit {
    close(readEnd)
    close(writeEnd)
  }

  /// Asks the reader to stop. Never blocks (the pipe is non-blocking; one byte is enough
  /// and later ones may be dropped when the pipe is full).
  func signal() {
    stopped.store(true, ordering: .releasing)
    var byte: UInt8 = 1
    _ = write(writeEnd, &byte, 1)
  }

  /// Whether `signal()` has been called. Never blocks.
  var isSignalled: Bool { wait(readable: nil, timeout: .zero) == .stopped }

  /// Blocks the calling thread until `signal()` is called, `descriptor` becomes
  /// readable (or reports an error or hang-up, which a read then sees), or `timeout`
  /// passes (nil: no limit). A stop wins over readability. Retries on `EINTR`.
  ///
  /// The corresponding C function is `poll`.
  func wait(readable descriptor: Int32?, timeout: Duration?) -> WaitResult {
    let clock = ContinuousClock()
    let deadline = timeout.map { clock.now.advanced(by: $0) }
    var fds = [pollfd(fd: readEnd, events: Int16(POLLIN), revents: 0)]
    if let descriptor { fds.append(pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)) }
    while true {
      if stopped.load(ordering: .acquiring) { return .stopped }
      var left = Self.slice
      if let deadline { left = min(left, max(.zero, clock.now.duration(to: deadline))) }
      // Round up so the wait never ends before the deadline.
      let milliseconds = Int32((left / .milliseconds(1)).rounded(.up))
      let ready = poll(&fds, nfds_t(fds.count), milliseconds)
      if ready < 0 {
        if errno == EINTR { continue }
        return .timedOut
      }
      if fds[0].revents != 0 || stopped.load(ordering: .acquiring) { return .stopped }
      if fds.count > 1, fds[1].revents != 0 { return .readable }
      if let deadline, clock.now >= deadline { return .timedOut }
    }
  }
}

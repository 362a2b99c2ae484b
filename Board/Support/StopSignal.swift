import Glibc
import POSIX
import Synchronization

/// A stop request that wakes a reader thread blocked in `poll`, so the thread stops at
/// once instead of at its next timeout: a ``WakePipe`` plus a flag that stays set.
///
/// `signal()` may be called from any thread, any number of times; `wait(readable:timeout:)`
/// is called by the one reader thread. The stop is also kept in memory, and a wait looks at
/// it at least once a second: a descriptor is process-wide, and should some other part of
/// the process close the pipe's number by mistake (a double `close` elsewhere, the number
/// reused), the reader still stops, within a second rather than at once.
final class StopSignal: Sendable {
  private let pipe: WakePipe
  private let stopped = Atomic<Bool>(false)
  /// The longest single `poll`, so the flag is looked at even when no byte arrives.
  static let slice = Duration.seconds(1)

  /// What ended a wait.
  enum WaitResult: Equatable {
    case stopped
    case readable
    case timedOut
  }

  /// - Throws: `BoardError` `.failed` when the process is out of descriptors.
  init() throws(BoardError) {
    do {
      pipe = try WakePipe()
    } catch {
      throw BoardError(.failed, "cannot create a pipe: \(error)", underlying: error.rawValue)
    }
  }

  /// The end a reader polls along with its own descriptors.
  var readEnd: Int32 { pipe.readEnd }
  /// The end `signal()` writes to.
  var writeEnd: Int32 { pipe.writeEnd }

  /// Asks the reader to stop. Never blocks (one byte is enough; later ones are dropped
  /// when the pipe is full).
  func signal() {
    stopped.store(true, ordering: .releasing)
    pipe.signal()
  }

  /// Whether `signal()` has been called. Never blocks.
  var isSignalled: Bool { wait(readable: nil, timeout: .zero) == .stopped }

  /// Blocks the calling thread until `signal()` is called, `descriptor` becomes
  /// readable (or reports an error or hang-up, which a read then sees), or `timeout`
  /// passes (nil: no limit). A stop wins over readability.
  ///
  /// The corresponding C function is `poll`, through `Poll.wait`, which retries `EINTR`
  /// and never ends a slice early. A failed `poll` ends the wait as `.timedOut`.
  func wait(readable descriptor: Int32?, timeout: Duration?) -> WaitResult {
    let clock = ContinuousClock()
    let deadline = timeout.map { clock.now.advanced(by: $0) }
    var fds = [pipe.pollDescriptor]
    if let descriptor { fds.append(pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)) }
    while true {
      if stopped.load(ordering: .acquiring) { return .stopped }
      var left = Self.slice
      if let deadline { left = min(left, max(.zero, clock.now.duration(to: deadline))) }
      do {
        try Poll.wait(&fds, timeout: left)
      } catch {
        return .timedOut
      }
      if fds[0].revents != 0 || stopped.load(ordering: .acquiring) { return .stopped }
      if fds.count > 1, fds[1].revents != 0 { return .readable }
      if let deadline, clock.now >= deadline { return .timedOut }
    }
  }
}

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Waiting for events on several descriptors at once: the program's one call of `poll`.
public enum Poll {
  /// Blocks the calling thread until one of `descriptors` has an event it asked for
  /// (`events`), or reports `POLLERR`, `POLLHUP` or `POLLNVAL`, or `timeout` passes (nil: no
  /// limit; zero: look and return at once).
  ///
  /// The corresponding C function is `poll`. Every `revents` is cleared first and then set
  /// by the kernel. A signal (`EINTR`) does not end the wait: it goes on with what is left
  /// of the timeout, measured against a deadline taken on entry. The milliseconds `poll`
  /// gets are rounded up, and a `poll` that still returns before the deadline is called
  /// again, so a wait that times out never ends before `timeout` has passed.
  ///
  /// - Returns: how many descriptors have events; 0 when the wait timed out.
  /// - Throws: ``Errno`` when `poll` fails (`ENOMEM`, or `EINVAL`/`EFAULT`: a caller bug).
  @discardableResult
  public static func wait(_ descriptors: inout [pollfd], timeout: Duration?) throws(Errno)
    -> Int
  {
    let clock = ContinuousClock()
    let deadline = timeout.map { clock.now.advanced(by: max(.zero, $0)) }
    while true {
      let ready = try retryingInterrupts { () -> Int32 in
        for index in descriptors.indices { descriptors[index].revents = 0 }
        let milliseconds = deadline.map { Self.milliseconds(for: clock.now.duration(to: $0)) } ?? -1
        return poll(&descriptors, nfds_t(descriptors.count), milliseconds)
      }
      guard ready == 0, let deadline, clock.now < deadline else { return Int(ready) }
    }
  }

  /// `left` as `poll`'s timeout: whole milliseconds, rounded up (so a wait never ends
  /// early), at least 0 and at most `Int32.max` (about 24.8 days).
  static func milliseconds(for left: Duration) -> Int32 {
    guard left > .zero else { return 0 }
    return Int32(min(Double(Int32.max), (left / .milliseconds(1)).rounded(.up)))
  }
}

import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A thread of its own that runs one blocking body, which the test interrupts with
/// `SIGUSR1` (see ``Interrupts``) while it blocks.
///
/// The body starts once ``interrupt(every:limit:until:)`` is sending signals, and the
/// signals come from another thread of their own, so a busy machine (a full cooperative
/// pool) delays neither. The thread stays alive after the body returns until
/// ``release()``, so no signal is ever sent to a thread that has ended.
final class InterruptedThread<Value: Sendable>: Sendable {
  /// A `pthread_t`, which on Darwin is a pointer.
  private struct ID: @unchecked Sendable {
    let thread: pthread_t
  }

  private let id = Mutex<ID?>(nil)
  private let value = Mutex<Value?>(nil)
  private let started = Atomic<Bool>(false)
  private let released = Atomic<Bool>(false)

  /// Starts the thread; it runs `body` once signals are on their way.
  init(_ body: @escaping @Sendable () -> Value) {
    Interrupts.install()
    Thread.detachNewThread { [self] in
      // A thread starts with its creator's signal mask, which may block everything.
      var signals = sigset_t()
      sigemptyset(&signals)
      sigaddset(&signals, SIGUSR1)
      pthread_sigmask(SIG_UNBLOCK, &signals, nil)
      id.withLock { $0 = ID(thread: pthread_self()) }
      // `usleep` ends early on a signal; the loops go on.
      while !started.load(ordering: .acquiring) { usleep(500) }
      let result = body()
      value.withLock { $0 = result }
      while !released.load(ordering: .acquiring) { usleep(1000) }
    }
  }

  /// Whether the body has returned.
  var hasReturned: Bool { value.withLock { $0 != nil } }

  /// Starts the body and sends `SIGUSR1` to its thread every `period` until `done()` is
  /// true, the body has returned, or `limit` passes; returns when the signals stop.
  ///
  /// - Returns: how many signals were sent.
  @discardableResult
  func interrupt(
    every period: Duration = .milliseconds(5), limit: Duration = .seconds(10),
    until done: @escaping @Sendable () -> Bool = { false }
  ) async -> Int {
    let sent = Mutex<Int?>(nil)
    Thread.detachNewThread { [self] in
      while id.withLock({ $0 }) == nil { usleep(500) }
      let target = id.withLock { $0 }!.thread
      let deadline = ContinuousClock.now + limit
      var count = 0
      started.store(true, ordering: .releasing)
      while ContinuousClock.now < deadline, !done(), !hasReturned {
        if pthread_kill(target, SIGUSR1) == 0 { count += 1 }
        usleep(UInt32(period / .microseconds(1)))
      }
      sent.withLock { [count] in $0 = count }
    }
    while true {
      if let count = sent.withLock({ $0 }) { return count }
      try? await Task.sleep(for: .milliseconds(2))
    }
  }

  /// What the body returned, waiting at most `timeout`; nil if it has not returned.
  func result(within timeout: Duration = .seconds(10)) async -> Value? {
    let deadline = ContinuousClock.now + timeout
    while ContinuousClock.now < deadline {
      if let result = value.withLock({ $0 }) { return result }
      try? await Task.sleep(for: .milliseconds(2))
    }
    return value.withLock { $0 }
  }

  /// Lets the thread end (starting the body first if no one did). No signal may be sent
  /// after this.
  func release() {
    started.store(true, ordering: .releasing)
    released.store(true, ordering: .releasing)
  }
}

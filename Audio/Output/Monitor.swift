import Foundation

/// State shared between callers and an adapter's thread, guarded by one lock, with a
/// condition to wait on.
///
/// Every `update` wakes all waiters, so a waiter's predicate is re-checked after each
/// change; waits have no timeout, so whoever changes the state must be alive (the adapter
/// thread answers every request, also when its device is gone).
final class Monitor<State>: @unchecked Sendable {
  // @unchecked Sendable: `state` is read and written only while `condition`'s lock is
  // held (every accessor below takes it), so no two threads touch it at once.
  private let condition = NSCondition()
  private var state: State

  init(_ state: State) {
    self.state = state
  }

  /// Runs `body` on the state under the lock, then wakes every waiter.
  func update<Result, Failure: Error>(
    _ body: (inout State) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    condition.lock()
    defer {
      condition.broadcast()
      condition.unlock()
    }
    return try body(&state)
  }

  /// Reads the state under the lock.
  func read<Result>(_ body: (State) -> Result) -> Result {
    condition.lock()
    defer { condition.unlock() }
    return body(state)
  }

  /// Blocks the calling thread until `ready` holds, then runs `body` under the same lock
  /// (and wakes every waiter).
  func wait<Result, Failure: Error>(
    until ready: (State) -> Bool, then body: (inout State) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    condition.lock()
    defer {
      condition.broadcast()
      condition.unlock()
    }
    while !ready(state) { condition.wait() }
    return try body(&state)
  }
}

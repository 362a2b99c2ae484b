import Dispatch
import HeadUnit
import Synchronization

extension HeadUnitCommand {
  /// Runs `body` to completion from synchronous code, blocking the calling thread; nil
  /// when `timeout` seconds pass first (the body's task is then cancelled, which stops
  /// the source it iterates).
  ///
  /// The command line runs commands synchronously; the sources are async streams. Must
  /// not be called from an async context.
  public static func block(
    timeout: Double? = nil, _ body: @escaping @Sendable () async -> Status
  ) -> Status? {
    final class Outcome: Sendable {
      let status = Mutex<Status?>(nil)
      let done = DispatchSemaphore(value: 0)
    }
    let outcome = Outcome()
    let task = Task {
      let status = await body()
      outcome.status.withLock { $0 = status }
      outcome.done.signal()
    }
    if let timeout {
      if outcome.done.wait(timeout: .now() + timeout) == .timedOut {
        task.cancel()
        return nil
      }
    } else {
      outcome.done.wait()
    }
    return outcome.status.withLock { $0 }
  }
}

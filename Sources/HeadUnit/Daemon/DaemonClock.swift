import Foundation

/// The daemon's clock: the instant handed to the core with each event, and the waits of the
/// core's timers. The car runs on `SystemClock`; a test may give the daemon a clock of its
/// own (one that runs faster, or starts at a chosen date).
///
/// Contract: `now` never runs backwards within a wait; `sleep(until:)` returns at or after
/// `instant` (at once when it is past), or early when the task is cancelled.
public protocol DaemonClock: Sendable {
  var now: Date { get }
  func sleep(until instant: Date) async
}

/// The system's wall clock, as the car's daemon uses it.
public struct SystemClock: DaemonClock {
  public init() {}

  public var now: Date { Date() }

  public func sleep(until instant: Date) async {
    let delay = instant.timeIntervalSinceNow
    if delay > 0 { try? await Task.sleep(for: .seconds(delay)) }
  }
}

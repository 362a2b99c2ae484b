import Foundation
import Synchronization

/// The daemon's clock: the instant handed to the core with each event, and the waits of the
/// core's timers. The car runs on `SteadyClock` over the system's wall clock; a test gives
/// it a wall clock of its own.
///
/// Contract: `now` never runs backwards; `sleep(until:)` returns at or after `instant` as
/// `now` tells it (at once when it is past), or early when the task is cancelled.
public protocol DaemonClock: Sendable {
  var now: Date { get }
  func sleep(until instant: Date) async
}

/// A wall clock that follows the system's forward, and never goes back.
///
/// A Pi has no battery clock: it starts on the time saved at the last shutdown and is set
/// right by GPS or the network, often by hours, and sometimes back. The core compares
/// instants (the last save, a fix's age, a timer's due time), so time going back would
/// stop saves and timers for as long as it jumped. When the wall clock jumps back, this one
/// carries on from where it was (the jump is reported to `jumped`, in seconds) and keeps
/// the difference; forward jumps are followed at once, so the clock on screen is right
/// again as soon as the system's is ahead of it.
public final class SteadyClock: DaemonClock {
  private let wall: @Sendable () -> Date
  private let jumped: @Sendable (TimeInterval) -> Void
  /// What is added to the wall clock, and the last instant told.
  private let state = Mutex<(offset: TimeInterval, last: Date?)>((0, nil))

  /// Jumps back of less than this are the system's own small steps, not reported.
  static let reportedJump: TimeInterval = 1

  public init(
    wall: @escaping @Sendable () -> Date = { Date() },
    jumped: @escaping @Sendable (TimeInterval) -> Void = { _ in }
  ) {
    self.wall = wall
    self.jumped = jumped
  }

  public var now: Date {
    let (instant, jump) = state.withLock { state -> (Date, TimeInterval) in
      let wall = self.wall()
      var instant = wall.addingTimeInterval(state.offset)
      var jump: TimeInterval = 0
      if let last = state.last, instant < last {
        jump = last.timeIntervalSince(instant)
        state.offset += jump
        instant = last
      } else if state.offset > 0, wall > (state.last ?? wall) {
        // The system's clock is ahead of this one again: follow it.
        state.offset = 0
        instant = wall
      }
      state.last = instant
      return (instant, jump)
    }
    if jump >= Self.reportedJump { jumped(jump) }
    return instant
  }

  public func sleep(until instant: Date) async {
    let delay = self.delay(until: instant)
    if delay > 0 { try? await Task.sleep(for: .seconds(delay)) }
  }

  /// How long from `now` until `instant`, in seconds (negative when it is past).
  public func delay(until instant: Date) -> TimeInterval {
    instant.timeIntervalSince(now)
  }
}

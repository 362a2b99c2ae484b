import Foundation
import Navigation

/// A machine on `VirtualClock` that keeps every effect with the second it came at — the
/// one test driver of the machines' tests (session, lifecycle, core), with times in
/// seconds after `origin`. `answer` gives the events a device would send back at once
/// (devices opened); nothing by default.
public struct RecordingClock<Machine: StateMachine> {
  private var clock: VirtualClock<Machine>
  private let answer: (Machine.Effect) -> [Machine.Event]
  /// Every effect so far, with its time in seconds after `origin`.
  public var log: [(t: TimeInterval, effect: Machine.Effect)] = []

  public init(
    _ machine: Machine, origin: Date,
    answer: @escaping (Machine.Effect) -> [Machine.Event] = { _ in [] }
  ) {
    clock = VirtualClock(machine, origin: origin)
    self.answer = answer
  }

  public var machine: Machine { clock.machine }
  public var origin: Date { clock.origin }
  /// The timers pending, with when each is due.
  public var timers: [Machine.Timer: Date] { clock.pendingTimers }

  /// Fires due timers, then delivers `event` at `t` seconds.
  public mutating func send(_ event: Machine.Event, at t: TimeInterval) {
    var log = self.log
    let (origin, answer) = (self.origin, self.answer)
    clock.send(event, at: t) { effect, instant, _ in
      log.append((instant.timeIntervalSince(origin), effect))
      return answer(effect)
    }
    self.log = log
  }

  /// Fires, in order, every timer due at or before `t` seconds.
  public mutating func advance(to t: TimeInterval) {
    var log = self.log
    let (origin, answer) = (self.origin, self.answer)
    clock.advance(to: t) { effect, instant, _ in
      log.append((instant.timeIntervalSince(origin), effect))
      return answer(effect)
    }
    self.log = log
  }

  /// Appends effects the caller made outside the clock (a machine's start-up effects).
  public mutating func note(_ effects: [Machine.Effect], at t: TimeInterval) {
    log += effects.map { (t, $0) }
  }

  /// Effects other than timer changes, in order.
  public var withoutTimers: [Machine.Effect] {
    log.map(\.effect).filter { $0.timerChange == nil }
  }
}

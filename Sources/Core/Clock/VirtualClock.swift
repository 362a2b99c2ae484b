import Foundation

/// Runs a state machine on a virtual clock: keeps the timers it schedules and, before each
/// event, fires every one due at or before the event's instant, earliest first (two due
/// together in the order they were scheduled). Nothing waits, so a 20-minute drive
/// replays in milliseconds, and the same input gives the same effects every time.
///
/// `react` sees every effect with its instant and the machine as it stands after the
/// event that produced it, and may answer with events that follow at the same instant
/// (devices opened, a route computed): they are handled after the rest of that event's
/// effects, in order. This is the one virtual-clock driver: the replay, the demo, the
/// snapshots, the benchmarks and the tests all run their machines through it.
public struct VirtualClock<Machine: StateMachine> {
  /// What to do with one effect; returns the events that follow from it at once.
  public typealias React = (Machine.Effect, Date, Machine) -> [Machine.Event]

  public private(set) var machine: Machine
  /// Instant 0 for the `TimeInterval` forms of `send` and `advance`.
  public let origin: Date
  /// The latest instant an event was handled at.
  public private(set) var now: Date
  /// Pending timers: when each is due, and the order they were scheduled in.
  private var timers: [Machine.Timer: (due: Date, order: Int)] = [:]
  private var scheduled = 0

  public init(_ machine: Machine, origin: Date) {
    self.machine = machine
    self.origin = origin
    now = origin
  }

  /// The timers pending, with when each is due.
  public var pendingTimers: [Machine.Timer: Date] { timers.mapValues(\.due) }

  /// Changes the machine between events (a test's setup); its timers stay as they are.
  public mutating func modify(_ change: (inout Machine) -> Void) {
    change(&machine)
  }

  /// Fires the timers due by `instant`, then hands `event` to the machine at `instant`.
  public mutating func send(
    _ event: Machine.Event, at instant: Date, react: React = { _, _, _ in [] }
  ) {
    advance(to: instant, react: react)
    deliver(event, at: instant, react: react)
  }

  /// `send(_:at:react:)` at `t` seconds after `origin`.
  public mutating func send(
    _ event: Machine.Event, at t: TimeInterval, react: React = { _, _, _ in [] }
  ) {
    send(event, at: origin.addingTimeInterval(t), react: react)
  }

  /// Fires, earliest first, every timer due at or before `instant`.
  public mutating func advance(to instant: Date, react: React = { _, _, _ in [] }) {
    while let next = timers.filter({ $0.value.due <= instant }).min(by: {
      ($0.value.due, $0.value.order) < ($1.value.due, $1.value.order)
    }) {
      timers[next.key] = nil
      deliver(Machine.fired(next.key), at: next.value.due, react: react)
    }
  }

  /// `advance(to:react:)` at `t` seconds after `origin`.
  public mutating func advance(to t: TimeInterval, react: React = { _, _, _ in [] }) {
    advance(to: origin.addingTimeInterval(t), react: react)
  }

  private mutating func deliver(_ event: Machine.Event, at instant: Date, react: React) {
    now = max(now, instant)
    var queue = [event]
    while !queue.isEmpty {
      let next = queue.removeFirst()
      let effects = machine.handle(next, at: instant)
      for effect in effects {
        switch Machine.timerChange(in: effect) {
        case .schedule(let timer, let due)?:
          scheduled += 1
          timers[timer] = (due, scheduled)
        case .cancel(let timer)?:
          timers[timer] = nil
        case nil:
          break
        }
      }
      // Effects are seen after the whole event, so `react` sees the machine as it is then.
      for effect in effects {
        queue += react(effect, instant, machine)
      }
    }
  }
}

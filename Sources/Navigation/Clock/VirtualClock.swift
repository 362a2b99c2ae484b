import Foundation

/// Runs a state machine on a virtual clock: keeps the timers it schedules and, before each
/// event, fires every one due at or before the event's instant, earliest first (two due
/// together in the order they were scheduled). Nothing waits, so a 20-minute drive
/// replays in milliseconds, and the same input gives the same effects every time.
///
/// `react` sees every effect with its instant (and, when it asks, the machine as it stands
/// after the event that produced it), and may answer with events that follow at the same instant
/// (devices opened, a route computed): they are handled after the rest of that event's
/// effects, in order. This is the one virtual-clock driver: the replay, the demo, the
/// snapshots, the benchmarks and the tests all run their machines through it.
@frozen public struct VirtualClock<Machine: StateMachine> {
  /// What to do with one effect; returns the events that follow from it at once. The
  /// third argument gives the machine as it stands after the event, for the few who look
  /// (a copy of a whole core per effect would cost more than the event itself).
  public typealias React = (Machine.Effect, Date, () -> Machine) -> [Machine.Event]

  /// The machine as it stands after the last event.
  @inlinable public var machine: Machine { state }
  @usableFromInline var state: Machine
  /// Instant 0 for the `TimeInterval` forms of `send` and `advance`.
  public let origin: Date
  /// The latest instant an event was handled at.
  @inlinable public var now: Date { latest }
  @usableFromInline var latest: Date
  /// Pending timers: when each is due, and the order they were scheduled in.
  @usableFromInline var timers: [Machine.Timer: Pending] = [:]
  @usableFromInline var scheduled = 0

  /// A pending timer: when it is due, and its place in the order of scheduling.
  @frozen public struct Pending {
    public var due: Date
    public var order: Int

    @inlinable init(due: Date, order: Int) {
      self.due = due
      self.order = order
    }

    /// Fires before `other`: earlier, or as early and scheduled first.
    @inlinable func precedes(_ other: Pending) -> Bool {
      due < other.due || (due == other.due && order < other.order)
    }
  }

  @inlinable public init(_ machine: Machine, origin: Date) {
    state = machine
    self.origin = origin
    latest = origin
  }

  /// The timers pending, with when each is due.
  @inlinable
  public var pendingTimers: [Machine.Timer: Date] { timers.mapValues(\.due) }

  /// Fires the timers due by `instant`, then hands `event` to the machine at `instant`.
  @inlinable
  public mutating func send(
    _ event: Machine.Event, at instant: Date, react: React = { _, _, _ in [] }
  ) {
    advance(to: instant, react: react)
    deliver(event, at: instant, react: react)
  }

  /// `send(_:at:react:)` at `t` seconds after `origin`.
  @inlinable
  public mutating func send(
    _ event: Machine.Event, at t: TimeInterval, react: React = { _, _, _ in [] }
  ) {
    send(event, at: origin.addingTimeInterval(t), react: react)
  }

  /// Fires, earliest first, every timer due at or before `instant`.
  @inlinable
  public mutating func advance(to instant: Date, react: React = { _, _, _ in [] }) {
    while let (timer, due) = nextDue(by: instant) {
      timers[timer] = nil
      deliver(.timer(timer), at: due, react: react)
    }
  }

  /// The earliest timer due by `instant` (the first scheduled of those due together).
  @inlinable func nextDue(by instant: Date) -> (Machine.Timer, Date)? {
    var best: Machine.Timer?
    var bestEntry = Pending(due: instant, order: .max)
    for (timer, entry) in timers where entry.due <= instant && entry.precedes(bestEntry) {
      best = timer
      bestEntry = entry
    }
    return best.map { ($0, bestEntry.due) }
  }

  /// `advance(to:react:)` at `t` seconds after `origin`.
  @inlinable
  public mutating func advance(to t: TimeInterval, react: React = { _, _, _ in [] }) {
    advance(to: origin.addingTimeInterval(t), react: react)
  }

  @inlinable mutating func deliver(_ event: Machine.Event, at instant: Date, react: React) {
    latest = max(latest, instant)
    // Most events lead to no other: the queue is only made for those that do.
    var queue: [Machine.Event] = []
    var handled = 0
    var next: Machine.Event? = event
    while let current = next {
      defer {
        next = handled < queue.count ? queue[handled] : nil
        handled += 1
      }
      for effect in state.handle(current, at: instant) {
        switch effect.timerChange {
        case .schedule(let timer, let due)?:
          scheduled += 1
          timers[timer] = Pending(due: due, order: scheduled)
        case .cancel(let timer)?:
          timers[timer] = nil
        case nil:
          break
        }
        // The machine has handled the whole event: `react` sees it as it is after.
        queue += react(effect, instant) { state }
      }
    }
  }
}

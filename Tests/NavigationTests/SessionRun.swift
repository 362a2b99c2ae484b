import Foundation
import Geo
import Navigation

/// A session fed as its owner feeds it: events at whole seconds after `t0`, and the timers
/// it schedules fired when they fall due.
struct SessionRun {
  var driver: Driver
  /// When each scheduled timer is due, seconds after `t0`.
  private var timers: [SessionTimer: Double] = [:]
  /// Every effect, with the second it came at.
  private(set) var log: [(t: Double, effect: NavigationSession.Effect)] = []

  /// A session previewing a trip along `route`.
  init(route: Route, router: Bool = false) throws {
    driver = try Driver(router: router)
    send(.preview(Trip(route: route)), at: 0)
  }

  var session: NavigationSession { driver.session }

  /// Fires the timers due by `seconds`, then hands the session `event`.
  mutating func send(_ event: NavigationSession.Event, at seconds: Double) {
    fireTimers(through: seconds)
    record(driver.send(event, at: seconds), at: seconds)
  }

  /// One second after another: `fix(t)` when the receiver has a position at `t`, nothing
  /// (only the timers) when it returns nil.
  mutating func drive(_ seconds: ClosedRange<Int>, _ fix: (Double) -> Fix?) {
    for second in seconds {
      let t = Double(second)
      if let fix = fix(t) { send(.fix(fix), at: t) } else { fireTimers(through: t) }
    }
  }

  /// Starts guidance with the car standing at `fix`.
  mutating func start(at fix: Fix) {
    send(.fix(fix), at: 0)
    send(.start, at: 0)
  }

  var offRouteTimes: [Double] {
    log.compactMap { if case .offRoute = $0.effect { $0.t } else { nil } }
  }
  var arrivedTimes: [Double] { log.filter { $0.effect == .arrived }.map(\.t) }
  /// The offsets published while guiding, with their times and quality.
  var progress: [(t: Double, offset: Double, quality: PositionQuality)] {
    log.compactMap { entry in entry.effect.update.map { (entry.t, $0.offset, $0.quality) } }
  }
  /// When the session entered `state`.
  func times(_ state: NavigationSession.State) -> [Double] {
    log.filter { $0.effect == .stateChanged(state) }.map(\.t)
  }

  private mutating func fireTimers(through seconds: Double) {
    while let (timer, due) = timers.filter({ $0.value <= seconds }).min(by: { $0.value < $1.value })
    {
      timers[timer] = nil
      record(driver.send(.timer(timer), at: due), at: due)
    }
  }

  private mutating func record(_ effects: [NavigationSession.Effect], at seconds: Double) {
    for effect in effects {
      log.append((seconds, effect))
      switch effect {
      case .timer(.schedule(let timer, let at)):
        timers[timer] = at.timeIntervalSince(SessionFixtures.t0)
      case .timer(.cancel(let timer)): timers[timer] = nil
      default: break
      }
    }
  }
}

import Foundation
import Geo
import MachineTestSupport
import Navigation

/// A session fed as its owner feeds it: events at whole seconds after `t0`, and the timers
/// it schedules fired when they fall due.
struct SessionRun {
  private var clock: RecordingClock<NavigationSession>
  /// Every effect, with the second it came at.
  var log: [(t: Double, effect: NavigationSession.Effect)] { clock.log }

  /// A session previewing a trip along `route`.
  init(route: Route, router: Bool = false) throws {
    clock = RecordingClock(try Driver(router: router).session, origin: SessionFixtures.t0)
    send(.preview(Trip(route: route)), at: 0)
  }

  var session: NavigationSession { clock.machine }

  /// Fires the timers due by `seconds`, then hands the session `event`.
  mutating func send(_ event: NavigationSession.Event, at seconds: Double) {
    clock.send(event, at: seconds)
  }

  /// One second after another: `fix(t)` when the receiver has a position at `t`, nothing
  /// (only the timers) when it returns nil.
  mutating func drive(_ seconds: ClosedRange<Int>, _ fix: (Double) -> Fix?) {
    for second in seconds {
      let t = Double(second)
      if let fix = fix(t) { send(.fix(fix), at: t) } else { clock.advance(to: t) }
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
}

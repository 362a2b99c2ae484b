import Board
import Core
import Foundation
import HeadUnit
import Navigation

/// The replay's set of devices: no sources (the replay hands the daemon its fixes),
/// prompts kept as the cues the player was given (for the demo's mixdown), the trip and
/// places kept in memory, routes answered at once by the replay's router, and frames kept
/// by `display` when there is one.
final class ReplayDevices: DaemonDevices {
  /// What the prompt player was told, and when.
  final class Prompts: PromptSink {
    enum Cue: Equatable {
      case speak(Announcement)
      case maneuverChanged(next: Int)
      case muted(Bool)
    }

    /// The instant of the effect being carried out; the replay sets it.
    var now = Date(timeIntervalSince1970: 0)
    private(set) var cues: [(at: Date, cue: Cue)] = []

    func speak(_ announcement: Announcement) { cues.append((now, .speak(announcement))) }
    func maneuverChanged(next: Int) { cues.append((now, .maneuverChanged(next: next))) }
    func setMuted(_ muted: Bool) { cues.append((now, .muted(muted))) }
    /// Not kept: the replay runs with the chime off (its default), and the demo's mixdown
    /// holds the voice only.
    func chime() {}
  }

  /// The saves, in order.
  final class Store: StateStore {
    private(set) var trips: [TripSnapshot] = []
    private(set) var places: [PlaceLists] = []
    private(set) var cleared = 0

    func save(_ trip: TripSnapshot) { trips.append(trip) }
    func clearTrip() { cleared += 1 }
    func save(_ places: PlaceLists) { self.places.append(places) }
  }

  /// The replay's router, answering at the instant it is asked; `answered` sees each
  /// request with its answer.
  final class Router: RouteService {
    private let answer: Replay.Router
    var answered: (RouteRequest, [HeadUnitCore.Event]) -> Void = { _, _ in }

    init(_ answer: @escaping Replay.Router) {
      self.answer = answer
    }

    func route(_ request: RouteRequest) -> [HeadUnitCore.Event]? {
      let events: [HeadUnitCore.Event] =
        switch answer(request) {
        case .routeComputed(let route): [.routeComputed(route)]
        case .routeFailed(let reason): [.routeFailed(reason)]
        default: [.routeFailed("the router gave no route")]
        }
      answered(request, events)
      return events
    }
  }

  let prompts = Prompts()
  let saves = Store()
  let router: Router?
  private(set) var display: (any Display)?
  var store: any StateStore { saves }
  let fleetQueue: any FleetQueueStore = FleetQueueMemory()

  init(router: Replay.Router?, display: (any Display)? = nil) {
    self.router = router.map { Router($0) }
    self.display = display
  }

  func loadState() -> (PlaceLists, TripSnapshot?) { (PlaceLists(), nil) }
  func acquire(language: String, muted: Bool) -> (any PromptSink)? { prompts }
  func release(stopping: Bool) {}
  func reload(_ configuration: DaemonConfiguration) {}
}

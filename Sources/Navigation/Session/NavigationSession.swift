import Foundation
import Geo

/// The navigation session: trip preview, guidance along a route, pauses, arrival.
///
/// A pure state machine modelled on CarPlay's `CPNavigationSession` and the turn-by-turn
/// feed's nav state. The owner feeds it events with the instant they happen and carries
/// out the effects it returns; it never reads a clock or touches a device, so a recorded
/// drive replays through it deterministically. Events that make no sense in the current
/// state come back as `.rejected` effects, never as a crash.
///
///     idle ─preview→ previewing ─start→ navigating ⇄ paused(loading, locating,
///          rerouting, proceedToRoute) ─→ arrived ─finish→ finished
///     (cancel from previewing, navigating, paused or arrived → cancelled)
public struct NavigationSession: Sendable {
  /// Where the session is.
  public enum State: Sendable, Equatable, CustomStringConvertible {
    case idle
    /// A trip is offered; `selected` is the highlighted route choice.
    case previewing(selected: Int)
    case navigating
    case paused(PauseReason)
    case arrived
    case finished
    case cancelled

    public var description: String {
      switch self {
      case .idle: "idle"
      case .previewing: "previewing"
      case .navigating: "navigating"
      case .paused: "paused"
      case .arrived: "arrived"
      case .finished: "finished"
      case .cancelled: "cancelled"
      }
    }

    /// Whether a trip is under way (guiding or paused).
    public var isActive: Bool {
      switch self {
      case .navigating, .paused: true
      default: false
      }
    }
  }

  /// Something that happened, for the session to react to.
  public enum Event: Sendable, Equatable, TimerEvent {
    /// Offer a trip; at most `Trip.maximumRouteChoices` choices are kept.
    case preview(Trip)
    case selectRouteChoice(Int)
    /// Start guidance on the selected route choice.
    case start
    /// A report from the GPS receiver, with or without a position.
    case fix(Fix)
    case timer(SessionTimer)
    /// The route asked for with `.requestRoute` is ready.
    case routeComputed(Route)
    /// The route asked for could not be computed.
    case routeFailed(String)
    /// The driver ends the trip (after arrival or before).
    case finish
    /// The driver or the system abandons the trip.
    case cancel
    /// The driver changed the route options: the trip keeps off these kinds of road from
    /// now on; during guidance with a router, a route with them is asked for at once.
    case avoid(AvoidableRoads)
  }

  /// Something for the owner to do or show.
  public enum Effect: Sendable, Equatable, TimerEffect {
    case stateChanged(State)
    /// The next maneuver is now step `index`.
    case maneuverChanged(index: Int, instruction: String)
    case announce(Announcement)
    case publish(GuidanceUpdate)
    case timer(TimerChange<SessionTimer>)
    case requestRoute(RouteRequest)
    case offRoute(Coordinate)
    case gpsLost
    case gpsRestored
    case arrived
    case rejected(SessionRejection)

    public var timerChange: TimerChange<SessionTimer>? {
      if case .timer(let change) = self { change } else { nil }
    }
  }

  /// Tunables, with the defaults the recorded drives were checked against.
  public struct Configuration: Sendable {
    /// A fix older than this counts as lost.
    public var fixTimeout: Duration = .seconds(2)
    /// How long to dead-reckon along the route before pausing with `locating`.
    public var deadReckoningLimit: Duration = .seconds(30)
    /// Whether a router answers `.requestRoute`; without one, leaving the route pauses with
    /// `proceedToRoute` instead of `rerouting`.
    public var hasRouter = false
    /// Arrival when this close (m) to the destination along the route.
    /// Each arrival rule must hold for 2 fixes in a row.
    public var arrivalDistance = 8.0
    /// Arrival when this close (m) and stopped.
    public var arrivalStopDistance = 25.0
    /// Below this speed (m/s) the vehicle counts as stopped.
    public var arrivalStopSpeed = 1.0
    /// Arrival while off the route when stopped this close (m) to the destination; driving
    /// by, however close, is not arriving.
    public var arrivalOffRouteDistance = 20.0
    /// Minimum time between two `.publish` effects.
    public var publishInterval: Duration = .seconds(1)
    public init() {}
  }

  public internal(set) var state: State = .idle
  public internal(set) var trip: Trip?
  public let configuration: Configuration
  public let phrases: Phrasebook

  var guidance: GuidanceRoute?
  var planner: AnnouncementPlanner?
  var matcher = RouteMatcher()
  var offRoute = OffRouteDetector()
  var rejoin = 0
  var lastGoodFix: Fix?
  /// When the last good fix arrived (the session's clock, not the receiver's).
  var lastGoodAt: Date?
  var pendingRequest: RouteRequest.Reason?
  /// Offset along the route of the last good fix, and of the estimate after it.
  var offset: Double?
  var estimatedOffset: Double?
  /// When `offset` was last set from a fix, and the speed then (m/s).
  var offsetTime: Date?
  var offsetSpeed = 0.0
  var speed = 0.0
  var gpsLostAt: Date?
  var nextManeuver: Int?
  var lastPublish: Date?
  var arrivalFixes = 0

  public init(phrases: Phrasebook, configuration: Configuration = Configuration()) {
    self.phrases = phrases
    self.configuration = configuration
  }

  /// The route being guided, once the session has one.
  public var route: Route? { guidance?.route }
}

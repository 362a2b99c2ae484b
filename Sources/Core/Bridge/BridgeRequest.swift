import Navigation
import Templates

/// What a bridge client asks of the head unit, decoded and checked for shape (the
/// interface controller checks the template rules when it carries the request out).
///
/// See `docs/bridge.md` for the wire form of each case.
public enum BridgeRequest: Sendable, Equatable {
  /// Opens the conversation: the protocol version the client speaks, its name, and its
  /// category (navigation unless it says otherwise), which decides its templates.
  case hello(version: Int, app: String, category: AppCategory = .navigation)
  /// The client is alive. No reply.
  case heartbeat
  /// The client is leaving; the connection closes after the reply.
  case goodbye
  /// Replaces the stack (a map or a tab bar) and takes the screen.
  case setRootTemplate(Template)
  case pushTemplate(Template)
  case popTemplate
  case popToRootTemplate
  case popToTemplate(String)
  case presentTemplate(Template)
  case dismissTemplate
  /// Replaces a template on the stack (same id, same kind).
  case updateTemplate(Template)
  case showTripPreviews(TripPreview)
  case hideTripPreviews
  case presentNavigationAlert(NavigationAlert)
  case dismissNavigationAlert
  case setPanning(Bool)
  /// Starts an app-driven navigation session for a trip of the previews shown.
  case startNavigation(tripID: String, routeChoice: Int)
  case updateManeuvers([BridgeManeuver])
  /// New estimates for the trip and, optionally, for the next maneuver.
  case updateEstimates(trip: BridgeEstimates, maneuver: BridgeEstimates?)
  case pauseNavigation(PauseReason, description: String?)
  case resumeNavigation
  case finishNavigation
  case cancelNavigation
  /// What the shared Now Playing screen shows (audio apps): kept, and shown at once when
  /// the screen is on the app's stack; with the artwork sent or named (the core keeps it
  /// and names it in the template's `artworkID`).
  case updateNowPlaying(NowPlayingTemplate, artwork: BridgeArtwork? = nil)
  /// Pushes the shared Now Playing screen with what the app last gave (audio apps).
  case showNowPlaying
  /// Announces an incoming message over the built-in map (communication apps), held while
  /// a maneuver is near.
  case showMessageAlert(MessageAlert)
  /// Hands a destination to the built-in app and its router: a preview, or guidance at
  /// once with `start`; with `avoid`, the trip keeps off those kinds of road instead of
  /// the driver's route options.
  case navigateTo(Place, start: Bool, avoid: AvoidableRoads? = nil)
  /// Hands the built-in app what the search finds first for `query` ("Fabianinkatu 17"),
  /// as `navigateTo` does a place.
  case navigateToQuery(String, start: Bool, avoid: AvoidableRoads? = nil)

  /// The longest `navigateTo` query taken, in characters.
  public static let maximumQueryLength = 200

  /// The wire `type` of each request, in the order `docs/bridge.md` lists them.
  public static let types = [
    "hello", "heartbeat", "goodbye", "setRootTemplate", "pushTemplate", "popTemplate",
    "popToRootTemplate", "popToTemplate", "presentTemplate", "dismissTemplate",
    "updateTemplate", "showTripPreviews", "hideTripPreviews", "presentNavigationAlert",
    "dismissNavigationAlert", "setPanning", "startNavigation", "updateManeuvers",
    "updateEstimates", "pauseNavigation", "resumeNavigation", "finishNavigation",
    "cancelNavigation", "navigateTo", "updateNowPlaying", "showNowPlaying",
    "showMessageAlert",
  ]
}

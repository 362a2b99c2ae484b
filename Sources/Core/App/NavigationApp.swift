import Foundation
import Geo
import Navigation
import Templates

/// The built-in navigation app: the map with the vehicle at the root, a Destinations
/// button opening Favourites, Recents, Nearby and Search; a chosen place previews its
/// route choices on the map; Start hands the trip to the navigation session; the
/// guidance buttons mute, show the overview, recentre and end the trip (after a
/// confirming alert); arrival shows a navigation alert and brings back the bare map.
///
/// A pure state machine on top of `InterfaceController`: the app's own template
/// requests go straight to the controller it owns, and the controller's effects come
/// back here first — completions and choices are consumed, the rest (redraws, timers,
/// camera, mute) pass out as `.interface`. No I/O: routes come from a `RouteProvider`,
/// persistence leaves as `.persist`, the session is driven by `.session` effects and
/// answers with `Event.session`. One owner calls `handle`.
public struct NavigationApp: Sendable {
  /// What the app is doing.
  public enum Phase: Hashable, Sendable {
    /// The map, with destinations a press away.
    case browsing
    /// Route choices to `place` are on the map.
    case previewing(Place)
    /// Guidance to `place` runs.
    case navigating(Place)

    /// True while guidance runs.
    public var isNavigating: Bool {
      if case .navigating = self { true } else { false }
    }
  }

  /// Something that happened, for the app to react to.
  public enum Event: Sendable, Equatable {
    /// Puts the map at the root. First event.
    case launch
    /// Driver input, timers and vehicle speed for the interface controller.
    case interface(UIEvent)
    /// Favourites and recents loaded from storage.
    case restore(PlaceLists)
    /// The vehicle's latest position, the origin of the next trip.
    case position(Coordinate)
    /// What the navigation session reported (its state, maneuvers, prompts, arrival; not
    /// its timers or the update it publishes with every fix).
    case session(NavigationSession.Effect)
    /// Continues a saved trip to `place` on route choice `choice` of `trip`, straight into
    /// guidance (after a restart).
    case resume(Place, Navigation.Trip, choice: Int)
    /// Ends the trip under way without asking (it is too old to continue).
    case abandonTrip
    /// Tells the driver something over the map for a few seconds (which router answered).
    case notice(title: String, detail: String)
    /// Routes to `place` (a bridge app handed it over): its preview on the bare map, or
    /// guidance on the first route choice at once with `start`; keeping off `avoid` for
    /// this trip when given, else the driver's route options.
    case navigate(Place, start: Bool, avoid: AvoidableRoads? = nil)
    /// Offers `place` from a dispatcher or a bridge app (`from`): its preview on the bare
    /// map, or while guiding an alert asking whether to see it (the trip under way ends
    /// only if the driver says so). Never starts guidance. `avoid`, when given, is the
    /// trip's route options instead of the driver's.
    case offer(Place, from: Offerer = .dispatch, avoid: AvoidableRoads? = nil)
    /// The music source's state, or why it is unavailable.
    case music(MusicUpdate)
    /// The listing asked for with `Effect.listMusic`, or why it could not be read.
    case musicListed(MusicQuery, Result<MusicListing, MusicError>)
    /// Shows someone else's navigation alert (an id with `foreignAlertPrefix`) over the
    /// map; its choices and dismissal pass out as `.interface` effects.
    case showForeignAlert(NavigationAlert)
    /// Takes someone else's navigation alert down at once (to make room, or because a
    /// maneuver is near).
    case withdrawForeignAlert
  }

  /// What the owner carries out, in order.
  public enum Effect: Sendable, Equatable {
    /// An interface effect to carry out (render, schedule, cancel, camera, mute…).
    case interface(UIEffect)
    /// An event for the navigation session.
    case session(NavigationSession.Event)
    /// Store these places.
    case persist(PlaceLists)
    /// Show the whole route.
    case showOverview
    /// A request the app made was refused: a bug in the app's templates.
    case failed(TemplateError)
    /// A command for the music source.
    case music(MusicCommand)
    /// Asks the music source for a listing, answered with `Event.musicListed`.
    case listMusic(MusicQuery)
  }

  public internal(set) var controller: InterfaceController
  public internal(set) var phase = Phase.browsing
  public internal(set) var lists = PlaceLists()
  public let provider: any RouteProvider
  /// The origin of the next trip.
  var position: Coordinate?
  /// The place from a dispatcher (or a bridge app) the driver has not answered yet: its
  /// preview is on the map, or (``asking``) an alert asks whether to see it.
  public internal(set) var offered: Place?
  /// The route options ``offered`` came with; nil for the driver's.
  public internal(set) var offeredAvoid: AvoidableRoads?
  /// Who offered ``offered``: the alert and the preview name them.
  public internal(set) var offerer = Offerer.dispatch
  /// Whether the alert about ``offered`` is on screen.
  public internal(set) var asking = false
  /// The session's trip for the preview on screen.
  public internal(set) var previewTrip: Navigation.Trip?
  /// What the search found for the text typed last.
  var searchResults: [Place] = []
  /// The places of the Nearby category shown last.
  var nearbyPlaces: [Place] = []
  /// The addresses of the street whose numbers are listed.
  var houseNumbers: [Place] = []
  /// The rows of house-number lists that stand for a group of numbers, by row id.
  var numberGroups: [String: (title: String, indices: [Int])] = [:]
  /// The unit's own music source and its screens; nil without one.
  public internal(set) var music: BuiltInMusic?
  /// The roads routes keep off until the driver chooses (`PlaceLists.avoid`).
  public let defaultAvoid: AvoidableRoads
  /// The route options of the trip a bridge app or a dispatcher handed over, instead of
  /// the driver's; nil for the driver's. The driver's own choice on the Route options
  /// screen replaces it.
  var tripAvoid: AvoidableRoads?
  /// The Route options screen is open: leaving it applies the choice.
  var routeOptionsOpen = false
  /// The kinds of road the route being driven uses (the core tells it with each new route).
  public var drivenClasses: AvoidableRoads = []
  var nextRequest = 1
  var outbox: [Effect] = []

  /// With `music`, the map's bar has a Music button for the unit's own music source;
  /// `avoid` is the route options' default.
  public init(
    provider: any RouteProvider,
    configuration: InterfaceConfiguration = InterfaceConfiguration(), music: Bool = false,
    avoid: AvoidableRoads = []
  ) {
    self.provider = provider
    defaultAvoid = avoid
    var configuration = configuration
    configuration.isBuiltIn = true
    self.controller = InterfaceController(configuration: configuration)
    self.music = music ? BuiltInMusic() : nil
  }

  /// Handles one event at `now` and returns what to do, in order.
  public mutating func handle(_ event: Event, at now: Date) -> [Effect] {
    outbox = []
    switch event {
    case .launch:
      let map = browsingMap
      request({ .setRoot($0, .map(map)) }, at: now)
    case .interface(let uiEvent):
      send(uiEvent, at: now)
    case .restore(let restored):
      lists = restored
      refreshPlaceLists(at: now)
    case .position(let coordinate):
      vehicleMoved(to: coordinate)
    case .session(let effect):
      sessionReported(effect, at: now)
    case .abandonTrip:
      finishTrip(with: .cancel, at: now)
    case .notice(let title, let detail):
      let alert = noticeAlert(title: title, detail: detail)
      withdrawForeignAlert(at: now)
      request({ .presentNavigationAlert($0, alert) }, at: now)
    case .navigate(let place, let start, let avoid):
      request({ .popToRoot($0) }, at: now)
      tripAvoid = avoid
      choose(place, at: now)
      if start, case .previewing = phase { startTrip(choiceIndex: 0, at: now) }
    case .offer(let place, let offerer, let avoid):
      offer(place, from: offerer, avoid: avoid, at: now)
    case .music(let update):
      musicChanged(update, at: now)
    case .musicListed(let query, let result):
      musicListed(query, result, at: now)
    case .showForeignAlert(let alert):
      showForeignAlert(alert, at: now)
    case .withdrawForeignAlert:
      withdrawForeignAlert(at: now)
    case .resume(let place, let trip, let choice):
      previewTrip = trip
      phase = .previewing(place)
      startTrip(choiceIndex: choice, at: now)
    }
    defer { outbox = [] }
    return outbox
  }

  /// The vehicle is at `coordinate`, the origin of the next trip. Changes nothing on
  /// screen, so the core tells it with every fix without a whole event.
  public mutating func vehicleMoved(to coordinate: Coordinate) {
    position = coordinate
  }

  /// Makes an app request with the next request id.
  mutating func request(_ make: (RequestID) -> UIEvent, at now: Date) {
    let id = RequestID(nextRequest)
    nextRequest += 1
    send(make(id), at: now)
  }

  /// Hands `event` to the controller and reacts to each effect in order.
  mutating func send(_ event: UIEvent, at now: Date) {
    for effect in controller.handle(event, at: now) {
      react(to: effect, at: now)
    }
    if routeOptionsOpen && !controller.stack.contains(where: { $0.id == ID.routeOptions }) {
      routeOptionsOpen = false
      leftRouteOptions(at: now)
    }
  }
}

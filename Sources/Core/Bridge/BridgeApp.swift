import Foundation
import Navigation
import Templates

/// The bridge app holding the screen: its own interface controller (so every template
/// rule is the controller's), the trip previews it showed and the navigation session it
/// drives. Requests become controller requests and replies; driver input on its templates
/// becomes events for the client.
///
/// A pure state machine with one owner (`HeadUnitCore`). Every request it is given gets
/// exactly one `.send` of a reply or error, possibly later (a navigation alert dismissal
/// held back to the alert's minimum time).
public struct BridgeApp: Sendable {
  /// What the owner carries out, in order.
  public enum Effect: Sendable, Equatable {
    /// A line for this app's client.
    case send(BridgeMessage)
    /// An interface effect for the owner: timers, redraws, mute.
    case interface(UIEffect)
    /// The app started its own navigation session (the owner ends any other).
    case navigationStarted
    /// The driver pressed "Navigate" on the detail of `point` of template `templateID`: the
    /// owner hands it to the built-in router for the driver to confirm.
    case navigateToPoint(templateID: String, PointOfInterest)
  }

  public let client: BridgeClientID
  public internal(set) var controller: InterfaceController
  /// The navigation session the app drives, nil when none runs.
  public internal(set) var navigation: AppNavigation?
  /// What the app last said plays, for the shared Now Playing screen.
  public internal(set) var nowPlaying: NowPlayingTemplate?
  /// The trips last previewed: `startNavigation` names one of them.
  var previewed: TripPreview?
  /// Client request ids of completions the controller has held back.
  var held: [RequestID: BridgeRequestID?] = [:]
  var nextRequest = 1
  var outbox: [Effect] = []

  public init(client: BridgeClientID, configuration: InterfaceConfiguration = .init()) {
    self.client = client
    controller = InterfaceController(configuration: configuration)
  }

  /// Carries out a template or navigation request; `id` is echoed in its reply.
  public mutating func handle(_ request: BridgeRequest, id: BridgeRequestID?, at now: Date)
    -> [Effect]
  {
    outbox = []
    defer { outbox = [] }
    switch request {
    case .setRootTemplate(let t): ask(id, at: now) { .setRoot($0, t) }
    case .pushTemplate(let t): ask(id, at: now) { .push($0, t) }
    case .popTemplate: ask(id, at: now) { .pop($0) }
    case .popToRootTemplate: ask(id, at: now) { .popToRoot($0) }
    case .popToTemplate(let templateID): ask(id, at: now) { .popTo($0, templateID: templateID) }
    case .presentTemplate(let t): ask(id, at: now) { .present($0, t) }
    case .dismissTemplate: ask(id, at: now) { .dismiss($0) }
    case .updateTemplate(let t): ask(id, at: now) { .update($0, t) }
    case .showTripPreviews(let preview):
      if ask(id, at: now, { .showTripPreviews($0, preview) }) { previewed = preview }
    case .hideTripPreviews: ask(id, at: now) { .hideTripPreviews($0) }
    case .presentNavigationAlert(let alert):
      ask(id, at: now) { .presentNavigationAlert($0, alert) }
    case .dismissNavigationAlert: ask(id, at: now) { .dismissNavigationAlert($0) }
    case .setPanning(let on): ask(id, at: now) { .setPanning($0, on) }
    case .updateNowPlaying, .showNowPlaying: play(request, id: id, at: now)
    default: navigate(request, id: id, at: now)
    }
    return outbox
  }

  /// Driver input, a controller timer or the vehicle's speed, for this app's templates.
  public mutating func handle(_ event: UIEvent, at now: Date) -> [Effect] {
    outbox = []
    defer { outbox = [] }
    for effect in controller.handle(event, at: now) { react(to: effect, at: now) }
    return outbox
  }

  /// Ends the app's navigation session because the head unit did (`reason` for the
  /// client); nothing when none runs.
  public mutating func cancelNavigation(reason: String) -> [Effect] {
    guard navigation != nil else { return [] }
    navigation = nil
    return [
      .send(.event(.navigationCancelled(reason: reason))),
      .interface(.render(.stack)),
    ]
  }

  /// Sends `make(requestID)` to the controller; true when it succeeded at once.
  @discardableResult
  private mutating func ask(
    _ id: BridgeRequestID?, at now: Date, _ make: (RequestID) -> UIEvent
  ) -> Bool {
    let request = RequestID(nextRequest)
    nextRequest += 1
    held[request] = id
    var succeeded = false
    for effect in controller.handle(make(request), at: now) {
      if case .completion(request, .success) = effect { succeeded = true }
      react(to: effect, at: now)
    }
    return succeeded
  }

  /// One controller effect: completions become replies, choices become events.
  private mutating func react(to effect: UIEffect, at now: Date) {
    switch effect {
    case .completion(let request, let result):
      guard let id = held.removeValue(forKey: request) else { return }
      switch result {
      case .success: outbox.append(.send(.reply(id)))
      case .failure(let error): outbox.append(.send(.error(id, BridgeError(error))))
      }
    case .selected(let templateID, let elementID):
      selected(elementID, in: templateID, at: now)
    case .tripStarted(let tripID, let choice):
      var summary: String?
      if let trip = previewed?.trips.first(where: { $0.id == tripID }),
        trip.routeChoices.indices.contains(choice)
      {
        summary = trip.routeChoices[choice].summaryVariants.first ?? ""
      }
      outbox.append(
        .send(.event(.tripStarted(tripID: tripID, routeChoice: choice, summary: summary))))
      outbox.append(.interface(.render(.stack)))
    case .previewSelected(let tripID, let choice):
      outbox.append(.send(.event(.routeChoiceSelected(tripID: tripID, routeChoice: choice))))
      outbox.append(.interface(effect))
    case .panned(let direction, let offset):
      outbox.append(
        .send(
          .event(.panned(direction: Self.names(of: direction), dx: offset.dx, dy: offset.dy))))
      outbox.append(.interface(effect))
    case .navigationAlertDismissed(let alertID, let context):
      let name =
        switch context {
        case .timeout: "timeout"
        case .userDismissed: "userDismissed"
        case .systemDismissed: "systemDismissed"
        }
      outbox.append(.send(.event(.alertDismissed(alertID: alertID, context: name))))
      outbox.append(.interface(effect))
    case .nowPlayingSeek(_, let seconds):
      outbox.append(.send(.event(.nowPlayingSeek(seconds: seconds))))
      outbox.append(.interface(effect))
    case .messageSelected(let templateID, let itemID, let conversationID):
      outbox.append(
        .send(
          .event(
            .messageSelected(
              templateID: templateID, itemID: itemID, conversationID: conversationID))))
      outbox.append(.interface(.render(.stack)))
    case .dismissedByUser(let templateID):
      outbox.append(
        .send(.event(.alertDismissed(alertID: templateID, context: "userDismissed"))))
      outbox.append(.interface(effect))
    default:
      outbox.append(.interface(effect))
    }
  }

  /// The driver chose an element: rows and points are items, everything else a button
  /// ("Navigate" on a point's detail is the owner's).
  private mutating func selected(_ elementID: String, in templateID: String, at now: Date) {
    let shown = template(withID: templateID)
    if case .pointOfInterest(let poi)? = shown, let point = poi.detailPoint,
      elementID != point.id, point.detailFocusOrder.contains(elementID)
    {
      if elementID == PointOfInterestTemplate.navigateElementID {
        outbox.append(.navigateToPoint(templateID: templateID, point))
      } else {
        outbox.append(.send(.event(.buttonPressed(templateID: templateID, buttonID: elementID))))
      }
      outbox.append(.interface(.render(.stack)))
      return
    }
    switch shown?.kind {
    case .list?, .pointOfInterest?, .search?:
      outbox.append(.send(.event(.itemSelected(templateID: templateID, itemID: elementID))))
      // The row's handler is the client's event: the row stops loading at once.
      for effect in controller.handle(.itemHandled(elementID), at: now) {
        react(to: effect, at: now)
      }
    default:
      outbox.append(
        .send(.event(.buttonPressed(templateID: templateID, buttonID: elementID))))
    }
    outbox.append(.interface(.render(.stack)))
  }

  /// The template with `id` on screen (stack, tabs or presented); nil for other ids (a
  /// navigation alert's).
  private func template(withID id: String) -> Template? {
    if let shown = controller.presented, shown.id == id { return shown }
    for template in controller.stack {
      if template.id == id { return template }
      if case .tabBar(let bar) = template, let tab = bar.tabs.first(where: { $0.id == id }) {
        return tab
      }
    }
    return nil
  }

  /// Sends `make(requestID)` to the controller for the app's own sake: no reply goes out.
  private mutating func quietly(at now: Date, _ make: (RequestID) -> UIEvent) {
    let request = RequestID(nextRequest)
    nextRequest += 1
    for effect in controller.handle(make(request), at: now) { react(to: effect, at: now) }
  }

  /// The Now Playing requests (of audio apps only): keep what plays and show it where the
  /// shared screen is on the stack; push the shared screen.
  private mutating func play(_ request: BridgeRequest, id: BridgeRequestID?, at now: Date) {
    let category = controller.configuration.category
    guard category == .audio else {
      fail(
        id, BridgeError.Code.invalidRequest,
        "\(category.appPhrase) has no Now Playing: only audio apps update and show it")
      return
    }
    switch request {
    case .updateNowPlaying(var playing, _):
      nowPlaying = playing
      if case .nowPlaying(let shown)? = controller.stack.first(where: { $0.kind == .nowPlaying }) {
        // The driver's scrubbing is the unit's, not the app's: it goes on across updates.
        playing.isScrubbing = shown.isScrubbing
        ask(id, at: now) { .update($0, .nowPlaying(playing)) }
      } else {
        outbox.append(.send(.reply(id)))
      }
    default:
      let playing = nowPlaying ?? NowPlayingTemplate.empty
      ask(id, at: now) { .push($0, .nowPlaying(playing)) }
    }
  }

  /// The navigation requests (of navigation apps only).
  private mutating func navigate(_ request: BridgeRequest, id: BridgeRequestID?, at now: Date) {
    let category = controller.configuration.category
    guard category == .navigation else {
      fail(
        id, BridgeError.Code.noNavigation,
        "\(category.appPhrase) has no navigation session: only navigation apps navigate "
          + "(hand a destination to the built-in app with navigateTo)")
      return
    }
    if case .startNavigation(let tripID, let choice) = request {
      guard let trip = previewed?.trips.first(where: { $0.id == tripID }) else {
        let known = previewed?.trips.map { "\"\($0.id)\"" }.joined(separator: ", ") ?? ""
        fail(
          id, BridgeError.Code.invalidRequest,
          "no trip \"\(tripID)\" was previewed"
            + (known.isEmpty ? " (show trip previews first)" : " (previewed: \(known))"),
          path: "$.tripId")
        return
      }
      guard trip.routeChoices.indices.contains(choice) else {
        fail(
          id, BridgeError.Code.invalidRequest,
          "trip \"\(tripID)\" has \(trip.routeChoices.count) route choices (0–"
            + "\(trip.routeChoices.count - 1)), got \(choice)", path: "$.routeChoice")
        return
      }
      if controller.map?.tripPreview != nil { quietly(at: now) { .hideTripPreviews($0) } }
      navigation = AppNavigation(trip: trip, routeChoice: choice)
      outbox += [.navigationStarted, .send(.reply(id)), .interface(.render(.stack))]
      return
    }
    guard var session = navigation else {
      fail(
        id, BridgeError.Code.noNavigation,
        "no navigation session is running (start one with startNavigation)")
      return
    }
    switch request {
    case .updateManeuvers(let maneuvers):
      session.maneuvers = maneuvers
      session.maneuverEstimates = nil
    case .updateEstimates(let trip, let maneuver):
      session.tripEstimates = trip
      session.maneuverEstimates = maneuver
    case .pauseNavigation(let reason, let description):
      session.pause = reason
      session.pauseDescription = description
    case .resumeNavigation:
      session.pause = nil
      session.pauseDescription = nil
    case .finishNavigation, .cancelNavigation:
      navigation = nil
      outbox += [.send(.reply(id)), .interface(.render(.stack))]
      return
    default:
      fail(id, BridgeError.Code.invalidRequest, "not a request for the app on screen")
      return
    }
    navigation = session
    outbox += [.send(.reply(id)), .interface(.render(.stack))]
  }

  private mutating func fail(
    _ id: BridgeRequestID?, _ code: String, _ message: String, path: String? = nil
  ) {
    outbox.append(.send(.error(id, BridgeError(code: code, message: message, path: path))))
  }

  /// "left", "up" … for each flag of `direction`.
  static func names(of direction: PanDirection) -> [String] {
    [(PanDirection.left, "left"), (.right, "right"), (.up, "up"), (.down, "down")]
      .filter { direction.contains($0.0) }.map(\.1)
  }
}

import Foundation
import Templates

extension HeadUnitCore {
  /// "Navigate" on a point's detail: the point goes to the built-in app as a fleet
  /// dispatch does — its trip preview, whose Start is the driver's confirmation, or while
  /// a trip is under way the question whether to see it — and the built-in app takes the
  /// screen. The app hears `requested` at once; `declined` (`noRoute`) when there is no
  /// route, and then its screen stays; later `started` or `declined`
  /// (``settlePointNavigation()``).
  mutating func navigate(
    to point: PointOfInterest, of templateID: String, for client: BridgeClientID, at now: Date
  ) {
    send(point: point.id, of: templateID, to: client, "requested")
    declinePointNavigation(reason: "replaced")
    replacePendingDispatch()
    // Shown under the point's title, routed as the place the unit knows there.
    var place = knownPlace(
      for: Place(
        id: "bridge.\(Place.slug(point.title))", name: point.title, coordinate: point.coordinate,
        category: nil))
    place.name = point.title
    let name = bridge.clients[client]?.app ?? ""
    app(.offer(place, from: .app(name.isEmpty ? "\(client)" : name)), at: now)
    guard app.offered == place else {
      send(point: point.id, of: templateID, to: client, "declined", reason: "noRoute")
      effects.append(.log(.notice, "bridge: \(client) asks to navigate to \(place.name): no route"))
      return
    }
    if bridge.screen?.client == client {
      carryOut(bridge.screen!.cancelNavigation(reason: "builtInNavigation"), for: client, at: now)
      bridge.screen = nil
    }
    bridge.pointNavigation = PointNavigation(
      client: client, templateID: templateID, pointID: point.id, place: place)
    effects.append(
      .log(.notice, "bridge: \(client) asks to navigate to \(place.name); shown to the driver"))
    effects.append(.redraw)
  }

  /// After every event: the driver's answer to the point on screen, if they gave one —
  /// guidance started (`started`), or its preview or question gone (`declined`, reason
  /// `driver`, or `replaced` by another destination).
  mutating func settlePointNavigation() {
    guard let pending = bridge.pointNavigation,
      let outcome = offerOutcome(of: pending.place)
    else { return }
    bridge.pointNavigation = nil
    switch outcome {
    case .accepted:
      effects.append(.log(.notice, "bridge: the driver navigates to \(pending.place.name)"))
      send(point: pending.pointID, of: pending.templateID, to: pending.client, "started")
    case .declined(let byDriver):
      effects.append(.log(.notice, "bridge: the driver declined \(pending.place.name)"))
      send(
        point: pending.pointID, of: pending.templateID, to: pending.client, "declined",
        reason: byDriver ? "driver" : "replaced")
    }
  }

  /// Another destination takes the place of the point waiting for the driver: its app
  /// hears `declined` with `reason`.
  mutating func declinePointNavigation(reason: String) {
    guard let pending = bridge.pointNavigation else { return }
    bridge.pointNavigation = nil
    send(
      point: pending.pointID, of: pending.templateID, to: pending.client, "declined", reason: reason
    )
  }

  /// A `pointNavigation` event, for a client still connected.
  private mutating func send(
    point: String, of templateID: String, to client: BridgeClientID, _ state: String,
    reason: String? = nil
  ) {
    guard bridge.clients[client] != nil else { return }
    effects.append(
      .bridge(
        .send(
          client,
          .event(
            .pointNavigation(templateID: templateID, pointID: point, state: state, reason: reason))
        )))
  }
}

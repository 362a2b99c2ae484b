import Foundation
import Geo

extension HeadUnitCore {
  /// Offers a dispatcher's destination to the driver: its trip preview on the map, or
  /// while guiding an alert asking whether to see it. Replies `shown`, or `unavailable`
  /// with why when there is nothing to show; a dispatch still waiting for the driver is
  /// `declined` (replaced).
  mutating func dispatch(_ dispatch: FleetDispatch, at now: Date) {
    let name = dispatch.place.name
    if let expires = dispatch.expires, now >= expires {
      let when = FleetReport.timestamp(expires)
      effects.append(
        .log(.notice, "fleet: destination from dispatch: \(name): expired at \(when); not shown"))
      reply(dispatch, .expired, "expired at \(when); not shown")
      return
    }
    if let screen = bridge.screen {
      reply(
        dispatch, .unavailable,
        "\(screen.client) on the app bridge holds the screen; send it again later")
      return
    }
    replacePendingDispatch()
    declinePointNavigation(reason: "replaced")
    // Shown under the dispatcher's name, routed as the place the app knows there.
    var place = knownPlace(for: dispatch.place)
    place.name = name
    app(.offer(place, from: .dispatch, avoid: dispatch.avoid), at: now)
    if app.offered == place {
      pendingDispatch = dispatch
      effects.append(
        .log(.notice, "fleet: destination from dispatch: \(name); shown to the driver"))
      reply(dispatch, .shown)
    } else {
      let why =
        app.position == nil
        ? "no position yet to route from: the GPS has no fix"
        : "the built-in router found no route from here to \(name)"
      effects.append(.log(.notice, "fleet: destination from dispatch: \(name): \(why)"))
      reply(dispatch, .unavailable, why)
    }
    effects.append(.redraw)
  }

  /// After every event: the driver's answer to the dispatch on screen, if they gave one —
  /// guidance to it started (`accepted`), or its preview or question gone otherwise
  /// (`declined`).
  mutating func settleDispatch() {
    guard let dispatch = pendingDispatch else { return }
    let offered = app.offered
    guard let outcome = offerOutcome(of: offered) else { return }
    if outcome == .accepted, let place = offered {
      effects.append(.log(.notice, "fleet: the driver accepted the destination \(place.name)"))
      reply(dispatch, .accepted)
      pendingDispatch = nil
      return
    }
    effects.append(
      .log(.notice, "fleet: the driver declined the destination \(dispatch.place.name)"))
    reply(dispatch, .declined, "the driver declined it")
    pendingDispatch = nil
  }

  /// A dispatch still waiting for the driver gives way to a newer destination: `declined`.
  mutating func replacePendingDispatch() {
    guard let previous = pendingDispatch else { return }
    reply(previous, .declined, "replaced by a newer destination")
    pendingDispatch = nil
  }

  /// What the driver made of a place offered to them (``NavigationApp/offered``): guidance
  /// to it started, or it was declined — by the driver (back on its preview, "Not now"),
  /// or replaced by another destination.
  enum OfferOutcome: Equatable {
    case accepted
    case declined(byDriver: Bool)
  }

  /// What became of `place`, offered to the driver; nil while they have not answered (its
  /// question or its preview is on screen). Once answered, the app's offer is cleared.
  mutating func offerOutcome(of place: Place?) -> OfferOutcome? {
    guard let place, app.offered == place else {
      return .declined(byDriver: app.offered == nil)
    }
    switch app.phase {
    case _ where app.asking: return nil
    case .previewing(place): return nil
    case .navigating(place):
      app.offered = nil
      return .accepted
    case .previewing, .navigating:
      app.offered = nil
      return .declined(byDriver: false)
    case .browsing:
      app.offered = nil
      return .declined(byDriver: true)
    }
  }

  /// The place the app knows within 50 m of `place` (its id and routes), else `place`.
  func knownPlace(for place: Place) -> Place {
    app.provider.places(inCategory: nil, near: place.coordinate, limit: 1)
      .first { Earth.distance($0.coordinate, place.coordinate) <= 50 } ?? place
  }

  private mutating func reply(
    _ dispatch: FleetDispatch, _ status: FleetCommandReply.Status, _ message: String? = nil
  ) {
    effects.append(
      .fleetReply(FleetCommandReply(id: dispatch.id, status: status, message: message)))
  }
}

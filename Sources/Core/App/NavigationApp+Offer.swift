import Foundation
import Navigation
import Templates

extension NavigationApp {
  /// Who offers a place to the driver: the fleet's dispatcher, or a bridge app by name
  /// ("Navigate" on one of its points).
  public enum Offerer: Hashable, Sendable {
    case dispatch
    case app(String)
  }

  /// A dispatcher's (or an app's) place: its preview on the bare map; while guiding, an
  /// alert asking the driver whether to see it (taking the place of another alert on
  /// screen). With no route to it nothing on screen changes (the driver did not ask) and
  /// ``offered`` stays nil.
  mutating func offer(
    _ place: Place, from offerer: Offerer = .dispatch, avoid: AvoidableRoads? = nil, at now: Date
  ) {
    let previous = tripAvoid
    if !phase.isNavigating { tripAvoid = avoid }
    let trip = phase.isNavigating ? nil : routes(to: place)
    if trip == nil && !phase.isNavigating { tripAvoid = previous }
    offered = nil
    asking = false
    self.offerer = offerer
    guard phase.isNavigating || trip != nil else { return }
    if controller.presented != nil { request({ .dismiss($0) }, at: now) }
    offered = place
    offeredAvoid = avoid
    if let trip {
      preview(trip, to: place, at: now)
    } else {
      asking = true
      let alert = dispatchAlert(place)
      request({ .present($0, .alert(alert)) }, at: now)
    }
  }

  /// The driver answered the dispatch alert: "Show route" ends the trip under way and
  /// previews the dispatched place (or says there is no route); "Not now" leaves
  /// everything as it was.
  mutating func answerOffer(show: Bool, at now: Date) {
    request({ .dismiss($0) }, at: now)
    guard let place = offered, asking else { return }
    asking = false
    guard show else {
      offered = nil
      return
    }
    if phase.isNavigating { finishTrip(with: .cancel, at: now) }
    tripAvoid = offeredAvoid
    choose(place, at: now)
    if phase != .previewing(place) { offered = nil }
  }
}

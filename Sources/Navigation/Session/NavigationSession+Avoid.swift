import Foundation

extension NavigationSession {
  /// New route options: kept on the trip; while guiding with a router and no route asked
  /// for yet, a new route from where the car is (reason `.reroute`).
  mutating func avoid(_ kinds: AvoidableRoads) -> [Effect] {
    guard var trip else { return reject("change the route options", "there is no trip") }
    guard trip.avoid != kinds else { return [] }
    trip.avoid = kinds
    self.trip = trip
    guard configuration.hasRouter, pendingRequest == nil, guidance != nil,
      state == .navigating || state == .paused(.proceedToRoute),
      let origin = lastGoodFix?.coordinate
    else { return [] }
    pendingRequest = .reroute
    return transition(to: .paused(.rerouting)) + [
      .requestRoute(
        RouteRequest(
          reason: .reroute, origin: origin, heading: movingCourse, destination: trip.destination,
          avoid: kinds))
    ]
  }
}

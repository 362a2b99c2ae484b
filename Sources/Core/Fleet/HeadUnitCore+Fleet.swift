import Foundation

extension HeadUnitCore {
  /// The vehicle for the fleet reporter: the latest fix, and while a trip is under way its
  /// route, where the vehicle is on it, and the estimates to the destination (as the
  /// guidance screen shows them).
  public var fleetState: FleetVehicleState {
    var state = FleetVehicleState(
      location: position, altitude: altitude, accuracy: accuracy,
      heading: position == nil ? nil : heading, speed: speed)
    if session.state.isActive, let route = guidance?.route, let update = guidance?.latest {
      state.route = route
      state.routeOffset = update.offset
      if update.trip.distanceRemaining >= 0 {
        state.remainingDistance = update.trip.distanceRemaining
        state.eta = update.arrival
      }
    }
    return state
  }
}

import Commands
import Core
import Foundation
import Geo
import HeadUnit
import Navigation

/// A vehicle driving the embedded helsinki-1 route at 10 m/s, round again from its start at
/// its end, guided along it: the state the daemon hands the fleet service after each fix.
struct FleetDrive: Sendable {
  let route: Route
  private let line: Polyline
  /// Metres a second.
  static let speed = 10.0

  init() throws {
    guard let url = EmbeddedData.routeURL(forDrive: "helsinki-1-clean") else {
      throw NavigationError(.noData, "the embedded routes are missing")
    }
    route = try ReplayCommand.loadRoute(url)
    line = Polyline(route.geometry)
  }

  /// The vehicle `seconds` into the drive, which began at `start`.
  func state(at seconds: Double, start: Date) -> FleetVehicleState {
    let length = max(1, line.length)
    let offset = (seconds * Self.speed).truncatingRemainder(dividingBy: length)
    return FleetVehicleState(
      location: line.coordinate(at: offset), heading: line.bearing(at: offset),
      speed: Self.speed, route: route, routeOffset: offset,
      remainingDistance: length - offset,
      eta: start.addingTimeInterval(seconds + (length - offset) / Self.speed))
  }
}

import Core
import Foundation
import Geo
import Maneuvers
import Navigation
import Routing
import TestSupport
import Testing

@testable import HeadUnit

/// A route to an address asked of a routing server ends on the address's road point, and
/// its arrival names the side of the street the address is on, as the offline router's
/// does. The real engines on loopback, and a closed port for the fallback; in the servers'
/// serialized suite, as one of its tests stops Valhalla for a while.
extension RemoteRouterTests {
  /// The embedded map's addresses whose building is well off the road (over 8 m), every
  /// few by number so the streets vary, searched as a driver types them.
  func places(_ provider: MapRouteProvider) -> [Place] {
    let map = provider.addressSearch.map
    let far = (0..<map.addressCount).map(map.address).filter {
      guard let road = $0.roadPoint else { return false }
      return Earth.distance(road.coordinate, $0.coordinate) > 8
    }
    return stride(from: 0, to: far.count, by: max(1, far.count / 12)).compactMap { i in
      provider.search("\(far[i].street) \(far[i].number)", near: nil, limit: 1).first
    }
  }

  /// The side of `point` from the route's end, from its last metre-long segment: the sign
  /// of a cross product in a plane of metres, apart from the code under test.
  static func side(of point: Coordinate, arriving route: Route) -> Maneuver.Modifier? {
    let line = route.geometry
    guard let end = line.last else { return nil }
    let plane = LocalProjection(origin: end)
    guard let before = line.dropLast().last(where: { Earth.distance($0, end) > 1 }) else {
      return nil
    }
    let a = plane.project(before)
    let p = plane.project(point)
    let cross = (0 - a.x) * p.y - (0 - a.y) * p.x
    // Straight ahead or behind: no side.
    let angle = abs(atan2(cross, -a.x * p.x - a.y * p.y)) * 180 / .pi
    guard angle > 12, angle < 168 else { return nil }
    return cross > 0 ? .left : .right
  }

  func check(_ engine: RemoteRouter.Engine?) throws {
    let map = try #require(Self.map)
    let url: URL =
      switch engine {
      case .some(let engine): try LoopbackEngines.served(engine.rawValue).url
      case nil: try #require(URL(string: "http://127.0.0.1:\(try closedPort())"))
      }
    let server = RemoteRouter(
      engine: engine ?? .osrm, url: url, timeout: Self.timeout)
    let provider = MapRouteProvider(map: map, server: server)
    let origin = try #require(try DriveFixtures.route("helsinki-3-clean").origin)
    var sided = 0
    var checked = 0
    for place in places(provider) {
      let entrance = try #require(place.entrance, "\(place.name)")
      guard let route = provider.trip(to: place, from: origin)?.routeChoices.first?.route,
        let last = route.geometry.last
      else { continue }
      checked += 1
      #expect(
        Earth.distance(last, place.coordinate) < 10,
        "\(place.name): ends off its road point \(place.coordinate)")
      let arrival = try #require(route.steps.last?.maneuver)
      #expect(arrival.kind == .arrive)
      let expected = Self.side(of: entrance, arriving: route)
      #expect(
        arrival.modifier == expected, "\(place.name): \(String(describing: arrival.modifier))")
      if expected != nil {
        sided += 1
        let words = expected == .left ? "on the left" : "on the right"
        let text = route.steps.last?.instructionVariants.first
        #expect(text == nil || text?.contains(words) == true, "\(text ?? "")")
      }
    }
    #expect(checked >= 8)
    #expect(sided * 2 >= checked)
  }

  @Test(arguments: RemoteRouter.Engine.allCases)
  func anAddressThroughAServerArrivesOnItsSide(engine: RemoteRouter.Engine) throws {
    try check(engine)
  }

  @Test func anAddressWithTheServerDownRoutesOfflineToItsRoadPoint() throws {
    try check(nil)
  }
}

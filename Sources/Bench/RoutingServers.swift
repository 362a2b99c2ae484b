import Core
import Foundation
import Geo
import HeadUnit
import JSON
import Navigation

/// OSRM and Valhalla servers asked for the same routes as the offline router, so
/// `bench routing` can put their query times and route lengths beside it.
///
/// Each query is one `RemoteRouter` request on loopback (the daemon's own client), timed
/// from sending to the parsed answer. Blocks the calling thread.
struct RoutingServers {
  var osrm: RemoteRouter?
  var valhalla: RemoteRouter?

  /// One server's answer for one pair.
  enum Answer: Equatable, Sendable {
    /// A route of `distance` metres, answered in `milliseconds`.
    case route(distance: Double, milliseconds: Double)
    /// The server answered that it has no route between the points.
    case noRoute
    /// No usable answer: unreachable, a timeout, an HTTP status other than 200 that is not
    /// "no route", or an answer that is not a route.
    case failed(RemoteRouterError)

    /// The route's length in metres; nil without a route.
    var distance: Double? {
      if case .route(let distance, _) = self { distance } else { nil }
    }

    /// The query time of an answered route; nil without one.
    var milliseconds: Double? {
      if case .route(_, let milliseconds) = self { milliseconds } else { nil }
    }
  }

  /// The servers named on the command line, or else those `Deploy/engines-serve` left in
  /// `.engines/run/` under the current folder.
  init(osrm: String?, valhalla: String?) {
    func server(_ engine: RemoteRouter.Engine, _ given: String?) -> RemoteRouter? {
      let url = given.flatMap(URL.init(string:)) ?? Self.served(engine)
      return url.map { RemoteRouter(engine: engine, url: $0, timeout: .seconds(10)) }
    }
    self.osrm = server(.osrm, osrm)
    self.valhalla = server(.valhalla, valhalla)
  }

  /// The address `Deploy/engines-serve` wrote for `engine`, if it is running here.
  static func served(_ engine: RemoteRouter.Engine) -> URL? {
    let file = URL(fileURLWithPath: ".engines/run/\(engine.rawValue).json")
    guard let data = try? Data(contentsOf: file),
      let url = try? JSONNode(parsing: data).required("url").nonEmptyString()
    else { return nil }
    return URL(string: url)
  }

  /// `server`'s answer for `from` → `to` (keeping off `avoid`): its first route's length and
  /// the time to get it.
  static func ask(
    _ server: RemoteRouter, from a: Coordinate, to b: Coordinate, avoid: AvoidableRoads = []
  ) -> Answer {
    let started = ContinuousClock.now
    do {
      let routes = try server.routes(from: a, to: b, avoid: avoid)
      let milliseconds = started.duration(to: .now).seconds * 1e3
      guard let first = routes.first else { return .noRoute }
      return .route(distance: first.distance, milliseconds: milliseconds)
    } catch let error where error.code == .noRoute {
      return .noRoute
    } catch {
      return .failed(error)
    }
  }
}

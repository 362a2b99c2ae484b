import Core
import Foundation
import Geo
import HeadUnit
import JSON

/// OSRM and Valhalla servers asked for the same routes as the offline router, so
/// `bench routing` can put their query times beside it.
///
/// Each query is one `RemoteRouter` request on loopback (the daemon's own client), timed
/// from sending to the parsed answer. Blocks the calling thread.
struct RoutingServers {
  var osrm: RemoteRouter?
  var valhalla: RemoteRouter?

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

  /// Milliseconds for `server` to answer `from` → `to` with a route; nil when it did not.
  static func time(_ server: RemoteRouter, from a: Coordinate, to b: Coordinate) -> Double? {
    let started = ContinuousClock.now
    guard let routes = try? server.routes(from: a, to: b), !routes.isEmpty else { return nil }
    return started.duration(to: .now).seconds * 1e3
  }
}

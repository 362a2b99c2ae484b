import Foundation
import Geo

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// OSRM and Valhalla servers asked for the same routes as the offline router, so
/// `bench routing` can put their query times beside it.
///
/// Each query is one HTTP request on loopback, timed from sending to the whole answer:
/// OSRM `GET /route/v1/driving/LON,LAT;LON,LAT?steps=true&overview=full`, Valhalla
/// `POST /route` with `costing: auto` and `format: osrm`. Blocks the calling thread.
struct RoutingServers {
  var osrm: URL?
  var valhalla: URL?

  /// The servers named on the command line, or else those `Deploy/engines-serve` left in
  /// `.engines/run/` under the current folder.
  init(osrm: String?, valhalla: String?) {
    func served(_ engine: String) -> URL? {
      let file = URL(fileURLWithPath: ".engines/run/\(engine).json")
      guard let data = try? Data(contentsOf: file),
        let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
        let url = object["url"] as? String
      else { return nil }
      return URL(string: url)
    }
    self.osrm = osrm.flatMap(URL.init(string:)) ?? served("osrm")
    self.valhalla = valhalla.flatMap(URL.init(string:)) ?? served("valhalla")
  }

  /// Milliseconds for OSRM to answer `from` → `to` with a route; nil when it did not.
  func timeOSRM(from a: Coordinate, to b: Coordinate) -> Double? {
    guard let osrm else { return nil }
    let path = String(
      format: "/route/v1/driving/%.7f,%.7f;%.7f,%.7f", a.longitude, a.latitude, b.longitude,
      b.latitude)
    guard
      var components = URLComponents(
        url: osrm.appendingPathComponent(path), resolvingAgainstBaseURL: false)
    else { return nil }
    components.queryItems = [
      URLQueryItem(name: "steps", value: "true"), URLQueryItem(name: "overview", value: "full"),
    ]
    guard let url = components.url else { return nil }
    return Self.time(URLRequest(url: url))
  }

  /// Milliseconds for Valhalla to answer `from` → `to` with a route; nil when it did not.
  func timeValhalla(from a: Coordinate, to b: Coordinate) -> Double? {
    guard let valhalla else { return nil }
    var request = URLRequest(url: valhalla.appendingPathComponent("route"))
    request.httpMethod = "POST"
    request.setValue("application/json", forHTTPHeaderField: "Content-Type")
    let body: [String: Any] = [
      "locations": [
        ["lat": a.latitude, "lon": a.longitude], ["lat": b.latitude, "lon": b.longitude],
      ],
      "costing": "auto", "format": "osrm",
    ]
    request.httpBody = try? JSONSerialization.data(withJSONObject: body)
    return Self.time(request)
  }

  /// Sends `request` and waits for the whole answer; its time in milliseconds when the
  /// status was 200, nil otherwise (or after 10 s).
  private static func time(_ request: URLRequest) -> Double? {
    var request = request
    request.timeoutInterval = 10
    let done = DispatchSemaphore(value: 0)
    let outcome = Outcome()
    let started = ContinuousClock.now
    let task = URLSession.shared.dataTask(with: request) { data, response, _ in
      let ok = (response as? HTTPURLResponse)?.statusCode == 200 && data != nil
      outcome.set(ok ? started.duration(to: .now).seconds * 1e3 : nil)
      done.signal()
    }
    task.resume()
    done.wait()
    return outcome.value
  }

  /// The answer of one request, handed from URLSession's thread.
  private final class Outcome: @unchecked Sendable {
    // @unchecked: written once on URLSession's thread before the semaphore is signalled,
    // read after waiting on it.
    private(set) var value: Double?
    func set(_ value: Double?) { self.value = value }
  }
}

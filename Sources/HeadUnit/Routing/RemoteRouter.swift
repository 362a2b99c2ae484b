import Board
import Core
import Foundation
import Geo
import JSON
import Navigation
import Readers

/// A client for a Valhalla or OSRM routing server, answering in the same `Route`s as the
/// offline router.
///
/// Valhalla: `POST {url}/route` with `costing: auto`, `format: osrm`, banner and voice
/// instructions in the phrasebook's language (Valhalla 3.9 has no Chinese and answers in
/// English; the route's `locale` says which). OSRM:
/// `GET {url}/route/v1/driving/LON,LAT;LON,LAT?steps=true&overview=full&geometries=polyline6`,
/// with `bearings` for the heading when moving. Answers are read by `OSRMRouteReader`.
///
/// `routes(from:heading:to:alternatives:timeout:)` blocks the calling thread for at most
/// the timeout (one HTTP request; OSRM two when the heading matches no road); call it off
/// any event loop. The value is immutable and `Sendable`.
public struct RemoteRouter: Sendable, Equatable {
  /// The routing engines spoken to.
  public enum Engine: String, Sendable, CaseIterable {
    case valhalla
    case osrm

    /// `Valhalla`, `OSRM`: for logs and the screen.
    public var name: String {
      switch self {
      case .valhalla: "Valhalla"
      case .osrm: "OSRM"
      }
    }
  }

  public var engine: Engine
  /// The server's base URL, `http://127.0.0.1:8002`.
  public var url: URL
  /// The longest wait for a whole answer.
  public var timeout: Duration
  /// A phrasebook language code (`en`, `de`, `zh`…), for Valhalla's instructions.
  public var language: String
  /// Imperial distances in Valhalla's instructions.
  public var imperial: Bool

  /// Tolerance around the heading, degrees each side, as the offline router prefers.
  static let headingTolerance = 60

  public init(
    engine: Engine, url: URL, timeout: Duration = .seconds(3), language: String = "en",
    imperial: Bool = false
  ) {
    self.engine = engine
    self.url = url
    self.timeout = timeout
    self.language = language
    self.imperial = imperial
  }

  /// `Valhalla at http://127.0.0.1:8002`: the server as errors and logs name it.
  public var name: String { "\(engine.name) at \(URLSecrets.hidden(url.absoluteString))" }

  /// Up to `alternatives + 1` routes from `origin` (moving on `heading`, degrees, when
  /// known) to `destination`, fastest first. With `facing` (an address off the road that
  /// `destination` is on), Valhalla words the arrival's side from it; OSRM cannot, and the
  /// caller sets it (`Route.arriving(facing:)`). Blocks for at most `timeout` (the
  /// configured one when nil) per request. `avoid` goes to OSRM as `exclude=` (its car
  /// profile's classes `toll`, `motorway`, `ferry`; it has no unpaved class, and refuses a
  /// combination its profile did not declare, which the caller then routes offline) and to
  /// Valhalla as `use_tolls`, `use_highways`, `use_ferry` of 0 and `exclude_unpaved`.
  /// `via` are stops on the way, in order: the route has a leg per stop (OSRM's waypoints,
  /// Valhalla's `break` locations), and no alternatives.
  ///
  /// - Throws: `RemoteRouterError` naming the server: `.unreachable`, `.timeout`,
  ///   `.httpStatus`, `.badResponse` (with the JSON path) or `.noRoute`.
  public func routes(
    from origin: Coordinate, heading: Double? = nil, via: [Coordinate] = [],
    to destination: Coordinate, facing: Coordinate? = nil, alternatives: Int = 0,
    avoid: AvoidableRoads = [], timeout: Duration? = nil
  ) throws(RemoteRouterError) -> [Route] {
    let wait = timeout ?? self.timeout
    let request = self.request(
      from: origin, heading: heading, via: via, to: destination, facing: facing,
      alternatives: alternatives, avoid: avoid)
    do {
      return try parse(try send(request, timeout: wait))
    } catch let error where error.code == .noRoute && engine == .osrm && heading != nil {
      // OSRM drops a start whose roads all point away from the heading; any direction is
      // better than none, as the offline router turns round at a cost.
      let again = self.request(
        from: origin, heading: nil, via: via, to: destination, facing: facing,
        alternatives: alternatives, avoid: avoid)
      return try parse(try send(again, timeout: wait))
    }
  }

  /// The HTTP request for a route; pure.
  func request(
    from origin: Coordinate, heading: Double?, via: [Coordinate] = [],
    to destination: Coordinate, facing: Coordinate? = nil, alternatives: Int,
    avoid: AvoidableRoads = []
  ) -> HTTPClient.Request {
    // Neither engine offers alternatives through stops.
    let alternatives = via.isEmpty ? alternatives : 0
    switch engine {
    case .valhalla:
      var start: [(String, JSONValue)] = [
        ("lat", .number(origin.latitude)), ("lon", .number(origin.longitude)),
      ]
      if let heading {
        start.append(("heading", .number(Double(Int(heading.rounded()) % 360))))
        start.append(("heading_tolerance", .number(Double(Self.headingTolerance))))
      }
      var end: [(String, JSONValue)] = [
        ("lat", .number(destination.latitude)), ("lon", .number(destination.longitude)),
      ]
      if let facing {
        // Valhalla routes to lat/lon and tells the side of the street from the display point.
        end.append(("display_lat", .number(facing.latitude)))
        end.append(("display_lon", .number(facing.longitude)))
      }
      let stops = via.map { c -> JSONValue in
        .object([
          ("lat", .number(c.latitude)), ("lon", .number(c.longitude)), ("type", "break"),
        ])
      }
      var body: [(String, JSONValue)] = [
        ("locations", .array([.object(start)] + stops + [.object(end)])),
        ("costing", "auto"), ("format", "osrm"), ("banner_instructions", true),
        ("voice_instructions", true), ("language", .string(Self.valhallaLanguage(language))),
        ("units", imperial ? "miles" : "kilometers"),
      ]
      if alternatives > 0 { body.append(("alternates", .number(Double(alternatives)))) }
      if !avoid.isEmpty {
        var auto: [(String, JSONValue)] = []
        if avoid.contains(.tolls) { auto.append(("use_tolls", .number(0))) }
        if avoid.contains(.motorways) { auto.append(("use_highways", .number(0))) }
        if avoid.contains(.ferries) { auto.append(("use_ferry", .number(0))) }
        if avoid.contains(.unpaved) { auto.append(("exclude_unpaved", true)) }
        body.append(("costing_options", .object([("auto", .object(auto))])))
      }
      return HTTPClient.Request(
        method: "POST", url: url.appendingPathComponent("route"),
        headers: [("Content-Type", "application/json")],
        body: Data(JSONValue.object(body).sortingKeys().serialized.utf8))
    case .osrm:
      func point(_ c: Coordinate) -> String {
        String(format: "%.6f,%.6f", c.longitude, c.latitude)
      }
      let points = ([origin] + via + [destination]).map(point)
      let path = "route/v1/driving/" + points.joined(separator: ";")
      var components = URLComponents(
        url: url.appendingPathComponent(path), resolvingAgainstBaseURL: false)
      var items = [
        URLQueryItem(name: "steps", value: "true"),
        URLQueryItem(name: "overview", value: "full"),
        URLQueryItem(name: "geometries", value: "polyline6"),
        URLQueryItem(name: "alternatives", value: alternatives > 0 ? "\(alternatives)" : "false"),
      ]
      if let heading {
        let degrees = (Int(heading.rounded()) % 360 + 360) % 360
        // One entry per point: the start's, the others left empty.
        let rest = String(repeating: ";", count: via.count + 1)
        items.append(
          URLQueryItem(name: "bearings", value: "\(degrees),\(Self.headingTolerance)\(rest)"))
      }
      let excluded = avoid.subtracting(.unpaved).classList
      if !excluded.isEmpty {
        items.append(URLQueryItem(name: "exclude", value: excluded.joined(separator: ",")))
      }
      components?.queryItems = items
      // The path's `;` and `,` must stay as they are; URLComponents leaves them.
      return HTTPClient.Request(url: components?.url ?? url)
    }
  }

  /// Valhalla's name for a phrasebook language; Valhalla falls back to English for one it
  /// does not have.
  static func valhallaLanguage(_ code: String) -> String {
    switch code {
    case "de": "de-DE"
    case "es": "es-ES"
    case "it": "it-IT"
    case "ru": "ru-RU"
    case "zh": "zh-CN"
    default: "en-US"
    }
  }

  /// The routes in a 200 answer's body.
  func parse(_ data: Data) throws(RemoteRouterError) -> [Route] {
    do {
      return try OSRMRouteReader.read(data, file: nil, polylinePrecision: 6)
    } catch {
      let code: RemoteRouterError.Code = error.code == .noData ? .noRoute : .badResponse
      throw RemoteRouterError(code, server: name, "\(error)")
    }
  }

  /// Sends `request` and waits up to `timeout` for the whole answer; the body of a 200.
  private func send(_ request: HTTPClient.Request, timeout: Duration) throws(RemoteRouterError)
    -> Data
  {
    let response: HTTPClient.Response
    do {
      response = try HTTPClient.send(
        request, timeout: timeout, maximumBody: OSRMRouteReader.sizeLimit)
    } catch {
      let code: RemoteRouterError.Code =
        error.tooLarge ? .badResponse : error.timedOut ? .timeout : .unreachable
      throw RemoteRouterError(code, server: name, error.description)
    }
    guard response.status == 200 else {
      let data = response.body
      // OSRM answers NoRoute with status 400 and a JSON body saying so.
      if case .failure(let error) = Result(catching: { () throws(RemoteRouterError) in
        try parse(data)
      }),
        error.code == .noRoute
      {
        throw error
      }
      throw RemoteRouterError(.httpStatus, server: name, response.statusDescription)
    }
    return response.body
  }
}

import Foundation
import Geo
import JSON
import Navigation

/// Reads OSRM route responses (`/route/v1` JSON), including Valhalla's OSRM-compatible
/// output, into `Route`s.
///
/// The JSON tree is walked by hand so that every error names the JSON path of the
/// offending value and what was expected there, e.g.
/// `$.routes[0].legs[0].steps[3].maneuver.type: expected a string, found the number 3`.
public enum OSRMRouteReader {
  /// The largest route document read, from a file or a server: a route across a continent
  /// with every step is a few MB, and parsing holds some 25 times the text in memory.
  public static let sizeLimit = 8 << 20

  /// Reads the response in the file at `url`.
  ///
  /// - Throws: `.unreadable` when the file cannot be read, `.empty` when it is empty,
  ///   otherwise as `read(_:file:polylinePrecision:)` with `file` set to the path.
  public static func read(contentsOf url: URL, polylinePrecision: Int = 6)
    throws(NavigationError) -> [Route]
  {
    let data = try ReaderFile.data(contentsOf: url, limit: sizeLimit)
    return try read(data, file: url.path, polylinePrecision: polylinePrecision)
  }

  /// Reads every alternative in `routes[]` of an OSRM response.
  ///
  /// - Parameters:
  ///   - file: Named in errors.
  ///   - polylinePrecision: Digits of encoded-polyline geometries: 6 for Valhalla
  ///     (`polyline6`), 5 for OSRM's default `polyline`. GeoJSON geometries are read
  ///     whatever this says.
  /// - Throws: `.empty` for empty data; `.malformed` for invalid JSON, a missing
  ///   required key, a value of the wrong type or an unknown modifier (with the JSON
  ///   path); `.noData` when the server answered a `code` other than `"Ok"` (with its
  ///   message) or there is no route or no step. Unknown maneuver types are read as
  ///   `turn`, as the OSRM specification asks of clients.
  ///
  /// A step's `instructionVariants` are its `maneuver.instruction` and the texts of the
  /// previous step's `bannerInstructions` (primary, and primary with secondary), which
  /// describe this step's maneuver; distinct, non-empty, longest first. Its `ref` is kept
  /// as the server writes it (`7; 15; E 18`); its `destinations` and `exits` make its
  /// `signpost` (`Signpost(osrmDestinations:exits:)`, held to that type's limits). A leg's
  /// `annotation` gives the route's `speedLimits` (`speedLimits(_:legs:)`).
  public static func read(_ data: Data, file: String? = nil, polylinePrecision: Int = 6)
    throws(NavigationError) -> [Route]
  {
    guard ReaderFile.firstSignificantByte(data) != nil else {
      throw NavigationError(.empty, "the route response is empty", file: file)
    }
    let answer: Answer
    do throws(JSONError) {
      answer = try self.answer(JSONNode(parsing: data), precision: polylinePrecision)
    } catch {
      throw NavigationError(error, file: file)
    }
    switch answer {
    case .routes(let routes): return routes
    case .noData(let message, let path):
      throw NavigationError(.noData, message, file: file, path: path)
    }
  }

  /// What a response holds: routes, or why it has none.
  private enum Answer {
    case routes([Route])
    case noData(String, path: String)
  }

  private static func answer(_ root: JSONNode, precision: Int) throws(JSONError) -> Answer {
    _ = try root.members()
    if let codeNode = try root.optional("code") {
      let code = try codeNode.string()
      if code != "Ok" {
        let message = try root.optional("message")?.string()
        return .noData(
          "the routing server answered \(JSONNode.quoted(code))"
            + (message.map { ": \($0)" } ?? ""), path: codeNode.path)
      }
    }
    let routesNode = try root.required("routes")
    let routeNodes = try routesNode.array()
    guard !routeNodes.isEmpty else {
      return .noData("the response holds no route", path: routesNode.path)
    }
    var routes: [Route] = []
    for node in routeNodes {
      let route = try route(node, precision: precision)
      guard route.legs.contains(where: { !$0.steps.isEmpty }) else {
        return .noData(
          "the route has no steps (request it with steps=true)", path: node.path(of: "legs"))
      }
      routes.append(route)
    }
    return .routes(routes)
  }

  private static func route(_ node: JSONNode, precision: Int) throws(JSONError) -> Route {
    var legs: [RouteLeg] = []
    let legNodes = try node.required("legs").array()
    for legNode in legNodes {
      legs.append(try leg(legNode, precision: precision))
    }
    var route = Route(
      legs: legs,
      distance: try node.required("distance").number(in: Route.distanceRange),
      duration: try node.required("duration").number(in: Route.durationRange),
      locale: try node.optional("voiceLocale")?.string())
    route.speedLimits = speedLimits(legNodes, legs: legs)
    return route
  }

  private static func leg(_ node: JSONNode, precision: Int) throws(JSONError) -> RouteLeg {
    // A step's banner instructions describe the maneuver at its end, that is the next
    // step's maneuver.
    var steps: [RouteStep] = []
    var banners: [String] = []
    for stepNode in try node.required("steps").array() {
      steps.append(try step(stepNode, banners: banners, precision: precision))
      banners = try bannerTexts(stepNode)
    }
    return RouteLeg(
      steps: steps,
      summary: try node.optional("summary")?.string() ?? "",
      distance: try node.required("distance").number(in: Route.distanceRange),
      duration: try node.required("duration").number(in: Route.durationRange))
  }

  private static func step(_ node: JSONNode, banners: [String], precision: Int)
    throws(JSONError) -> RouteStep
  {
    let maneuverNode = try node.required("maneuver")
    let maneuver = try self.maneuver(maneuverNode)
    var geometry = try self.geometry(node.required("geometry"), precision: precision)
    if geometry.isEmpty { geometry = [maneuver.location] }
    var drivingSide = Maneuver.Side.right
    if let sideNode = try node.optional("driving_side") {
      let side = try sideNode.string()
      guard let parsed = Maneuver.Side(rawValue: side) else {
        throw sideNode.error("expected one of: left, right; found \(JSONNode.quoted(side))")
      }
      drivingSide = parsed
    }
    let ref = try node.optional("ref")?.string()
    return RouteStep(
      maneuver: maneuver,
      name: try node.optional("name")?.string() ?? "",
      ref: ref?.isEmpty == false ? ref : nil,
      distance: try node.required("distance").number(in: Route.distanceRange),
      duration: try node.required("duration").number(in: Route.durationRange),
      geometry: geometry,
      lanes: try lanes(node),
      instructionVariants: orderedVariants(
        [try maneuverNode.optional("instruction")?.string()].compactMap { $0 } + banners),
      drivingSide: drivingSide,
      signpost: Signpost(
        osrmDestinations: try node.optional("destinations")?.string(),
        exits: try node.optional("exits")?.string()),
      classes: try classes(node))
  }

  /// The avoidable classes of a step's intersections (`toll`, `motorway`, `ferry`,
  /// `unpaved`) and a ferry `mode`; nil when the step names no classes at all (a server
  /// that does not tell them), so that "no tolls" is never claimed for want of data.
  private static func classes(_ step: JSONNode) throws(JSONError) -> AvoidableRoads? {
    var names: [String] = []
    var told = false
    if try step.optional("mode")?.string() == "ferry" { names.append("ferry") }
    for intersection in try step.optional("intersections")?.array() ?? [] {
      guard let list = try intersection.optional("classes") else { continue }
      told = true
      for name in try list.array() { names.append(try name.string()) }
    }
    guard told || !names.isEmpty else { return nil }
    return AvoidableRoads(classNames: names)
  }

  private static func maneuver(_ node: JSONNode) throws(JSONError) -> Maneuver {
    let kind = Maneuver.Kind(rawValue: try node.required("type").string()) ?? .turn
    let modifier = try node.optional("modifier")?.oneOf(Maneuver.Modifier.self)
    var exit: Int?
    if let exitNode = try node.optional("exit") {
      let value = try exitNode.wholeNumber()
      guard value >= 0 else {
        throw exitNode.error(expected: "an exit number ≥ 0", code: .outOfRange)
      }
      exit = value
    }
    return Maneuver(
      kind: kind, modifier: modifier, exit: exit,
      location: try node.required("location").lonLat(),
      bearingBefore: try bearing(node.required("bearing_before")),
      bearingAfter: try bearing(node.required("bearing_after")))
  }

  private static func bearing(_ node: JSONNode) throws(JSONError) -> Double {
    let value = try node.number()
    guard (0...360).contains(value) else {
      throw node.error(expected: "a bearing in 0…360", code: .outOfRange)
    }
    return value
  }

  /// An encoded polyline string or a GeoJSON `LineString` object.
  private static func geometry(_ node: JSONNode, precision: Int) throws(JSONError)
    -> [Coordinate]
  {
    if case .string(let encoded) = node.value {
      do {
        return try PolylineCodec.decode(encoded, precision: precision)
      } catch {
        throw node.error("invalid encoded polyline (precision \(precision)) \(error)")
      }
    }
    guard case .object = node.value else {
      throw node.error(expected: "an encoded polyline string or a GeoJSON LineString")
    }
    let typeNode = try node.required("type")
    guard try typeNode.string() == "LineString" else {
      throw typeNode.error(expected: "\"LineString\"", code: .outOfRange)
    }
    var coordinates: [Coordinate] = []
    for point in try node.required("coordinates").array() {
      coordinates.append(try point.lonLat())
    }
    return coordinates
  }

  /// Lanes of the first intersection, which is the maneuver point.
  private static func lanes(_ step: JSONNode) throws(JSONError) -> [Lane] {
    guard let intersections = try step.optional("intersections")?.array(),
      let first = intersections.first, let lanesNode = try first.optional("lanes")
    else { return [] }
    var lanes: [Lane] = []
    for laneNode in try lanesNode.array() {
      var indications: [String] = []
      for indication in try laneNode.required("indications").array() {
        indications.append(try indication.string())
      }
      lanes.append(
        Lane(
          indications: indications,
          valid: try laneNode.required("valid").bool(),
          preferred: try laneNode.optional("active")?.bool() ?? false))
    }
    return lanes
  }

  /// The banner texts of a step: each primary text, and the primary text with the
  /// secondary text ("Mannerheimintie, Kamppi") when there is one.
  private static func bannerTexts(_ step: JSONNode) throws(JSONError) -> [String] {
    var texts: [String] = []
    for banner in try step.optional("bannerInstructions")?.array() ?? [] {
      let primary = try banner.optional("primary")?.optional("text")?.string()
      let secondary = try banner.optional("secondary")?.optional("text")?.string()
      if let primary {
        texts.append(primary)
        if let secondary, !secondary.isEmpty { texts.append("\(primary), \(secondary)") }
      }
    }
    return texts
  }

  /// `texts` trimmed, without empty ones and duplicates, longest first (ties keep
  /// their order).
  static func orderedVariants(_ texts: [String]) -> [String] {
    var seen = Set<String>()
    var distinct: [String] = []
    for text in texts {
      let trimmed = String(ReaderFile.trimmed(Substring(text)))
      if !trimmed.isEmpty, seen.insert(trimmed).inserted { distinct.append(trimmed) }
    }
    return distinct.enumerated()
      .sorted { a, b in
        a.element.count != b.element.count ? a.element.count > b.element.count : a.offset < b.offset
      }
      .map(\.element)
  }
}

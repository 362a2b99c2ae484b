import Foundation
import Geo
import JSON
import Navigation

/// Reads GPX 1.1 files: tracks (`trk/trkseg/trkpt`) as fixes and routes (`rte/rtept`)
/// as `Route`s.
///
/// Errors carry the file, the line and an XPath-like path such as
/// `/gpx/trk[1]/trkseg[1]/trkpt[4]/@lat` (1-based, as in XPath).
public enum GPXReader {
  /// Assumed driving speed for the durations of GPX routes: 13.9 m/s (50 km/h).
  public static let routeSpeed = 13.9

  /// Reads the track points of the GPX file at `url`.
  ///
  /// - Throws: `.unreadable`, `.empty`, or as `readTrack(_:file:)`.
  public static func readTrack(contentsOf url: URL) throws(NavigationError) -> TrackReadResult {
    try readTrack(ReaderFile.data(contentsOf: url), file: url.path)
  }

  /// Reads all track points, segment after segment, as fixes.
  ///
  /// A point's `ele` becomes the altitude, `time` the fix time, `fix`, `hdop` and `sat`
  /// the mode, HDOP and satellites (mode defaults to 3D with `ele`, else 2D). Speed and
  /// course come from the previous point of the same segment (the next one for a
  /// segment's first point) when both have a time; `speed`/`course` extensions are
  /// ignored. A point without `time` is dated one second after the previous point
  /// (the first at 1970-01-01T00:00:00Z).
  ///
  /// - Throws: `.empty` for empty data; `.malformed` with file and line for malformed
  ///   XML, a root that is not `<gpx>`, a missing or invalid `lat`/`lon`, or an
  ///   unreadable `ele`/`time`; `.noData` when there is no track point.
  public static func readTrack(_ data: Data, file: String? = nil) throws(NavigationError)
    -> TrackReadResult
  {
    let root = try document(data, file: file)
    var fixes: [Fix] = []
    var points = 0
    for (t, track) in root.children("trk").enumerated() {
      for (s, segment) in track.children("trkseg").enumerated() {
        var segmentPoints: [Point] = []
        for (p, element) in segment.children("trkpt").enumerated() {
          let path = "/gpx/trk[\(t + 1)]/trkseg[\(s + 1)]/trkpt[\(p + 1)]"
          segmentPoints.append(try point(element, path: path, file: file))
        }
        points += segmentPoints.count
        fixes += trackFixes(segmentPoints, after: fixes.last?.time)
      }
    }
    guard !fixes.isEmpty else {
      throw NavigationError(
        .noData, "the GPX file has no track point (<trk><trkseg><trkpt>)", file: file)
    }
    return TrackReadResult(fixes: fixes, sentences: points)
  }

  /// Reads the routes of the GPX file at `url`.
  ///
  /// - Throws: `.unreadable`, `.empty`, or as `readRoutes(_:file:)`.
  public static func readRoutes(contentsOf url: URL) throws(NavigationError) -> [Route] {
    try readRoutes(ReaderFile.data(contentsOf: url), file: url.path)
  }

  /// Reads each `<rte>` as a one-leg route.
  ///
  /// Steps: a depart step at the first point; a step at every point where the course
  /// turns by more than 30° (`turn`, modifier slight below 45°, plain below 135°, sharp
  /// below 170°, else U-turn) or that has a `name` (`continue` when it turns 30° or
  /// less); an arrive step at the last point. Step names are empty (GPX has no road
  /// names); the point's `name`, `desc` and `cmt` become the instruction variants.
  /// Distances come from the geometry, durations assume `routeSpeed`; the leg summary
  /// is the route's `name`.
  ///
  /// - Throws: `.empty` for empty data; `.malformed` with file and line for malformed
  ///   XML, a missing or invalid `lat`/`lon` or a route with fewer than two distinct
  ///   points; `.noData` when there is no route.
  public static func readRoutes(_ data: Data, file: String? = nil) throws(NavigationError)
    -> [Route]
  {
    let root = try document(data, file: file)
    var routes: [Route] = []
    for (r, element) in root.children("rte").enumerated() {
      var points: [Point] = []
      for (p, pointElement) in element.children("rtept").enumerated() {
        points.append(
          try point(pointElement, path: "/gpx/rte[\(r + 1)]/rtept[\(p + 1)]", file: file))
      }
      routes.append(
        try route(
          points, name: element.child("name")?.text ?? "", line: element.line,
          path: "/gpx/rte[\(r + 1)]", file: file))
    }
    guard !routes.isEmpty else {
      throw NavigationError(.noData, "the GPX file has no route (<rte>)", file: file)
    }
    return routes
  }

  // MARK: - Document and points

  private static func document(_ data: Data, file: String?) throws(NavigationError)
    -> XMLScanner.Element
  {
    guard ReaderFile.firstSignificantByte(data) != nil else {
      throw NavigationError(.empty, "the GPX file is empty", file: file)
    }
    let root: XMLScanner.Element
    do {
      root = try XMLScanner.parse(data)
    } catch {
      throw NavigationError(
        .malformed, "malformed XML: \(error.message)", file: file, line: error.line)
    }
    guard root.name == "gpx" else {
      throw NavigationError(
        .malformed, "expected a <gpx> root element, found <\(root.name)>", file: file,
        line: root.line, path: "/\(root.name)")
    }
    return root
  }

  /// A `trkpt` or `rtept`.
  private struct Point {
    var coordinate: Coordinate
    var altitude: Double?
    var time: Date?
    var mode: Fix.Mode?
    var hdop: Double?
    var satellites: Int?
    var name: String?
    var texts: [String]
  }

  private static func point(_ element: XMLScanner.Element, path: String, file: String?)
    throws(NavigationError) -> Point
  {
    func fail(_ message: String, _ subpath: String, line: Int? = nil) -> NavigationError {
      NavigationError(
        .malformed, message, file: file, line: line ?? element.line, path: path + subpath)
    }
    func angle(_ key: String, limit: Double) throws(NavigationError) -> Double {
      guard let text = element.attributes[key] else {
        throw fail("missing required attribute \(key)", "/@\(key)")
      }
      guard let value = Double(ReaderFile.trimmed(Substring(text))), abs(value) <= limit else {
        throw fail(
          "expected a number in -\(Int(limit))…\(Int(limit)), found \(JSONNode.quoted(text))",
          "/@\(key)")
      }
      return value
    }
    func number(_ name: String) throws(NavigationError) -> Double? {
      guard let child = element.child(name) else { return nil }
      guard let value = Double(ReaderFile.trimmed(Substring(child.text))), value.isFinite else {
        throw fail(
          "expected a number, found \(JSONNode.quoted(child.text))", "/\(name)", line: child.line)
      }
      return value
    }
    var point = Point(
      coordinate: Coordinate(
        latitude: try angle("lat", limit: 90), longitude: try angle("lon", limit: 180)),
      texts: [])
    point.altitude = try number("ele")
    if let time = element.child("time") {
      guard let date = UTCTime.parseISO8601(ReaderFile.trimmed(Substring(time.text))) else {
        throw fail(
          "expected an ISO 8601 time such as 2026-05-04T08:00:00Z, found \(JSONNode.quoted(time.text))",
          "/time", line: time.line)
      }
      point.time = date
    }
    if let fix = element.child("fix") {
      switch ReaderFile.trimmed(Substring(fix.text)) {
      case "none": point.mode = .noFix
      case "2d": point.mode = .twoD
      case "3d", "dgps", "pps": point.mode = .threeD
      default:
        throw fail(
          "expected one of: none, 2d, 3d, dgps, pps; found \(JSONNode.quoted(fix.text))", "/fix",
          line: fix.line)
      }
    }
    point.hdop = try number("hdop")
    point.satellites = try number("sat").map { Int($0) }
    let name = element.child("name").map { String(ReaderFile.trimmed(Substring($0.text))) }
    point.name = name?.isEmpty == false ? name : nil
    point.texts = ["name", "desc", "cmt"].compactMap { element.child($0)?.text }
    return point
  }

  // MARK: - Tracks

  private static func trackFixes(_ points: [Point], after previous: Date?) -> [Fix] {
    var fixes: [Fix] = []
    var lastTime = previous
    for (i, point) in points.enumerated() {
      let time =
        point.time ?? lastTime.map { $0.addingTimeInterval(1) } ?? Date(timeIntervalSince1970: 0)
      lastTime = time
      let mode = point.mode ?? (point.altitude != nil ? .threeD : .twoD)
      var fix = Fix(
        time: time, mode: mode, coordinate: mode == .noFix ? nil : point.coordinate,
        altitude: point.altitude, hdop: point.hdop, satellites: point.satellites)
      let pair = i > 0 ? (points[i - 1], point) : points.count > 1 ? (point, points[1]) : nil
      if mode != .noFix, let (a, b) = pair, let ta = a.time, let tb = b.time, tb > ta {
        let distance = Earth.distance(a.coordinate, b.coordinate)
        fix.speed = distance / tb.timeIntervalSince(ta)
        if distance >= 1 { fix.course = Earth.bearing(from: a.coordinate, to: b.coordinate) }
      }
      fixes.append(fix)
    }
    return fixes
  }

  // MARK: - Routes

  private static func route(
    _ allPoints: [Point], name: String, line: Int, path: String, file: String?
  ) throws(NavigationError) -> Route {
    // Drop repeated points (they have no direction), keeping the texts of the first.
    var points: [Point] = []
    for point in allPoints {
      if let last = points.last, Earth.distance(last.coordinate, point.coordinate) < 0.5 {
        if last.name == nil, last.texts.isEmpty {
          points[points.count - 1].name = point.name
          points[points.count - 1].texts = point.texts
        }
        continue
      }
      points.append(point)
    }
    guard points.count >= 2 else {
      throw NavigationError(
        .malformed, "a route needs at least two distinct points (<rtept>), found \(points.count)",
        file: file, line: line, path: path)
    }
    let bearings = (0..<(points.count - 1)).map { i in
      Earth.bearing(from: points[i].coordinate, to: points[i + 1].coordinate)
    }

    // Maneuver points: first, turns and named points, last.
    var maneuvers: [(index: Int, maneuver: Maneuver)] = [
      (0, Maneuver(kind: .depart, location: points[0].coordinate, bearingAfter: bearings[0]))
    ]
    for i in 1..<(points.count - 1) {
      let turn = Angle.difference(from: bearings[i - 1], to: bearings[i])
      guard abs(turn) > 30 || points[i].name != nil else { continue }
      maneuvers.append(
        (
          i,
          Maneuver(
            kind: abs(turn) > 30 ? .turn : .continue, modifier: modifier(turn: turn),
            location: points[i].coordinate, bearingBefore: bearings[i - 1],
            bearingAfter: bearings[i])
        ))
    }
    let last = points.count - 1
    maneuvers.append(
      (
        last,
        Maneuver(
          kind: .arrive, location: points[last].coordinate, bearingBefore: bearings[last - 1])
      ))

    var steps: [RouteStep] = []
    for (k, (index, maneuver)) in maneuvers.enumerated() {
      let end = k + 1 < maneuvers.count ? maneuvers[k + 1].index : index
      let geometry = points[index...end].map(\.coordinate)
      let distance = zip(geometry, geometry.dropFirst()).reduce(0) {
        $0 + Earth.distance($1.0, $1.1)
      }
      steps.append(
        RouteStep(
          maneuver: maneuver, distance: distance, duration: distance / routeSpeed,
          geometry: geometry,
          instructionVariants: OSRMRouteReader.orderedVariants(points[index].texts)))
    }
    let distance = steps.reduce(0) { $0 + $1.distance }
    let duration = distance / routeSpeed
    return Route(
      legs: [
        RouteLeg(
          steps: steps, summary: String(ReaderFile.trimmed(Substring(name))), distance: distance,
          duration: duration)
      ],
      distance: distance, duration: duration)
  }

  /// The OSRM modifier for a signed course change in degrees (positive = right).
  static func modifier(turn: Double) -> Maneuver.Modifier {
    let angle = abs(turn)
    let right = turn > 0
    switch angle {
    case ..<10: return .straight
    case ..<45: return right ? .slightRight : .slightLeft
    case ..<135: return right ? .right : .left
    case ..<170: return right ? .sharpRight : .sharpLeft
    default: return .uTurn
    }
  }
}

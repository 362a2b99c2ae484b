import Foundation
import Geo
import HeadUnit
import MapFile
import Navigation
import Routing

/// `headunit route --from LAT,LON [--via LAT,LON]... --to LAT,LON [--map FILE]
/// [--heading DEG] [--avoid KINDS] [--lang CODE] [--json] [--alternatives]`: the offline
/// router on the command line.
public enum RouteCommand {
  static let help = """
    usage: headunit route --from LAT,LON [--via LAT,LON]... --to LAT,LON [--map FILE] [--heading DEG] [--avoid KINDS] [--lang CODE] [--json] [--alternatives]

    Computes a car route with the offline router and prints its steps (distance and
    instruction) and totals, or with --json an OSRM /route/v1 response (polyline6
    geometries) that `headunit replay --route` reads.
      --via LAT,LON   a stop on the way, in the order given (up to \(maximumStops)): the
                      route has one leg per stop, each with its own depart and arrive
      --map FILE      a map file from `headunit maps import` (default: the embedded Helsinki map)
      --heading DEG   the car's course at the start, 0–360: start in that direction
      --avoid KINDS   roads to keep off, comma-separated: tolls, motorways, ferries, unpaved;
                      where no route avoids them all, the route using least of them, and
                      a line saying which it uses
      --lang CODE     the instructions' language: \(Phrasebook.supportedLanguages.joined(separator: ", ")) (default en)
      --alternatives  up to two alternative routes besides the fastest
      --json          OSRM JSON instead of text
    """

  static func run(_ words: [String], console: Console) throws -> HeadUnitCommand.Status {
    guard
      let args = try Arguments.unlessHelp(
        words, options: ["from", "to", "map", "heading", "lang", "avoid"],
        flags: ["json", "alternatives", "help"], repeatable: ["via"],
        help: help, console: console)
    else { return .success }
    try args.noPositional("route")
    let from = try coordinate(args.required("from"), option: "from")
    let to = try coordinate(args.required("to"), option: "to")
    let via = try args.values("via").map { text throws(UsageError) in
      try coordinate(text, option: "via")
    }
    guard via.count <= maximumStops else {
      throw UsageError(
        "--via is given \(via.count) times; a trip has at most \(maximumStops) stops")
    }
    if !via.isEmpty && args.flag("alternatives") {
      throw UsageError("--alternatives is for a route without stops; leave out --via or it")
    }
    var heading: Double?
    if let text = args.value("heading") {
      guard let value = Double(text), (0...360).contains(value) else {
        throw UsageError("--heading must be a number of degrees from 0 to 360, not '\(text)'")
      }
      heading = value
    }
    let avoid = try avoided(args.value("avoid"))
    let text = try ScreenText(language: args.value("lang") ?? "en")
    let map = try loadMap(args.value("map"))
    let router = Router(graph: map).avoiding(avoid)
    let routes: [Route]
    do {
      routes =
        via.isEmpty
        ? try router.routes(
          from: from, heading: heading, to: to, alternatives: args.flag("alternatives") ? 2 : 0)
        : [try router.trip(through: [from] + via + [to], heading: heading)]
    } catch {
      switch error.code {
      case .noRoute:
        console.err("headunit: route: \(error)")
        return .failure
      default:
        throw UsageError("route: \(error)")
      }
    }
    if args.flag("json") {
      let waypoints = Self.waypoints(routes[0], asked: [from] + via + [to])
      console.out(try OSRMResponse(routes: routes, waypoints: waypoints, text: text).encoded())
    } else {
      for (i, route) in routes.enumerated() {
        console.out(self.text(route, number: i + 1, of: routes.count, in: text))
        let kept = route.classes.intersection(avoid)
        if !kept.isEmpty {
          console.out(
            "  no route avoids it all: this one uses \(kept.wordList.joined(separator: ", "))")
        }
      }
    }
    return .success
  }

  /// The kinds of road `--avoid` names (none when it is not given).
  public static func avoided(_ text: String?) throws(UsageError) -> AvoidableRoads {
    guard let text else { return [] }
    guard let kinds = AvoidableRoads(names: text) else {
      throw UsageError(
        "--avoid takes kinds of road separated by commas, each one of "
          + AvoidableRoads.names.map(\.name).joined(separator: ", ") + ", not '\(text)'")
    }
    return kinds
  }

  /// The most stops a trip on the command line may have besides its start and destination.
  static let maximumStops = 25

  /// OSRM's waypoints for `route`: where each point `asked` for (start, stops, destination)
  /// met the road, the road's name and how far the point was from it.
  static func waypoints(_ route: Route, asked: [Coordinate]) -> [OSRMResponse.Waypoint] {
    // Leg i runs from point i to point i + 1.
    var met: [(name: String, at: Coordinate?)] = []
    for (i, leg) in route.legs.enumerated() {
      if i == 0 { met.append((leg.steps.first?.name ?? "", leg.steps.first?.geometry.first)) }
      met.append((leg.steps.last?.name ?? "", leg.steps.last?.geometry.last))
    }
    return zip(asked, met).map { point, road in
      let at = road.at ?? point
      return OSRMResponse.Waypoint(
        name: road.name, location: OSRMResponse.lonLat(at),
        distance: OSRMResponse.tenth(Earth.distance(point, at)))
    }
  }

  /// A route for a person: a heading line, one line per step (its instruction in the
  /// language of `text`, `ScreenText.instructions(for:routeLocale:)`), the total.
  static func text(_ route: Route, number: Int, of count: Int, in text: ScreenText) -> String {
    var lines: [String] = []
    let summary = route.legs.first?.summary ?? ""
    lines.append(
      (count > 1 ? "route \(number) of \(count)" : "route")
        + (summary.isEmpty ? "" : " via \(summary)") + ":")
    for (l, leg) in route.legs.enumerated() {
      if route.legs.count > 1 {
        let to = l + 1 < route.legs.count ? "stop \(l + 1)" : "the destination"
        lines.append(
          String(
            format: "  leg %d of %d, to %@: %.0f m, %@", l + 1, route.legs.count, to,
            leg.distance, minutesAndSeconds(leg.duration)))
      }
      for step in leg.steps {
        let instruction =
          text.instructions(for: step, routeLocale: route.locale).first
          ?? step.maneuver.kind.rawValue
        lines.append(String(format: "  %@ %6.0f m", pad(instruction, 60), step.distance))
      }
    }
    lines.append(
      String(
        format: "  total: %.0f m, %@", route.distance, minutesAndSeconds(route.duration)))
    return lines.joined(separator: "\n")
  }

  /// `text` padded with spaces to `width` terminal columns, a wide (Chinese) character
  /// taking two.
  private static func pad(_ text: String, _ width: Int) -> String {
    let columns = text.reduce(0) { $0 + (isWide($1) ? 2 : 1) }
    return columns >= width ? text : text + String(repeating: " ", count: width - columns)
  }

  /// Whether a terminal shows `character` two columns wide: Hangul, CJK ideographs and
  /// punctuation, full-width forms.
  private static func isWide(_ character: Character) -> Bool {
    guard let scalar = character.unicodeScalars.first?.value else { return false }
    let wide: [ClosedRange<UInt32>] = [
      0x1100...0x115F, 0x2E80...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F,
      0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x20000...0x3FFFD,
    ]
    return wide.contains { $0.contains(scalar) }
  }

  static func minutesAndSeconds(_ seconds: Double) -> String {
    let total = Int(seconds.rounded())
    return total >= 60 ? "\(total / 60) min \(total % 60) s" : "\(total) s"
  }

  /// `LAT,LON` in degrees.
  static func coordinate(_ text: String, option: String) throws(UsageError) -> Coordinate {
    let parts = text.split(separator: ",", omittingEmptySubsequences: false)
    guard parts.count == 2,
      let lat = Double(parts[0].trimmingCharacters(in: .whitespaces)),
      let lon = Double(parts[1].trimmingCharacters(in: .whitespaces)),
      (-90...90).contains(lat), (-180...180).contains(lon)
    else {
      throw UsageError(
        "--\(option) must be LAT,LON in degrees (latitude −90…90, longitude −180…180), not '\(text)'"
      )
    }
    return Coordinate(latitude: lat, longitude: lon)
  }

  /// The map file at `path`, or the embedded Helsinki map.
  public static func loadMap(_ path: String?) throws -> RoadMap {
    guard let url = path.map({ URL(fileURLWithPath: $0) }) ?? EmbeddedData.mapURL else {
      throw UsageError("no --map given and the program has no embedded map")
    }
    do {
      return try RoadMap(contentsOf: url)
    } catch {
      throw UsageError("\(error)")
    }
  }
}

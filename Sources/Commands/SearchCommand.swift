import Foundation
import Geo
import JSON
import MapFile
import Routing
import Search

/// `headunit search QUERY [--map FILE] [--near LAT,LON] [--limit N] [--json]`: the map's
/// search (`AddressSearch`, the one the app uses) on the command line.
public enum SearchCommand {
  static let help = """
    usage: headunit search QUERY [--map FILE] [--near LAT,LON] [--limit N] [--json]

    Searches the map's addresses, streets, places, postcodes and cities ("Mannerheimintie 13",
    "13 Mannerheimintie", "mannerh 1", "00100", "Helsinki"; case and accents do not matter)
    and prints the results ranked: an exact house number first, then nearest to --near.
    One line each: kind, label, position, and the road point a route goes to with the side
    of the street; with --json one JSON object a line.
      --map FILE      a map file from `headunit maps import` (default: the embedded Helsinki map)
      --near LAT,LON  rank nearest to this point (default: the middle of the map)
      --limit N       at most N results, 1–1000 (default 10)
      --json          JSON lines: kind, label, lat, lon, road {lat, lon, side, edge, offset}
    """

  static func run(_ words: [String], console: Console) throws -> HeadUnitCommand.Status {
    guard
      let args = try Arguments.unlessHelp(
        words, options: ["map", "near", "limit"], flags: ["json", "help"], help: help,
        console: console)
    else { return .success }
    guard !args.positional.isEmpty else {
      throw UsageError("search: what to look for? (headunit search QUERY)")
    }
    let query = args.positional.joined(separator: " ")
    guard query.contains(where: { $0.isLetter || $0.isNumber }) else {
      throw UsageError("search: the query has no letter or digit to look for")
    }
    guard query.count <= 200 else {
      throw UsageError("search: the query is \(query.count) characters long, at most 200")
    }
    let limit = try args.int("limit", default: 10, range: 1...1000)
    let map = try RouteCommand.loadMap(args.value("map"))
    let near = try args.value("near").map { try RouteCommand.coordinate($0, option: "near") }
    let search = AddressSearch(map: map)
    let results = search.results(for: query, near: near ?? centre(of: map), limit: limit)
    for result in results {
      console.out(args.flag("json") ? json(result) : text(result))
    }
    if results.isEmpty && !args.flag("json") { console.out("no results for '\(query)'") }
    return .success
  }

  /// The middle of the map's bounding box of nodes.
  public static func centre(of map: RoadMap) -> Coordinate {
    guard map.nodeCount > 0 else { return Coordinate(latitude: 0, longitude: 0) }
    var (south, west, north, east) = (90.0, 180.0, -90.0, -180.0)
    for node in 0..<map.nodeCount {
      let c = map.coordinate(ofNode: node)
      south = min(south, c.latitude)
      north = max(north, c.latitude)
      west = min(west, c.longitude)
      east = max(east, c.longitude)
    }
    return Coordinate(latitude: (south + north) / 2, longitude: (west + east) / 2)
  }

  /// `address  Mannerheimintie 13, 00100 Helsinki  60.171234,24.939876  road 60.171200,24.939500 right  120 m`
  static func text(_ r: SearchResult) -> String {
    var line =
      "\(r.kind.rawValue.padding(toLength: 8, withPad: " ", startingAt: 0)) \(r.label)  \(format(r.coordinate))"
    if let road = r.roadPoint {
      line += "  road \(format(road.coordinate)) \(road.side?.rawValue ?? "on the road")"
    }
    if let d = r.distance { line += String(format: "  %.0f m", d) }
    return line
  }

  /// One JSON object: kind, label, name, number, lat, lon, road point, distance.
  static func json(_ r: SearchResult) -> String {
    var fields: [(String, JSONValue)] = [
      ("kind", .string(r.kind.rawValue)), ("label", .string(r.label)), ("name", .string(r.name)),
    ]
    if let number = r.number { fields.append(("number", .string(number))) }
    fields += [
      ("lat", .number(rounded(r.coordinate.latitude))),
      ("lon", .number(rounded(r.coordinate.longitude))),
    ]
    if let road = r.roadPoint {
      fields.append(
        (
          "road",
          .object([
            ("lat", .number(rounded(road.coordinate.latitude))),
            ("lon", .number(rounded(road.coordinate.longitude))),
            ("side", road.side.map { .string($0.rawValue) } ?? .null),
            ("edge", .number(Double(road.edge))),
            ("offset_m", .number((road.offset * 10).rounded() / 10)),
          ])
        ))
    } else {
      fields.append(("road", .null))
    }
    if let d = r.distance { fields.append(("distance_m", .number(d.rounded()))) }
    return JSONValue.object(fields).serialized
  }

  static func rounded(_ degrees: Double) -> Double { (degrees * 1e7).rounded() / 1e7 }

  static func format(_ c: Coordinate) -> String {
    String(format: "%.6f,%.6f", c.latitude, c.longitude)
  }
}

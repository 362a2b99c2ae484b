import Foundation
import Geo
import Navigation

/// Reads junction files: plain text a person writes, one junction kind per file, each
/// holding scenarios.
///
/// ```
/// # Forks: two branches of the same kind, neither the obvious way on.
/// scenario fork of two primary roads
/// map
///           c
///   a   b
///           d
/// ways
///   ab
///   bc
///   bd
/// routes
///   a -> c: depart ab, fork slight left bc, arrive bc
///   a -> d: depart, fork slight right, arrive
/// ```
///
/// - `#` starts a comment line. Keywords stand at the start of a line; the lines of a block
///   are indented under it.
/// - `scenario TITLE` starts a scenario; then, in any order: `grid METRES` (default 10),
///   `driving left|right` (default right), `origin LAT,LON`, and the blocks.
/// - `map`: the drawing (`JunctionScenario`); its common indentation is removed.
/// - `ways`: one way per line, its node letters then `key=value` tags (quote values with
///   spaces: `name="Main Street"`). `highway` is `primary` unless given; `name` is the node
///   letters unless given, `name=` gives the way no name.
/// - `nodes`: a letter then its tags (`b highway=traffic_signals`).
/// - `relations`: `role:member` members (a letter is a node, longer a way, as in the
///   ways block) and tags: `type=restriction restriction=no_left_turn from:ab via:b to:bc`.
/// - `routes`: `FROM -> TO: STEP, STEP, …`, each step an `ExpectedManeuver`.
///
/// Files are capped at 1 MiB; every error names the file and line.
public enum JunctionFile {
  public static let maximumBytes = 1 << 20

  /// Reads the file at `path`.
  public static func read(path: String) throws(JunctionError) -> [JunctionScenario] {
    let name = (path as NSString).lastPathComponent
    guard let handle = FileHandle(forReadingAtPath: path) else {
      throw JunctionError(file: name, line: 0, "cannot open \(path)")
    }
    defer { try? handle.close() }
    let data = (try? handle.read(upToCount: maximumBytes + 1)) ?? nil
    guard let data else { throw JunctionError(file: name, line: 0, "cannot read \(path)") }
    guard data.count <= maximumBytes else {
      throw JunctionError(file: name, line: 0, "over \(maximumBytes) bytes: not a junction file")
    }
    guard let text = String(data: data, encoding: .utf8) else {
      throw JunctionError(file: name, line: 0, "not UTF-8 text")
    }
    return try parse(text, file: name)
  }

  private enum Block { case none, map, ways, nodes, relations, routes }

  /// The scenarios of `text`; `file` names it in errors.
  public static func parse(_ text: String, file: String) throws(JunctionError)
    -> [JunctionScenario]
  {
    var scenarios: [JunctionScenario] = []
    var current: JunctionScenario?
    var block = Block.none
    var mapLines: [(line: Int, text: String)] = []

    func fail(_ line: Int, _ message: String) -> JunctionError {
      JunctionError(file: file, line: line, message)
    }
    func finish() throws(JunctionError) {
      guard var scenario = current else { return }
      try placeMap(mapLines, into: &scenario, fail: fail)
      try check(scenario, fail: fail)
      scenarios.append(scenario)
      mapLines = []
    }

    for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false)
      .enumerated()
    {
      let line = index + 1
      let text = String(raw.hasSuffix("\r") ? raw.dropLast() : raw)
      let trimmed = text.trimmingCharacters(in: .whitespaces)
      let indented = text.first == " " || text.first == "\t"
      if block == .map && (indented || trimmed.isEmpty) {
        mapLines.append((line, text))
        continue
      }
      if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
      if indented {
        guard current != nil else { throw fail(line, "an indented line outside a scenario") }
        switch block {
        case .none, .map:
          throw fail(line, "an indented line outside a block (map, ways, nodes, relations, routes)")
        case .ways: current!.ways.append(try way(trimmed, line: line, fail: fail))
        case .nodes:
          let (letter, tags) = try nodeTags(trimmed, line: line, fail: fail)
          current!.nodeTags[letter, default: [:]].merge(tags) { $1 }
        case .relations: current!.relations.append(try relation(trimmed, line: line, fail: fail))
        case .routes: current!.cases.append(try routeCase(trimmed, line: line, fail: fail))
        }
        continue
      }
      let (keyword, argument) = splitKeyword(trimmed)
      if keyword == "scenario" {
        try finish()
        guard !argument.isEmpty else { throw fail(line, "scenario needs a title") }
        current = JunctionScenario(title: argument, file: file, line: line)
        block = .none
        continue
      }
      guard current != nil else {
        throw fail(line, "expected 'scenario TITLE' before '\(keyword)'")
      }
      block = .none
      switch keyword {
      case "grid":
        let number = argument.hasSuffix("m") ? String(argument.dropLast()) : argument
        guard let size = Double(number.trimmingCharacters(in: .whitespaces)), size > 0,
          size <= 10_000
        else { throw fail(line, "grid needs a size in metres from 0 to 10000, not '\(argument)'") }
        current!.gridSize = size
      case "driving":
        guard let side = Maneuver.Side(rawValue: argument) else {
          throw fail(line, "driving needs 'left' or 'right', not '\(argument)'")
        }
        current!.drivingSide = side
      case "origin":
        let parts = argument.split(separator: ",").map {
          Double($0.trimmingCharacters(in: .whitespaces))
        }
        guard parts.count == 2, let lat = parts[0], let lon = parts[1], abs(lat) <= 80,
          abs(lon) <= 180
        else { throw fail(line, "origin needs LAT,LON in degrees, not '\(argument)'") }
        current!.origin = Coordinate(latitude: lat, longitude: lon)
      case "map", "ways", "nodes", "relations", "routes":
        guard argument.isEmpty else { throw fail(line, "'\(keyword)' takes nothing after it") }
        block =
          [
            "map": .map, "ways": .ways, "nodes": .nodes, "relations": .relations,
            "routes": .routes,
          ][keyword]!
        if block == .map && !mapLines.isEmpty { throw fail(line, "a second map") }
      default:
        throw fail(
          line,
          "unknown keyword '\(keyword)' (expected scenario, grid, driving, origin, map, ways, nodes, relations or routes)"
        )
      }
    }
    try finish()
    return scenarios
  }

  static func splitKeyword(_ text: String) -> (String, String) {
    guard let space = text.firstIndex(of: " ") else { return (text, "") }
    return (
      String(text[..<space]), text[space...].trimmingCharacters(in: .whitespaces)
    )
  }
}

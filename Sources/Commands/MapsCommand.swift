import Foundation
import HeadUnit
import MapFile
import MapImport
import Navigation
import Routing

/// `headunit maps import REGION.osm.pbf [--out FILE] [--country CC]`: builds the offline
/// map file from an OpenStreetMap extract. `headunit maps verify FILE`: checks one.
enum MapsCommand {
  static let help = """
    usage: headunit maps import REGION.osm.pbf [--out FILE] [--country CC] [--no-hierarchy]
           headunit maps verify FILE.map

    Imports an OpenStreetMap PBF extract into a map file for offline routing: the roads a
    car may drive (with names, refs, oneways, speed limits, turn lanes, roundabouts), turn
    restrictions, named places, and addresses (house numbers on nodes, buildings,
    multipolygons and interpolation ways, with postcodes, cities, entrances and the road
    point each leads to) with the index search uses. Writes FILE (default: REGION.map next
    to the input); the summary counts the addresses it could not use.
      --out FILE     where to write the map
      --country CC   speed defaults of this country for roads without a limit
                     (\(SpeedLimits.countries.joined(separator: ", ")); others use a general table;
                     default: guessed from where the data is)
      --no-hierarchy no routing hierarchy: a smaller file, made faster, that the router
                     searches plainly
    Progress goes to standard error when the import takes more than a second; the summary
    to standard output. Exit 1 when the file cannot be read or is corrupt.

    verify reads a whole map file: its checksum, every index and count, the routing
    hierarchy's checksum. Exit 0 when it holds, 1 (saying where it does not) when not.
    """

  static func run(_ words: [String], console: Console) throws -> HeadUnitCommand.Status {
    guard
      let args = try Arguments.unlessHelp(
        words, options: ["out", "country"], flags: ["help", "no-hierarchy"], help: help,
        console: console)
    else { return .success }
    guard let sub = args.positional.first else {
      throw UsageError("maps: what to do? (headunit maps import REGION.osm.pbf)")
    }
    if sub == "verify" { return try verify(args, console: console) }
    guard sub == "import" else {
      throw UsageError("maps: unknown subcommand '\(sub)' (expected import or verify)")
    }
    guard args.positional.count == 2 else {
      throw UsageError(
        args.positional.count < 2
          ? "maps import: which file? (headunit maps import REGION.osm.pbf)"
          : "maps import: one input file, got \(args.positional.count - 1)")
    }
    let input = args.positional[1]
    let output = args.value("out") ?? defaultOutput(for: input)
    if let country = args.value("country") {
      guard country.count == 2, country.allSatisfy(\.isLetter) else {
        throw UsageError("--country must be a two-letter country code such as FI, not '\(country)'")
      }
    }
    try OutputFile.check(output, notOver: [input])
    let clock = ContinuousClock()
    let start = clock.now
    var lastReport = start
    var phaseStart: [MapImporter.Progress.Phase: (time: Double, done: Int)] = [:]
    var importer = MapImporter(
      country: args.value("country"), hierarchy: !args.flag("no-hierarchy"))
    importer.scratchFolder = (output as NSString).deletingLastPathComponent
    let result: RoadMapBuilder.Output
    do {
      result = try importer.importFile(atPath: input) { progress in
        let now = clock.now
        // Every second; a step as it begins, once the import has taken a second.
        guard
          now - lastReport >= .seconds(1) || (progress.phase.isStep && now - start >= .seconds(1))
        else { return }
        lastReport = now
        let elapsed = (now - start).seconds
        if phaseStart[progress.phase] == nil {
          phaseStart[progress.phase] = (elapsed, progress.done)
        }
        console.err(
          Self.progressLine(progress, elapsed: elapsed, since: phaseStart[progress.phase]!))
      }
    } catch {
      // The input given on the command line is not a usable extract.
      console.err("headunit: \(error)")
      return .usage
    }

    var size = 0
    do {
      size = try OutputFile.write(result, to: output)
    } catch {
      console.err("headunit: \(output): cannot write the map: \(error)")
      return .failure
    }
    let elapsed = (clock.now - start).seconds
    var summary = result.summary
    if args.flag("no-hierarchy") { summary.hierarchyProblem = "--no-hierarchy" }
    for line in Self.summary(summary, input: input, output: output, size: size) {
      console.out(line)
    }
    console.out(String(format: "  time %.2f s", elapsed))
    return .success
  }

  /// `REGION.osm.pbf` → `REGION.map` in the same folder.
  static func defaultOutput(for input: String) -> String {
    var base = input
    for suffix in [".osm.pbf", ".pbf"] where base.hasSuffix(suffix) {
      base = String(base.dropLast(suffix.count))
      break
    }
    return base + ".map"
  }

  /// The lines the import prints when it is done.
  static func summary(_ s: RoadMapBuilder.Summary, input: String, output: String, size: Int)
    -> [String]
  {
    let skipped = s.restrictionsSkipped.sorted { $0.key < $1.key }
      .map { "\($0.value) \($0.key)" }.joined(separator: ", ")
    return [
      "imported \(input) → \(output)",
      "  nodes \(s.nodes), edges \(s.edges), road \(String(format: "%.1f", s.roadLength / 1000)) km (\(s.waysKept) ways)",
      "  restrictions kept \(s.restrictionsKept), skipped \(s.restrictionsSkippedTotal)"
        + (skipped.isEmpty ? "" : " (\(skipped))"),
      "  places \(s.places), areas \(s.areas), signposts \(s.signposts)",
      "  ways split at gaps \(s.waysSplitAtGaps) (\(s.missingNodeReferences) missing node references), dropped \(s.waysDropped)",
      "  speed defaults \(s.country) (\(s.waysWithDefaultSpeed) ways without a limit tag)",
    ] + wholeMapLines(s.wholeMap) + addressLines(s.addresses) + [
      s.hierarchyProblem.map { "  routing hierarchy: none (\($0))" }
        ?? "  routing hierarchy: \(s.hierarchyArcs) arcs (\(s.hierarchyShortcuts) shortcuts)"
    ] + routingTableLines(s) + [
      String(format: "  file %.2f MB", Double(size) / 1_048_576)
    ]
  }

  /// Why the map has no routing table, when it has none.
  private static func routingTableLines(_ s: RoadMapBuilder.Summary) -> [String] {
    s.routingTableProblem.map { ["  routing table: none (\($0))"] } ?? []
  }

  /// `maps verify FILE`: the whole file checked, and what it holds.
  static func verify(_ args: Arguments, console: Console) throws -> HeadUnitCommand.Status {
    guard args.positional.count == 2 else {
      throw UsageError("maps verify: which map file? (headunit maps verify FILE.map)")
    }
    do {
      let map = try RoadMap(contentsOf: URL(fileURLWithPath: args.positional[1]))
      try map.verify()
      let hierarchy =
        switch map.hierarchy {
        case .success(let h)?
        where h.fingerprint != RouterOptions(drivingSide: map.drivingSide).hierarchyFingerprint:
          "a routing hierarchy built with other route costs, which the router leaves unused "
            + "(routes with the plain search; import the map again)"
        case .success(let h)?: "a routing hierarchy of \(h.arcCount) arcs"
        case .failure(let problem)?: "a routing hierarchy that does not fit (\(problem))"
        case nil: "no routing hierarchy (routes with the plain search)"
        }
      console.out(
        "\(map.name): ok, version \(map.version), \(map.nodeCount) nodes, \(map.edgeCount) edges, \(hierarchy), "
          + (map.hasRoutingTable
            ? "a routing table" : "no routing table (built when the map opens)")
      )
      return .success
    } catch {
      console.err("headunit: \(error)")
      return .failure
    }
  }

  /// "maps import: nodes, blob 120/789 (118 a second, 5 s left), 8.6 s": the phase, its
  /// units done, their rate since the phase was first reported (`began`) and the time it
  /// leaves at that rate.
  static func progressLine(
    _ p: MapImporter.Progress, elapsed: Double, since began: (time: Double, done: Int)
  ) -> String {
    let unit: String
    switch p.phase {
    case .ways: unit = "ways and relations, blob"
    case .nodes: unit = "nodes, blob"
    case .hierarchy: unit = "routing hierarchy, edge"
    case .roads, .areas, .addresses, .routingTable:
      let names: [MapImporter.Progress.Phase: String] = [
        .roads: "the road graph", .areas: "areas", .addresses: "addresses",
        .routingTable: "the routing table",
      ]
      return "maps import: \(names[p.phase] ?? "")" + String(format: ", %.1f s", elapsed)
    }
    var line = "maps import: \(unit) \(p.done)/\(p.total)"
    let rate = Double(p.done - began.done) / max(elapsed - began.time, 1e-9)
    if rate > 0, elapsed - began.time >= 1 {
      line += String(
        format: " (%.0f a second, %.0f s left)", rate, Double(p.total - p.done) / rate)
    }
    return line + String(format: ", %.1f s", elapsed)
  }

  /// What the import made of the addresses, and the bad ones it counted.
  static func addressLines(_ a: AddressSummary) -> [String] {
    [
      "  addresses \(a.addresses) (nodes \(a.fromNodes), buildings \(a.fromBuildings), multipolygons \(a.fromMultipolygons), interpolated \(a.interpolated); \(a.atEntrances) at an entrance, \(a.onPlaces) on a place), streets \(a.streets), postcodes \(a.postcodes), cities \(a.cities) (\(a.citiesFromPlaces) addresses took theirs from a place or municipality, \(a.postcodesFromAreas) their postcode from an area)",
      "  address problems \(a.problems): street on no road \(a.streetNotOnMap) (kept), no road within 500 m \(a.withoutRoad) (kept), no street \(a.noStreet), not a number \(a.invalidNumbers), no geometry \(a.incompleteGeometry); duplicates merged \(a.duplicates)",
      "  interpolations expanded \(a.interpolationsExpanded), missing ends \(a.interpolationMissingEnds), invalid ends \(a.interpolationInvalid), ranges over \(500) numbers \(a.interpolationHugeRange)",
    ]
  }
}

import Commands
import Core
import Foundation
import Geo
import HeadUnit
import MapFile
import MapImport
import Navigation
import Routing

/// `headunit bench maps [--pbf FILE] [--runs N] [--queries N]`: the offline map's figures
/// on this machine — importing an extract with and without addresses, the size of the map
/// file, opening it and finding the edges near a point.
enum MapBenchmark {
  static let help = """
    usage: headunit bench maps [--pbf FILE] [--runs N] [--queries N]

    maps: imports the extract (default: the embedded Helsinki one) N times (default 5)
    with its addresses and N times without, and prints the best and median time and the
    map file's size of each; then opens the map N times (median time to open) and answers
    --queries edges(near:radius: 50 m) lookups at random points of the extract (default
    10,000), printing µs per lookup.
    """

  static func run(_ args: Arguments, console: Console) throws -> HeadUnitCommand.Status {
    let runs = try args.int("runs", default: 5, range: 1...100)
    let queries = try args.int("queries", default: 10_000, range: 1...10_000_000)
    guard let pbf = args.value("pbf").map({ URL(fileURLWithPath: $0) }) ?? EmbeddedData.pbfURL
    else {
      console.err("headunit: bench maps: the embedded Helsinki data is missing")
      return .failure
    }
    let clock = ContinuousClock()
    var output: RoadMapBuilder.Output?
    let pbfSize = (try? FileManager.default.attributesOfItem(atPath: pbf.path)[.size] as? Int) ?? 0
    for addresses in [true, false] {
      var imports: [Double] = []
      var result: RoadMapBuilder.Output?
      for _ in 0..<runs {
        let elapsed = try clock.measure {
          result = try MapImporter(addresses: addresses).importFile(atPath: pbf.path)
        }
        imports.append(elapsed.seconds * 1e3)
      }
      imports.sort()
      guard addresses else {
        console.out(
          String(
            format: "  without addresses: best %.1f ms, median %.1f ms; map file %.1f KB",
            imports[0], imports[imports.count / 2], Double(result?.data.count ?? 0) / 1024))
        continue
      }
      output = result
      let summary = output?.summary ?? RoadMapBuilder.Summary()
      console.out(
        String(
          format: "bench maps: import of %@ (%.0f KB): best %.1f ms, median %.1f ms (%d runs)",
          pbf.lastPathComponent, Double(pbfSize) / 1024, imports[0], imports[imports.count / 2],
          runs))
      console.out(
        String(
          format:
            "  map file %.1f KB: %d nodes, %d edges, %.1f km of road, %d places, %d addresses, %d streets",
          Double(output?.data.count ?? 0) / 1024, summary.nodes, summary.edges,
          summary.roadLength / 1000, summary.places, summary.addresses.addresses,
          summary.addresses.streets))
    }

    // The map opened as the daemon opens one: mapped from a file.
    let mapURL = FileManager.default.temporaryDirectory.appendingPathComponent(
      "headunit-bench-\(getpid()).map")
    try (output?.data ?? Data()).write(to: mapURL)
    defer { try? FileManager.default.removeItem(at: mapURL) }
    var opens: [Double] = []
    var map: RoadMap?
    for _ in 0..<runs {
      map = nil
      let elapsed = try clock.measure { map = try RoadMap(contentsOf: mapURL) }
      opens.append(elapsed.seconds * 1e6)
    }
    opens.sort()
    guard let map else { return .failure }
    // Random points in the box of the map's nodes, the same every run.
    let coordinates = (0..<map.nodeCount).map(map.coordinate(ofNode:))
    let minLat = coordinates.map(\.latitude).min() ?? 0
    let maxLat = coordinates.map(\.latitude).max() ?? 0
    let minLon = coordinates.map(\.longitude).min() ?? 0
    let maxLon = coordinates.map(\.longitude).max() ?? 0
    var state: UInt64 = 0x1234_5678
    func unit() -> Double {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Double(state >> 11) / Double(1 << 53)
    }
    let points = (0..<queries).map { _ in
      Coordinate(
        latitude: minLat + (maxLat - minLat) * unit(),
        longitude: minLon + (maxLon - minLon) * unit())
    }
    var found = 0
    var empty = 0
    let elapsed = clock.measure {
      for point in points {
        let edges = map.edges(near: point, radius: 50)
        found += edges.count
        if edges.isEmpty { empty += 1 }
      }
    }
    console.out(
      String(
        format: "  open: median %.0f µs (mmap, %d runs)", opens[opens.count / 2], runs))
    console.out(
      String(
        format:
          "  edges(near:, 50 m): %d queries in %.1f ms, %.2f µs each; %.1f edges per answer, %d empty",
        queries, elapsed.seconds * 1e3, elapsed.seconds * 1e6 / Double(queries),
        Double(found) / Double(queries), empty))
    return .success
  }
}

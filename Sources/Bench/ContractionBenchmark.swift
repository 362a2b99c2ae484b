import Commands
import Contraction
import Core
import Foundation
import Routing

/// `headunit bench contraction [--map FILE] [--threads N]`: building the routing hierarchy
/// alone, from a map's roads.
enum ContractionBenchmark {
  static let help = """
    usage: headunit bench contraction [--map FILE] [--threads N]

    contraction: opens the map (default: the embedded Helsinki map) and builds its routing
    hierarchy again from its roads with the router's default costs, on N threads (default:
    the machine's cores, at most 4); prints the time, the arcs and shortcuts, the tables'
    size, a digest of the tables (equal on every run and any N for the same map), whether
    they equal the map's own hierarchy, and the peak RSS before and after.
    """

  static func run(_ args: Arguments, console: Console) throws -> HeadUnitCommand.Status {
    let map = try RouteCommand.loadMap(args.value("map"))
    let router = Router(graph: map, usingHierarchy: false)
    var builder = HierarchyBuilder(router: router)
    if args.value("threads") != nil {
      builder.threads = try args.int("threads", default: 1, range: 1...64)
    }
    let threads = builder.threads
    let before = ResourceUsage.peakResidentMegabytes
    let clock = ContinuousClock()
    var tables: HierarchyTables?
    var failure: String?
    let elapsed = clock.measure {
      do {
        tables = try builder.build()
      } catch {
        failure = "\(error)"
      }
    }
    guard let tables else {
      console.err("headunit: bench contraction: no hierarchy: \(failure ?? "?")")
      return .failure
    }
    let shortcuts =
      tables.arcs.reduce(0) { $0 + ($1.middle != HierarchyTables.noMiddle ? 1 : 0) } / 2
    let bytes = tables.index.count * 8 + tables.arcs.count * 12
    let same =
      switch map.hierarchy {
      case .success(let own)?: own.arcCount == tables.arcs.count ? "same arc count" : "differs"
      case .failure?, nil: "the map has none"
      }
    console.out(
      String(
        format: "bench contraction: %@ (%d edges), %d threads: %.2f s", map.name, map.edgeCount,
        threads, elapsed.seconds))
    console.out(
      String(
        format: "  %d arcs (%d shortcuts), %.1f MB of tables, digest %016llx; map's own: %@",
        tables.arcs.count, shortcuts, Double(bytes) / 1e6, digest(tables), same))
    console.out(
      String(
        format: "  peak RSS: %.1f MB with the map open, %.1f MB after", before,
        ResourceUsage.peakResidentMegabytes))
    return .success
  }

  /// FNV-1a over the tables' index and arcs.
  static func digest(_ tables: HierarchyTables) -> UInt64 {
    var h: UInt64 = 0xcbf2_9ce4_8422_2325
    func mix(_ x: UInt32) {
      h = (h ^ UInt64(x)) &* 0x100_0000_01b3
    }
    for (up, down) in tables.index {
      mix(up)
      mix(down)
    }
    for a in tables.arcs {
      mix(a.node)
      mix(a.weight)
      mix(a.middle)
    }
    return h
  }
}

import Foundation
import Geo

/// Where an address without `addr:city` or `addr:postcode` takes them from.
///
/// The city, in this order:
/// 1. the smallest settlement area holding it (`place=city|town|village|hamlet` on a closed
///    way or a multipolygon or boundary relation);
/// 2. the nearest settlement node within the reach of its kind (20 km of a city, 10 km of a
///    town, 5 km of a village, 2 km of a hamlet) — when the point lies in a municipality
///    (`boundary=administrative`, `admin_level` 8, else 7), only a node in the same one, so
///    a town's node across the municipal line is never taken;
/// 3. that municipality's name.
///
/// The postcode: the smallest `boundary=postal_code` area holding it, else the smallest
/// other boundary with a `postal_code` tag.
struct SettlementIndex: Sendable {
  static let reach: [String: Double] = [
    "city": 20_000, "town": 10_000, "village": 5_000, "hamlet": 2_000,
  ]

  /// Ranks of the regions: settlements, municipalities by level, postcode areas.
  private enum Rank {
    static let settlement = 0
    static let postalCode = 1
    static let otherPostcode = 2
    static func municipality(_ level: Int) -> Int { 100 + level }
  }

  /// Settlement nodes, each with the municipality holding it (see `municipality(holding:)`).
  private var nodes: [(name: String, point: Outline.Point, reach: Double, municipality: Int?)] =
    []
  private var nodeGrid = PointGrid(cell: 1_000_000)
  private var regions = RegionIndex()
  /// What the regions' assembly left out (rings cut by the extract and not closable…).
  private(set) var regionCounts = AreaAssembly.Counts()

  init(elements: AddressElements, coordinates: NodeCoordinates, box: ExtractBox?) {
    for id in elements.settlementNodes.keys.sorted() {
      guard let s = elements.settlementNodes[id], let p = coordinates[id] else { continue }
      let reach = Self.reach[s.place] ?? 0
      let dLat = Int32(reach / 111_195 * 1e7)
      let latitude = Double(p.latitude) / 1e7 * Double.pi / 180
      let dLon = Int32(Double(dLat) / max(cos(latitude), 0.05))
      nodeGrid.insert(
        nodes.count,
        box: (p.latitude &- dLat, p.longitude &- dLon, p.latitude &+ dLat, p.longitude &+ dLon))
      nodes.append((s.name, p, reach, nil))
    }
    var assembly = AreaAssembly(box: box, coordinates: coordinates)
    for id in elements.regions.keys.sorted() {
      guard let region = elements.regions[id] else { continue }
      let ways = { (refs: [Int64]) in refs.compactMap { elements.memberWays[$0] } }
      let rings = assembly.polygons(outer: ways(region.outer), inner: ways(region.inner))
        .flatMap { $0 }
      guard !rings.isEmpty else { continue }
      for (kind, name) in region.names {
        let rank: Int
        switch kind {
        case .settlement: rank = Rank.settlement
        case .municipality(let level): rank = Rank.municipality(level)
        case .postalCode: rank = Rank.postalCode
        case .boundaryPostcode: rank = Rank.otherPostcode
        }
        regions.add(name: name, rank: rank, rings: rings)
      }
    }
    regionCounts = assembly.counts
    for i in nodes.indices {
      nodes[i].municipality = municipality(
        holding: regions.indices(containing: PlanarPoint(nodes[i].point)))
    }
  }

  /// The municipality among `holding` (region numbers): the smallest at level 8, else at 7.
  private func municipality(holding: [Int]) -> Int? {
    smallest(holding, rank: Rank.municipality(8)) ?? smallest(holding, rank: Rank.municipality(7))
  }

  /// The city of a point, nil when no settlement or municipality holds it or is near.
  func city(at p: Outline.Point) -> String? {
    let holding = regions.indices(containing: PlanarPoint(p))
    if let area = smallest(holding, rank: Rank.settlement) { return regions.regions[area].name }
    let municipality = municipality(holding: holding)
    let box = (p.latitude, p.longitude, p.latitude, p.longitude)
    let here = AddressAssembly.coordinate(p)
    var best: (distance: Double, index: Int)?
    for i in nodeGrid.items(in: box) {
      let d = Earth.distance(here, AddressAssembly.coordinate(nodes[i].point))
      guard d <= nodes[i].reach, best == nil || d < best!.distance,
        municipality == nil || nodes[i].municipality == municipality
      else { continue }
      best = (d, i)
    }
    return best.map { nodes[$0.index].name } ?? municipality.map { regions.regions[$0].name }
  }

  /// The postcode of the area holding a point, nil when none does.
  func postcode(at p: Outline.Point) -> String? {
    let holding = regions.indices(containing: PlanarPoint(p))
    let code =
      smallest(holding, rank: Rank.postalCode) ?? smallest(holding, rank: Rank.otherPostcode)
    return code.map { regions.regions[$0].name }
  }

  /// The smallest of `holding` (region numbers) of this rank.
  private func smallest(_ holding: [Int], rank: Int) -> Int? {
    holding.filter { regions.regions[$0].rank == rank }.min {
      regions.regions[$0].area < regions.regions[$1].area
    }
  }
}

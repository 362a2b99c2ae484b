import Foundation
import Geo

/// The settlements (`place=city|town|village|hamlet` with a name) an address without
/// `addr:city` takes its city from: the one whose closed way it lies in, else the nearest
/// node within the reach of its kind (20 km of a city, 10 km of a town, 5 km of a village,
/// 2 km of a hamlet).
struct SettlementIndex: Sendable {
  static let reach: [String: Double] = [
    "city": 20_000, "town": 10_000, "village": 5_000, "hamlet": 2_000,
  ]

  private var nodes: [(name: String, point: Outline.Point, reach: Double)] = []
  private var areas: [(name: String, ring: [Outline.Point])] = []
  private var nodeGrid = PointGrid(cell: 1_000_000)
  private var areaGrid = PointGrid(cell: 1_000_000)

  init(elements: AddressElements, coordinates: NodeCoordinates) {
    for id in elements.settlementNodes.keys.sorted() {
      guard let s = elements.settlementNodes[id], let p = coordinates[id] else { continue }
      let reach = Self.reach[s.place] ?? 0
      let dLat = Int32(reach / 111_195 * 1e7)
      let latitude = Double(p.latitude) / 1e7 * Double.pi / 180
      let dLon = Int32(Double(dLat) / max(cos(latitude), 0.05))
      nodeGrid.insert(
        nodes.count,
        box: (p.latitude &- dLat, p.longitude &- dLon, p.latitude &+ dLat, p.longitude &+ dLon))
      nodes.append((s.name, p, reach))
    }
    for id in elements.settlementWays.keys.sorted() {
      guard let way = elements.settlementWays[id] else { continue }
      let ring = way.nodes.compactMap { coordinates[$0] }
      guard ring.count == way.nodes.count else { continue }
      areaGrid.insert(areas.count, box: PointGrid.box(ring))
      areas.append((way.settlement.name, ring))
    }
  }

  /// The city of a point, nil when no settlement is near.
  func city(at p: Outline.Point) -> String? {
    let box = (p.latitude, p.longitude, p.latitude, p.longitude)
    for i in areaGrid.items(in: box) where Outline.contains(areas[i].ring, p) {
      return areas[i].name
    }
    let here = AddressAssembly.coordinate(p)
    var best: (distance: Double, index: Int)?
    for i in nodeGrid.items(in: box) {
      let d = Earth.distance(here, AddressAssembly.coordinate(nodes[i].point))
      guard d <= nodes[i].reach else { continue }
      if best == nil || d < best!.distance { best = (d, i) }
    }
    return best.map { nodes[$0.index].name }
  }
}

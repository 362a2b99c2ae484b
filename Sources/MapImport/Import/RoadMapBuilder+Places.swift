import Foundation
import MapFile

extension RoadMapBuilder {
  /// Keeps what an element says about built-up areas (a `place` node or closed way) and
  /// about the country (`CountryEvidence`).
  mutating func noteSettlementAndCountry(id: Int64, nodes: [Int64]?, tags: [String: String]) {
    countryEvidence.noteAddress(tags)
    guard let place = tags["place"], BuiltUpAreas.radii[place] != nil else { return }
    if let nodes {
      if nodes.count >= 4, nodes.first == nodes.last { settlementWays[id] = (place, nodes) }
    } else {
      settlementNodes[id] = place
    }
  }

  /// The built-up areas of the places added, those of their nodes that are in the data.
  func builtUpAreas() -> BuiltUpAreas {
    func degrees(_ id: Int64) -> (latitude: Double, longitude: Double)? {
      coordinates[id].map { (Double($0.latitude) / 1e7, Double($0.longitude) / 1e7) }
    }
    let nodes = settlementNodes.keys.sorted().compactMap { id in
      degrees(id).map {
        (place: settlementNodes[id]!, latitude: $0.latitude, longitude: $0.longitude)
      }
    }
    let areas = settlementWays.keys.sorted().compactMap {
      id -> (place: String, outline: [(latitude: Double, longitude: Double)])? in
      guard let way = settlementWays[id] else { return nil }
      let outline = way.nodes.compactMap(degrees)
      return outline.count == way.nodes.count ? (way.place, outline) : nil
    }
    return BuiltUpAreas(nodes: nodes, areas: areas)
  }

  /// The mean position of the nodes added, degrees; nil without nodes. Where the roads are,
  /// which a bounding box's centre is not when an extract reaches into a neighbour's land.
  func meanCoordinate() -> (latitude: Double, longitude: Double)? {
    guard !coordinates.isEmpty else { return nil }
    var latitude = 0.0
    var longitude = 0.0
    for c in coordinates.values {
      latitude += Double(c.latitude)
      longitude += Double(c.longitude)
    }
    let n = Double(coordinates.count) * 1e7
    return (latitude / n, longitude / n)
  }
}

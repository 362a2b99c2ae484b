import Foundation
import Geo
import MapFile
import Routing

/// The address steps of `RoadMapBuilder.build()`: the collected elements → one candidate
/// per number (nodes, building centroids or entrances, multipolygon centroids, interpolated
/// numbers) with its city → duplicates merged → road points → streets, postcodes and cities
/// → the name index, as the `AddressBook` of a `MapContent`.
///
/// Deterministic: every step walks elements by id or sorted keys.
struct AddressAssembly {
  /// One address before it is laid out.
  struct Candidate {
    enum Source: Int, Comparable {
      case area = 0
      case node = 1
      case interpolation = 2
      static func < (a: Source, b: Source) -> Bool { a.rawValue < b.rawValue }
    }

    var number: HouseNumber
    var street: String
    var isPlace: Bool
    var postcode: String?
    var city: String?
    var position: Outline.Point
    var source: Source
    var fromRelation = false
    var atEntrance = false
    /// The element's id, for a stable order.
    var id: Int64
    /// The folded street, filled in by `index`.
    var streetKey = ""
  }

  /// What the candidates are made of: let go once they are (at the end of `init`).
  private(set) var elements: AddressElements
  private(set) var coordinates: NodeCoordinates
  var summary = AddressSummary()
  var candidates: [Candidate] = []
  let settlements: SettlementIndex
  /// Entrance nodes (ids ascending) and their grid, for entrances inside an outline.
  private let entranceIDs: [Int64]
  private var entranceGrid = PointGrid(cell: 10_000)

  /// `box`: the extract's, along which areas it cuts are closed.
  init(elements: AddressElements, coordinates: NodeCoordinates, box: ExtractBox?) {
    self.elements = elements
    self.coordinates = coordinates
    settlements = SettlementIndex(elements: elements, coordinates: coordinates, box: box)
    entranceIDs = elements.entrances.keys.sorted()
    for (i, id) in entranceIDs.enumerated() {
      if let c = coordinates[id] { entranceGrid.insert(i, box: (c.0, c.1, c.0, c.1)) }
    }
    summary.invalidNumbers = elements.invalidNumbers
    collectNodes()
    collectWays()
    collectRelations()
    collectInterpolations()
    for i in candidates.indices {
      if candidates[i].city == nil, let city = settlements.city(at: candidates[i].position) {
        candidates[i].city = city
        summary.citiesFromPlaces += 1
      }
      if candidates[i].postcode == nil,
        let code = settlements.postcode(at: candidates[i].position)
      {
        candidates[i].postcode = code
        summary.postcodesFromAreas += 1
      }
    }
    self.elements = AddressElements()
    self.coordinates = NodeCoordinates()
  }

  /// Adds the numbers of `tags` at `position`; counts the ones that cannot be addresses.
  private mutating func add(
    _ tags: AddressElements.Tags, at position: Outline.Point, source: Candidate.Source,
    id: Int64, entrance: Bool = false, relation: Bool = false
  ) {
    guard let text = tags.housenumber else { return }
    let (numbers, invalid) = HouseNumber.list(text)
    summary.invalidNumbers += invalid
    guard !numbers.isEmpty else { return }
    guard let street = tags.street ?? tags.place else {
      summary.noStreet += 1
      return
    }
    for number in numbers {
      candidates.append(
        Candidate(
          number: number, street: street, isPlace: tags.street == nil, postcode: tags.postcode,
          city: tags.city, position: position, source: source, fromRelation: relation,
          atEntrance: entrance, id: id))
    }
  }

  private mutating func collectNodes() {
    for id in elements.nodes.keys.sorted() {
      guard let tags = elements.nodes[id], let c = coordinates[id] else { continue }
      add(tags, at: c, source: .node, id: id)
    }
  }

  private mutating func collectWays() {
    for id in elements.ways.keys.sorted() {
      guard let way = elements.ways[id] else { continue }
      let points = way.nodes.compactMap { coordinates[$0] }
      guard !points.isEmpty else {
        summary.incompleteGeometry += 1
        continue
      }
      // A way left open (cut by the extract's edge) is at the mean of its points; an
      // entrance on it still counts.
      let closed = way.nodes.count >= 4 && way.nodes.first == way.nodes.last
      let centre = closed ? Outline.centroid([points]) : Self.mean(points)
      guard let centre else { continue }
      let entrance = self.entrance(outline: [way.nodes], rings: closed ? [points] : [])
      add(way.tags, at: entrance ?? centre, source: .area, id: id, entrance: entrance != nil)
    }
  }

  private mutating func collectRelations() {
    for id in elements.relations.keys.sorted() {
      guard let relation = elements.relations[id] else { continue }
      let ways = relation.outer.compactMap { elements.memberWays[$0] }
      let rings = Outline.rings(ways)
      let ringPoints = rings.map { $0.compactMap { coordinates[$0] } }.filter { $0.count >= 4 }
      let centre =
        Outline.centroid(ringPoints)
        ?? Outline.centroid([ways.flatMap { $0 }.compactMap { coordinates[$0] }])
      guard let centre else {
        summary.incompleteGeometry += 1
        continue
      }
      let entrance = self.entrance(outline: rings, rings: ringPoints)
      add(
        relation.tags, at: entrance ?? centre, source: .area, id: id, entrance: entrance != nil,
        relation: true)
    }
  }

  /// The entrance to drive to of a building with these outlines (node ids) and rings
  /// (points): an `entrance=main` node on or inside it before an `entrance=yes` one, the
  /// lowest id among equals; nil when it has none.
  private func entrance(outline: [[Int64]], rings: [[Outline.Point]]) -> Outline.Point? {
    guard !elements.entrances.isEmpty else { return nil }
    var best: (main: Bool, id: Int64)?
    func consider(_ id: Int64) {
      guard let main = elements.entrances[id] else { return }
      if let b = best, (b.main && !main) || (b.main == main && b.id <= id) { return }
      best = (main, id)
    }
    for ring in outline { for id in ring { consider(id) } }
    if best == nil, !rings.isEmpty {
      for i in entranceGrid.items(in: PointGrid.box(rings.flatMap { $0 })) {
        let id = entranceIDs[i]
        guard let c = coordinates[id], rings.contains(where: { Outline.contains($0, c) }) else {
          continue
        }
        consider(id)
      }
    }
    return best.flatMap { coordinates[$0.id] }
  }

  private mutating func collectInterpolations() {
    for id in elements.interpolations.keys.sorted() {
      guard let way = elements.interpolations[id] else { continue }
      // The numbered nodes along the way: its ends and any between.
      let numbered = way.nodes.indices.filter { elements.nodes[way.nodes[$0]]?.housenumber != nil }
      guard let first = numbered.first, let last = numbered.last, first == 0,
        last == way.nodes.count - 1, numbered.count >= 2,
        way.nodes.allSatisfy({ coordinates[$0] != nil })
      else {
        summary.interpolationMissingEnds += 1
        continue
      }
      var expanded = false
      for (a, b) in zip(numbered, numbered.dropFirst()) {
        let ta = elements.nodes[way.nodes[a]]!
        let tb = elements.nodes[way.nodes[b]]!
        guard let na = ta.housenumber.flatMap(HouseNumber.init),
          let nb = tb.housenumber.flatMap(HouseNumber.init)
        else {
          summary.interpolationInvalid += 1
          continue
        }
        var tags = way.tags
        tags.street = tags.street ?? ta.street ?? tb.street
        tags.place = tags.place ?? ta.place ?? tb.place
        tags.postcode = tags.postcode ?? ta.postcode ?? tb.postcode
        tags.city = tags.city ?? ta.city ?? tb.city
        guard tags.street != nil || tags.place != nil else {
          summary.noStreet += 1
          continue
        }
        switch HouseNumber.between(na, nb, scheme: way.scheme) {
        case .failure(.hugeRange): summary.interpolationHugeRange += 1
        case .failure(.invalidEnds): summary.interpolationInvalid += 1
        case .success(let numbers):
          expanded = true
          let line = Polyline(way.nodes[a...b].map { AddressAssembly.coordinate(coordinates[$0]!) })
          for (k, text) in numbers.enumerated() {
            let at = line.coordinate(at: line.length * Double(k + 1) / Double(numbers.count + 1))
            tags.housenumber = text
            add(tags, at: Self.e7(at), source: .interpolation, id: id)
          }
        }
      }
      if expanded { summary.interpolationsExpanded += 1 }
    }
  }

  static func mean(_ points: [Outline.Point]) -> Outline.Point? {
    guard !points.isEmpty else { return nil }
    let n = Int64(points.count)
    return (
      Int32(points.reduce(Int64(0)) { $0 + Int64($1.latitude) } / n),
      Int32(points.reduce(Int64(0)) { $0 + Int64($1.longitude) } / n)
    )
  }

  static func coordinate(_ p: Outline.Point) -> Coordinate {
    Coordinate(latitude: Double(p.latitude) / 1e7, longitude: Double(p.longitude) / 1e7)
  }

  static func e7(_ c: Coordinate) -> Outline.Point {
    (Int32((c.latitude * 1e7).rounded()), Int32((c.longitude * 1e7).rounded()))
  }
}

import MapFile
import OSMPBF
import Routing

/// Collects what the map draws as areas while an extract is read: closed ways with an area's
/// tags, multipolygon relations (and `type=boundary` ones tagged as areas, a national park)
/// with the node lists of their member ways, and the coastline. `polygons` assembles them
/// once the nodes are in.
///
/// Member ways come before the relations naming them in a PBF file. Untagged ways (nearly
/// all of them outer and inner ways of multipolygons) are kept as they come and dropped
/// unless a relation names them; for tagged ones an importer reads the ways a second time
/// (`missingMemberWays`), keeping only those. Memory grows with the areas kept, not with
/// the file.
struct AreaCollector: Sendable {
  /// What an area relation keeps: its kind and its way members by role.
  struct Relation: Sendable {
    var kind: MapArea.Kind
    var outer: [Int64]
    var inner: [Int64]
  }

  private(set) var areaWays: [Int64: (kind: MapArea.Kind, nodes: [Int64])] = [:]
  private(set) var relations: [Int64: Relation] = [:]
  private(set) var coastline: [Int64: [Int64]] = [:]
  /// Node lists of ways named by area relations.
  private(set) var memberWays: [Int64: [Int64]] = [:]
  private var wanted = Set<Int64>()
  /// Area relations with no way members at all (counted, left out).
  private(set) var relationsWithoutWays = 0

  init() {}

  /// Notes a way: an area when closed and tagged as one (not a road), coastline, or a
  /// member some relation already asked for.
  mutating func addWay(_ way: OSMWay, isRoad: Bool) {
    // Untagged ways are nearly all members of multipolygons, which come later in a file.
    if wanted.contains(way.id) || way.tags.isEmpty { memberWays[way.id] = way.nodes }
    if way.tags["natural"] == "coastline" {
      coastline[way.id] = way.nodes
      return
    }
    guard !isRoad, way.nodes.count >= 4, way.nodes.first == way.nodes.last,
      way.tags["area"] != "no", let kind = MapArea.Kind.of(way.tags)
    else { return }
    areaWays[way.id] = (kind, way.nodes)
  }

  /// Notes a relation that is an area: `type=multipolygon`, or `type=boundary` with an
  /// area's tags.
  mutating func addRelation(_ relation: OSMRelation) {
    let type = relation.tags["type"]
    guard type == "multipolygon" || type == "boundary", let kind = MapArea.Kind.of(relation.tags)
    else { return }
    var outer: [Int64] = []
    var inner: [Int64] = []
    for member in relation.members where member.type == .way {
      if member.role == "inner" { inner.append(member.ref) } else { outer.append(member.ref) }
    }
    guard !outer.isEmpty || !inner.isEmpty else {
      relationsWithoutWays += 1
      return
    }
    relations[relation.id] = Relation(kind: kind, outer: outer, inner: inner)
    wanted.formUnion(outer + inner)
  }

  /// Member ways whose nodes are not known yet: what a second reading of the ways looks for.
  var missingMemberWays: Set<Int64> {
    wanted.filter { nodes(of: $0) == nil }
  }

  /// A member way's nodes, wherever the way was kept.
  private func nodes(of way: Int64) -> [Int64]? {
    memberWays[way] ?? areaWays[way]?.nodes ?? coastline[way]
  }

  /// Forgets the untagged ways no relation names (once every relation has been read).
  mutating func dropUnnamedWays() {
    memberWays = memberWays.filter { wanted.contains($0.key) }
  }

  /// Keeps a member way's node list (from the second reading of the ways).
  mutating func addMemberWay(_ way: OSMWay) {
    if wanted.contains(way.id) { memberWays[way.id] = way.nodes }
  }

  /// Appends the nodes the areas need to `refs` (with repeats).
  func appendReferencedNodes(to refs: inout [Int64]) {
    for area in areaWays.values { refs += area.nodes }
    for (id, nodes) in memberWays where wanted.contains(id) { refs += nodes }
    for nodes in coastline.values { refs += nodes }
  }

  /// Every area as polygons, in the map file's integers, sorted by kind and first point,
  /// thinned to about a metre; with what was built and left out.
  func polygons(
    coordinates: NodeCoordinates, box: ExtractBox?
  ) -> (polygons: [MapContent.Polygon], summary: AreaSummary) {
    var assembly = AreaAssembly(box: box, coordinates: coordinates)
    var summary = AreaSummary()
    var result: [(MapArea.Kind, [[PlanarPoint]])] = []
    // A closed way that is an outer ring of a relation of its kind is drawn by the relation
    // (with the relation's holes), not again on its own.
    var drawnByRelations = Set<Int64>()
    for relation in relations.values {
      for id in relation.outer where areaWays[id]?.kind == relation.kind {
        drawnByRelations.insert(id)
      }
    }
    for id in areaWays.keys.sorted() where !drawnByRelations.contains(id) {
      let area = areaWays[id]!
      for polygon in assembly.polygons(outer: [area.nodes], inner: []) {
        result.append((area.kind, polygon))
      }
    }
    for id in relations.keys.sorted() {
      let relation = relations[id]!
      let outer = relation.outer.compactMap(nodes)
      let inner = relation.inner.compactMap(nodes)
      summary.membersMissing +=
        relation.outer.count + relation.inner.count - outer.count
        - inner.count
      let polygons = assembly.polygons(outer: outer, inner: inner)
      if polygons.isEmpty {
        summary.relationsLeftOut += 1
      } else {
        summary.relations += 1
      }
      for polygon in polygons { result.append((relation.kind, polygon)) }
    }
    summary.relationsLeftOut += relationsWithoutWays
    summary.coastlineWays = coastline.count
    let sea = Coastline.sea(coastline.keys.sorted().map { coastline[$0]! }, assembly: &assembly)
    summary.seaPolygons = sea.count
    for polygon in sea { result.append((.sea, polygon)) }
    summary.closedAlongBox = assembly.counts.closedAlongBox
    summary.unclosableLines = assembly.counts.unclosable
    summary.selfIntersectingRings = assembly.counts.selfIntersecting
    summary.strayHoles = assembly.counts.strayHoles

    var polygons: [MapContent.Polygon] = []
    for (kind, rings) in result {
      let thinned = rings.map(Self.thin)
      guard let outer = thinned.first, outer.count >= 4 else { continue }
      polygons.append(
        MapContent.Polygon(
          kind: kind.rawValue, rings: [outer] + thinned.dropFirst().filter { $0.count >= 4 }))
      if kind == .building { summary.buildings += 1 }
    }
    polygons.sort { a, b in
      let pa = a.rings[0][0]
      let pb = b.rings[0][0]
      return (
        MapArea.Kind(rawValue: a.kind)!.drawOrder, pa.latitude, pa.longitude, a.rings[0].count
      )
        < (MapArea.Kind(rawValue: b.kind)!.drawOrder, pb.latitude, pb.longitude, b.rings[0].count)
    }
    summary.polygons = polygons.count
    return (polygons, summary)
  }

  /// The ring in the map file's integers, points closer than about a metre to the previous
  /// one dropped, closed.
  static func thin(_ ring: [PlanarPoint]) -> [MapContent.Point] {
    guard let first = ring.first else { return [] }
    var out = [first.e7]
    for p in ring.dropFirst().dropLast() {
      let e = p.e7
      let last = out[out.count - 1]
      if abs(Int(e.latitude) - Int(last.latitude)) + abs(Int(e.longitude) - Int(last.longitude))
        >= 100
      {
        out.append(e)
      }
    }
    out.append(first.e7)
    return out
  }
}

/// What the import made of the areas, and what it left out and why.
public struct AreaSummary: Sendable, Equatable {
  /// Polygons in the map (each an outer ring with its holes).
  public var polygons = 0
  public var buildings = 0
  /// Multipolygon (and area boundary) relations drawn.
  public var relations = 0
  /// Area relations left out: no member way in the data, or none that could be closed.
  public var relationsLeftOut = 0
  /// Member ways of area relations missing from the data.
  public var membersMissing = 0
  public var coastlineWays = 0
  public var seaPolygons = 0
  /// Rings closed along the extract's box where the extract cut them.
  public var closedAlongBox = 0
  /// Lines left out: they end far from the box's edge (a member or node missing inside it).
  public var unclosableLines = 0
  /// Rings crossing themselves (kept, filled even–odd).
  public var selfIntersectingRings = 0
  /// Holes inside no outer ring (left out).
  public var strayHoles = 0

  public init() {}
}

import CMalloc
import Foundation
import Geo
import MapFile
import OSMPBF
import RoadCosts
import Routing

/// Turns OSM nodes, ways and relations into a map file: the one code path of
/// `headunit maps import`, and the easy way to build small maps in tests.
///
/// Feed it elements in any order, then `build()`. Only ways `CarProfile` keeps become
/// roads; the graph has a node at every junction (a node used by two ways, or twice by
/// one) and at the ends of ways, and a directed edge per drivable direction of each piece
/// between them. A way that references nodes missing from the data (a clipped extract) is
/// split at the gap and the parts on each side are kept. Only nodes used by kept ways end
/// up in the graph; named places come from nodes and from ways (at their centroid).
///
/// The output depends only on the elements added, not on their order: two builds of the
/// same data give the same bytes.
public struct RoadMapBuilder: Sendable {
  /// What a build made and what it left out.
  public struct Summary: Sendable, Equatable {
    public var nodes = 0
    public var edges = 0
    /// Metres of road: every way segment once, whatever its directions.
    public var roadLength = 0.0
    /// Drivable ways with at least one part in the map.
    public var waysKept = 0
    /// Kept ways that referenced nodes missing from the data and were split there.
    public var waysSplitAtGaps = 0
    /// Node references of drivable ways that were not in the data.
    public var missingNodeReferences = 0
    /// Drivable ways with fewer than two of their nodes in the data.
    public var waysDropped = 0
    /// Kept ways without a speed limit tag: their speed is the country's default.
    public var waysWithDefaultSpeed = 0
    public var restrictionsKept = 0
    /// Restriction relations left out, by reason (see `skippedRestrictionReasons`).
    public var restrictionsSkipped: [String: Int] = [:]
    public var places = 0
    /// Areas kept: polygons of water, sea, green, land use and buildings.
    public var areas = 0
    /// How the areas were built and what was left out (`RoadMapBuilder+Areas`).
    public var wholeMap = WholeMapSummary()
    /// Edges with a signpost (exit number or destinations) at their start.
    public var signposts = 0
    /// The speed table used: an ISO country code or `default`.
    public var country = "default"
    /// Addresses kept, and the bad ones counted.
    public var addresses = AddressSummary()
    /// The routing hierarchy's arcs (moves and shortcuts, each stored twice: from below and
    /// from above), and why there is none when it could not be built.
    public var hierarchyArcs = 0
    public var hierarchyShortcuts = 0
    public var hierarchyProblem: String?
    /// Why the map has no routing table (its router builds one when the map opens).
    public var routingTableProblem: String?

    public var restrictionsSkippedTotal: Int { restrictionsSkipped.values.reduce(0, +) }

    public init() {}
  }

  /// A built map: what its file holds, and what went into it.
  public struct Output: Sendable {
    /// The sections' records, laid out as a file by `data` or `write(to:)`; with
    /// `spilled`, only the routing hierarchy and table.
    let content: MapContent
    /// The other sections, in a scratch file (`RoadMapBuilder.scratchFolder`).
    let spilled: SpilledMap?
    /// The routing table, in a scratch file of its own while the hierarchy was made; nil
    /// when it is `content`'s.
    let spilledRouting: SpilledSections?
    public var summary: Summary

    /// The map file's bytes, laid out anew on every use (keep them when needed twice).
    public var data: Data {
      guard spilled != nil else { return MapFileWriter(content: content).data() }
      var data = Data()
      _ = write { (part: UnsafeRawBufferPointer) throws(Never) in data.append(contentsOf: part) }
      return data
    }

    /// Writes the map file through `sink` in pieces, in file order, without the whole file
    /// in memory (the bytes of `data`); returns its size.
    public func write<Failure: Error>(
      to sink: (UnsafeRawBufferPointer) throws(Failure) -> Void
    ) throws(Failure) -> Int {
      var size = 0
      let counting = { (part: UnsafeRawBufferPointer) throws(Failure) in
        try sink(part)
        size += part.count
      }
      if let spilled {
        try MapFileWriter(content: content).write(
          after: spilled, routing: spilledRouting, to: counting)
      } else {
        try MapFileWriter(content: content).write(to: counting)
      }
      return size
    }
  }

  /// The reasons a restriction can be skipped, as keys of `Summary.restrictionsSkipped`.
  public static var skippedRestrictionReasons: [String] {
    RestrictionRule.Skip.allCases.map(\.rawValue)
  }

  private struct PlaceWay: Sendable {
    var id: Int64
    var nodes: [Int64]
    var name: String
    var category: String
  }

  /// Decides which ways are roads (the country changes speeds only, not drivability).
  private static let drivable = CarProfile(limits: SpeedLimits(country: nil))

  /// The country whose speed defaults apply (ISO code); nil guesses it from the nodes.
  public var country: String?
  private(set) var coordinates = NodeCoordinates()
  private var nodePlaces: [Int64: MapAssembly.PlaceText] = [:]
  /// Signs of motorway junctions, for the ramps leaving them.
  private var junctions: [Int64: SignpostTags.Junction] = [:]
  /// Seconds route choice adds for passing a node, by node id (`NodeObstacle.delay`).
  private var delays: [Int64: Float] = [:]
  /// Nodes a car cannot pass (`NodeObstacle.closed`).
  private var barriers: [Int64] = []
  /// `barrier=toll_booth` nodes.
  private var tollBooths: [Int64] = []
  private var roads = RoadTable()
  private var placeWays: [Int64: PlaceWay] = [:]
  /// Areas: closed ways, multipolygons and the coastline (`AreaCollector`).
  var areaParts = AreaCollector()
  /// The extract's box (E7), where areas it cuts are closed; nil: the box of the data's nodes.
  public var extractBox:
    (minLatitude: Int32, minLongitude: Int32, maxLatitude: Int32, maxLongitude: Int32)?
  private var rules: [Int64: RestrictionRule] = [:]
  private var skipped: [RestrictionRule.Skip: Int] = [:]
  private var nextRestrictionID: Int64 = -1
  /// Places that make built-up areas (`BuiltUpAreas`): nodes, and closed ways' outlines.
  var settlementNodes: [Int64: String] = [:]
  var settlementWays: [Int64: (place: String, nodes: [Int64])] = [:]
  var countryEvidence = CountryEvidence()
  /// What addresses are made of (`RoadMapBuilder+Addresses`).
  var addressElements = AddressElements()
  /// Whether `build()` makes the address sections.
  public var addresses = true
  /// Whether `build()` makes the routing hierarchy.
  public var hierarchy = true
  /// A folder for scratch files: the map's roads and areas once they are made
  /// (`SpilledMap`), so they are not in memory while the routing table, the addresses and
  /// the hierarchy are worked out; the routing table (`SpilledSections`); the contraction's
  /// arcs (`HierarchyBuilder.scratchFolder`). Nil keeps everything in memory. The map file
  /// is the same either way.
  public var scratchFolder: String?

  public init(country: String? = nil) {
    self.country = country
  }

  /// Adds a node; its tags make it a place when it is named and of a kind
  /// `PlaceCategory` knows, and a motorway junction's `ref` and `exit_to` sign the ramps
  /// leaving it.
  /// A node with an invalid coordinate (NaN, out of range) is ignored, as if missing.
  public mutating func addNode(id: Int64, coordinate: Coordinate, tags: [String: String] = [:]) {
    guard coordinate.isValid else { return }
    addNode(
      OSMNode(
        id: id, latitudeE7: Int32((coordinate.latitude * 1e7).rounded()),
        longitudeE7: Int32((coordinate.longitude * 1e7).rounded()), tags: tags))
  }

  public mutating func addNode(_ node: OSMNode) {
    coordinates.set(node.id, latitude: node.latitudeE7, longitude: node.longitudeE7)
    if !node.tags.isEmpty { noteSettlementAndCountry(id: node.id, nodes: nil, tags: node.tags) }
    if let category = PlaceCategory.of(node.tags), let name = node.tags["name"] {
      nodePlaces[node.id] = MapAssembly.PlaceText(name: name, category: category)
    }
    if let junction = SignpostTags.Junction(tags: node.tags) { junctions[node.id] = junction }
    switch NodeObstacle.of(node.tags) {
    case .delay(let seconds)?: delays[node.id] = Float(seconds)
    case .closed?: barriers.append(node.id)
    case nil: break
    }
    if node.tags["barrier"] == "toll_booth" { tollBooths.append(node.id) }
    addressElements.add(node: node.id, tags: node.tags)
  }

  /// Adds a way; kept as a road if a car may drive it, as a place if it is a named one.
  public mutating func addWay(id: Int64, nodes: [Int64], tags: [String: String]) {
    addWay(OSMWay(id: id, nodes: nodes, tags: tags))
  }

  public mutating func addWay(_ way: OSMWay) {
    noteSettlementAndCountry(id: way.id, nodes: way.nodes, tags: way.tags)
    addressElements.add(way: way.id, nodes: way.nodes, tags: way.tags)
    let isRoad = Self.drivable.way(tags: way.tags) != nil
    areaParts.addWay(way, isRoad: isRoad)
    if isRoad {
      roads.add(way)
      return
    }
    if let category = PlaceCategory.of(way.tags), let name = way.tags["name"] {
      placeWays[way.id] = PlaceWay(id: way.id, nodes: way.nodes, name: name, category: category)
    }
  }

  /// Adds a relation; only turn restrictions are used.
  public mutating func addRelation(_ relation: OSMRelation) {
    countryEvidence.noteBoundary(relation.tags)
    areaParts.addRelation(relation)
    addressElements.add(relation: relation)
    switch RestrictionRule.from(relation) {
    case .success(let rule)?: rules[relation.id] = rule
    case .failure(let skip)?: skipped[skip.reason, default: 0] += 1
    case nil: break
    }
  }

  /// Adds a simple restriction (from way, via node, to way) with its `restriction` value
  /// (`no_left_turn`, `only_straight_on`…); `id` defaults to a new negative one.
  public mutating func addRestriction(
    id: Int64? = nil, from: Int64, via: Int64, to: Int64, restriction: String
  ) {
    let relationID = id ?? nextRestrictionID
    if id == nil { nextRestrictionID -= 1 }
    addRelation(
      OSMRelation(
        id: relationID,
        members: [
          .init(type: .way, ref: from, role: "from"), .init(type: .node, ref: via, role: "via"),
          .init(type: .way, ref: to, role: "to"),
        ],
        tags: ["type": "restriction", "restriction": restriction]))
  }

  /// The nodes the roads and place ways added so far refer to: what an importer must
  /// still find coordinates for.
  public var referencedNodes: SortedIDs {
    var refs: [Int64] = []
    roads.appendNodes(to: &refs)
    for way in placeWays.values { refs += way.nodes }
    areaParts.appendReferencedNodes(to: &refs)
    for area in settlementWays.values { refs += area.nodes }
    if addresses { addressElements.appendReferencedNodes(to: &refs) }
    return SortedIDs(refs)
  }

  /// Builds the map file; `step` hears each step as it begins (the road graph, areas, the
  /// routing table, addresses), `hierarchyProgress` the edges contracted so far and of how
  /// many.
  ///
  /// Consuming: the roads are let go once they are edges, so a builder that is not used
  /// after its build does not hold them while the rest is made.
  public consuming func build(
    step: (MapImporter.Progress.Phase) -> Void = { _ in },
    hierarchyProgress: (Int, Int) -> Void = { _, _ in }
  ) -> Output {
    step(.roads)
    coordinates.sort()
    // The roads out of the builder, so the assembly owns them and lets them go once used.
    let roadTable = roads
    roads = RoadTable()
    var assembly = MapAssembly(
      country: country ?? guessedCountry(), coordinates: coordinates,
      roads: consume roadTable, junctions: junctions, delays: delays,
      barriers: SortedIDs(barriers), tollBooths: SortedIDs(tollBooths),
      builtUp: builtUpAreas())
    assembly.addRestrictions(rules.values.sorted { $0.relationID < $1.relationID })
    for (reason, count) in skipped {
      assembly.summary.restrictionsSkipped[reason.rawValue, default: 0] += count
    }
    var places: [(latitude: Int32, longitude: Int32, text: MapAssembly.PlaceText)] = []
    for (id, text) in nodePlaces {
      if let c = coordinates[id] { places.append((c.latitude, c.longitude, text)) }
    }
    for way in placeWays.values {
      var seen = Set<Int64>()
      var latitude: Int64 = 0
      var longitude: Int64 = 0
      for ref in way.nodes where seen.insert(ref).inserted {
        guard let c = coordinates[ref] else { continue }
        latitude += Int64(c.latitude)
        longitude += Int64(c.longitude)
      }
      let distinct = Int64(seen.filter { coordinates[$0] != nil }.count)
      guard distinct > 0 else { continue }
      places.append(
        (
          Int32(latitude / distinct), Int32(longitude / distinct),
          MapAssembly.PlaceText(name: way.name, category: way.category)
        ))
    }
    assembly.addPlaces(places)
    // What is used is let go as the build goes on, for the steps after it.
    nodePlaces = [:]
    placeWays = [:]
    junctions = [:]
    delays = [:]
    barriers = []
    var (content, summary) = (consume assembly).finish()
    step(.areas)
    addAreas(to: &content, summary: &summary)
    areaParts = AreaCollector()
    // The address candidates while the node coordinates are at hand; then both go.
    var addressAssembly = addresses ? addressCandidates() : nil
    coordinates = NodeCoordinates()
    addressElements = AddressElements()
    // The heap the elements' many small pieces took goes back.
    _ = malloc_trim(0)
    step(.routingTable)
    // The map but its addresses and routing table to a scratch file, read back from there:
    // in memory only the strings and places stay, which the addresses add to and index. If
    // it cannot be written, everything stays in memory.
    let spilled = scratchFolder.flatMap { try? SpilledMap(writing: content, in: $0) }
    if spilled != nil {
      var kept = MapContent()
      (kept.strings, kept.places) = (content.strings, content.places)
      content = kept
      _ = malloc_trim(0)
    }
    // The roads as a map: the routing table is worked out from it, and the addresses find
    // their road points on it.
    var roads: RoadMap?
    do {
      if summary.edges > 0 {
        let map = try spilled?.map ?? MapFileWriter(content: content.roadsOnly).map(name: "roads")
        content.routing = RoutingTableRecords(map)
        roads = map
      }
    } catch {
      summary.routingTableProblem = "\(error)"
    }
    spilled?.evict()
    // The table too, to a scratch file: the contraction reads it once, at its start.
    let spilledRouting =
      spilled == nil
      ? nil
      : scratchFolder.flatMap { folder in
        content.routing.flatMap { try? SpilledSections(writing: $0, in: folder) }
      }
    if var assembly = addressAssembly.take() {
      step(.addresses)
      summary.addresses = addAddresses(
        &assembly, to: &content, roads: roads, routing: content.routing)
      spilled?.evict()
    }
    roads = nil
    _ = malloc_trim(0)
    if hierarchy {
      addHierarchy(
        to: &content, releasingRouting: spilledRouting != nil, summary: &summary,
        progress: hierarchyProgress)
    }
    if spilledRouting != nil { content.routing = nil }
    return Output(
      content: content, spilled: spilled, spilledRouting: spilledRouting, summary: summary)
  }

  /// Builds the map and opens it, for tests and tools that want a graph right away.
  public func map(name: String = "built map") throws(RoutingError) -> RoadMap {
    try RoadMap(data: build().data, name: name)
  }

  private func guessedCountry() -> String? {
    countryEvidence.country(centre: meanCoordinate())
  }

}

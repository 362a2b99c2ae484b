import Geo
import Navigation

/// The road network as the router, the maneuver builder, search and the map layer see it:
/// directed edges between junctions, with their geometry and the attributes of the way
/// they belong to.
///
/// Node and edge ids are dense (`0..<nodeCount`, `0..<edgeCount`). Every drivable direction
/// of a way segment between two junctions (or a junction and a way's end) is one edge; a
/// two-way segment is two edges, one each way, and a oneway segment one. Implementations
/// answer from memory or from a memory-mapped map file and never block on I/O beyond page
/// faults. Lookups are O(1) except where noted.
public protocol RoadGraph: Sendable {
  var nodeCount: Int { get }
  var edgeCount: Int { get }

  func coordinate(ofNode node: Int) -> Coordinate
  /// The edges leaving `node`, in a stable order.
  func outgoing(from node: Int) -> Range<Int>
  /// The edges entering `node`.
  func incoming(to node: Int) -> [Int]
  func edge(_ id: Int) -> RoadEdge
  /// The edge's shape from its start node to its end node, both included.
  func geometry(ofEdge id: Int) -> [Coordinate]
  /// Turn restrictions whose via node is `node`.
  func restrictions(at node: Int) -> [TurnRestriction]
  /// Edges with a point within `radius` metres of `coordinate`, nearest first. O(edges in
  /// the grid cells around it).
  func edges(near coordinate: Coordinate, radius: Double) -> [Int]
  /// Named places and points of interest.
  var places: [MapPlace] { get }
  /// Water and green areas whose bounding box meets the box from `south`-west to
  /// `north`-east (degrees). O(areas).
  func areas(south: Double, west: Double, north: Double, east: Double) -> [MapArea]
  /// The exit number and destinations signposted where edge `id` starts (a motorway exit,
  /// a ramp, a fork), nil when there is no sign. At most O(log edges).
  func signpost(ofEdge id: Int) -> Signpost?
  /// Areas meeting the box that span at least `minimumSpan` degrees, in drawing order
  /// (`MapArea.Kind.drawOrder`).
  func areas(south: Double, west: Double, north: Double, east: Double, minimumSpan: Double)
    -> [MapArea]
  /// On a bridge, in a tunnel or on the ground, and the layer.
  func structure(ofEdge id: Int) -> EdgeStructure
  /// The legal limit of edge `id` in its direction; nil when not known.
  func speedLimit(ofEdge id: Int) -> SpeedLimit?
  /// The simplified major roads of `band` meeting the box.
  func overviewLines(
    band: OverviewLine.Band, south: Double, west: Double, north: Double, east: Double
  ) -> [OverviewLine]
  /// The side traffic keeps to on the map's roads.
  var drivingSide: Maneuver.Side { get }
}

extension RoadGraph {
  /// No signposts: a graph without them.
  public func signpost(ofEdge id: Int) -> Signpost? { nil }

  /// No areas: a graph of roads only.
  public func areas(south: Double, west: Double, north: Double, east: Double) -> [MapArea] {
    []
  }

  /// The areas of the box-only query, in drawing order.
  public func areas(
    south: Double, west: Double, north: Double, east: Double, minimumSpan: Double
  ) -> [MapArea] {
    areas(south: south, west: west, north: north, east: east).sorted { $0.kind < $1.kind }
  }

  /// Every edge on the ground.
  public func structure(ofEdge id: Int) -> EdgeStructure { .ground }

  /// No limits known.
  public func speedLimit(ofEdge id: Int) -> SpeedLimit? { nil }

  /// Right-hand traffic, as in most of the world.
  public var drivingSide: Maneuver.Side { .right }

  /// No overview: the map draws its edges at every zoom.
  public func overviewLines(
    band: OverviewLine.Band, south: Double, west: Double, north: Double, east: Double
  ) -> [OverviewLine] { [] }
}

/// One directed edge.
public struct RoadEdge: Sendable, Equatable {
  public var from: Int
  public var to: Int
  /// Metres along the geometry.
  public var length: Double
  /// Free-flow speed, m/s: what a car keeps with no traffic, a share of the way's limit
  /// (tagged, or implicit for its class, country and area; see `CarProfile.speed(of:…)`).
  public var speed: Double
  /// What route choice takes the edge's speed to be, m/s: the way's class and tags read
  /// as OSRM's car profile reads them, with the seconds of the signals along it folded in
  /// (see `RoadCosts`' `RoutingRate` and `NodeObstacle`). 0: the same as `speed`. The
  /// route's time is always told by `speed`; this only decides which route is taken.
  public var routingSpeed: Double
  /// Seconds route choice adds for driving on through the node the edge ends at (a traffic
  /// signal, a stop sign, a gate there); not part of the route's time.
  public var endDelay: Double
  public var roadClass: RoadClass
  public var name: String
  public var ref: String?
  public var isRoundabout: Bool
  /// Whether the way is only for traffic to or from it (`access=destination`,
  /// `motor_vehicle=destination`…): the router enters it only to reach a destination on it
  /// or beyond it, never as a shortcut.
  public var isDestinationOnly: Bool
  /// Whether the way is under works that may close it (`construction=*` on the road, other
  /// than `minor`, `widening` or `no`): the router enters it only when nothing else gets
  /// there within `RouterOptions.worksEntryCost`.
  public var isUnderWorks: Bool
  /// The way's `turn:lanes` for this direction (`left|through|through;right`), nil if none.
  public var turnLanes: String?
  /// The OSM way the edge comes from, to tell where a road changes name or ends.
  public var wayID: Int64
  /// A tolled road (`toll=yes`, or a toll booth on it).
  public var isToll: Bool
  /// A ferry a car may board (`route=ferry`), not a road.
  public var isFerry: Bool
  /// A road without a hard surface (`surface=gravel|dirt|…`, `tracktype=grade2…5`).
  public var isUnpaved: Bool

  /// The kinds of road to avoid the edge belongs to; a motorway's link is a motorway.
  public var avoidable: AvoidableRoads {
    var set: AvoidableRoads = []
    if isToll { set.insert(.tolls) }
    if roadClass == .motorway || roadClass == .motorwayLink { set.insert(.motorways) }
    if isFerry { set.insert(.ferries) }
    if isUnpaved { set.insert(.unpaved) }
    return set
  }

  public init(
    from: Int, to: Int, length: Double, speed: Double, roadClass: RoadClass, name: String,
    ref: String? = nil, isRoundabout: Bool = false, isDestinationOnly: Bool = false,
    turnLanes: String? = nil, wayID: Int64, routingSpeed: Double = 0,
    isUnderWorks: Bool = false, endDelay: Double = 0, isToll: Bool = false,
    isFerry: Bool = false, isUnpaved: Bool = false
  ) {
    self.isToll = isToll
    self.isFerry = isFerry
    self.isUnpaved = isUnpaved
    self.from = from
    self.to = to
    self.length = length
    self.speed = speed
    self.routingSpeed = routingSpeed
    self.endDelay = endDelay
    self.roadClass = roadClass
    self.name = name
    self.ref = ref
    self.isRoundabout = isRoundabout
    self.isDestinationOnly = isDestinationOnly
    self.isUnderWorks = isUnderWorks
    self.turnLanes = turnLanes
    self.wayID = wayID
  }

  /// Seconds to drive the edge at its speed.
  public var duration: Double { length / max(speed, 0.1) }

  /// Seconds of route choice to drive the edge: at its routing speed, or its speed
  /// without one.
  public var weight: Double { length / max(routingSpeed > 0 ? routingSpeed : speed, 0.1) }
}

/// OSM `highway` classes a car may use, most important first.
public enum RoadClass: Int, Sendable, CaseIterable, Comparable {
  case motorway, trunk, primary, secondary, tertiary, unclassified, residential
  case motorwayLink, trunkLink, primaryLink, secondaryLink, tertiaryLink
  case livingStreet, service

  public static func < (a: RoadClass, b: RoadClass) -> Bool { a.rawValue < b.rawValue }

  /// Whether this is a `*_link` (ramp).
  public var isLink: Bool {
    switch self {
    case .motorwayLink, .trunkLink, .primaryLink, .secondaryLink, .tertiaryLink: true
    default: false
    }
  }
}

/// A turn restriction: coming in on `from`, at its end node `via`, the move to `to` is
/// forbidden (`no_*`), or it is the only one allowed (`only_*`).
public struct TurnRestriction: Sendable, Equatable {
  public enum Kind: Sendable, Equatable {
    case no
    case only
  }

  public var from: Int
  public var via: Int
  public var to: Int
  public var kind: Kind

  public init(from: Int, via: Int, to: Int, kind: Kind) {
    self.from = from
    self.via = via
    self.to = to
    self.kind = kind
  }
}

/// A named place or point of interest from the map.
public struct MapPlace: Sendable, Equatable {
  public var name: String
  public var coordinate: Coordinate
  /// What kind: "Fuel", "Parking", "Restaurant", "Suburb"…; nil when the map says nothing
  /// useful.
  public var category: String?

  public init(name: String, coordinate: Coordinate, category: String? = nil) {
    self.name = name
    self.coordinate = coordinate
    self.category = category
  }
}

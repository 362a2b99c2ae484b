import Routing

/// Everything a map file holds, as plain arrays: what the importer (`MapImport`'s
/// `RoadMapBuilder`) produces and `MapFileWriter` lays out. Indices are final (edges
/// sorted by `from`).
package struct MapContent: Equatable, Sendable {
  package struct Edge: Equatable {
    package var wayID: Int64
    package var from: UInt32
    package var to: UInt32
    package var lengthCentimetres: UInt32
    package var geometryStart: UInt32
    package var geometryCount: UInt32
    package var name: UInt32
    package var ref: UInt32
    package var turnLanes: UInt32
    package var speedCentimetresPerSecond: UInt16
    package var roadClass: UInt8
    package var flags: UInt8
    /// `RoadEdge.routingSpeed`; 0: the same as the speed.
    package var routingSpeedCentimetresPerSecond: UInt16
    /// `RoadEdge.endDelay`, in tenths of a second.
    package var endDelayDeciseconds: UInt16

    package init(
      wayID: Int64, from: UInt32, to: UInt32, lengthCentimetres: UInt32, geometryStart: UInt32,
      geometryCount: UInt32, name: UInt32, ref: UInt32, turnLanes: UInt32,
      speedCentimetresPerSecond: UInt16, roadClass: UInt8, flags: UInt8,
      routingSpeedCentimetresPerSecond: UInt16 = 0, endDelayDeciseconds: UInt16 = 0
    ) {
      self.wayID = wayID
      self.from = from
      self.to = to
      self.lengthCentimetres = lengthCentimetres
      self.geometryStart = geometryStart
      self.geometryCount = geometryCount
      self.name = name
      self.ref = ref
      self.turnLanes = turnLanes
      self.speedCentimetresPerSecond = speedCentimetresPerSecond
      self.roadClass = roadClass
      self.flags = flags
      self.routingSpeedCentimetresPerSecond = routingSpeedCentimetresPerSecond
      self.endDelayDeciseconds = endDelayDeciseconds
    }
  }

  package struct Restriction: Hashable, Comparable {
    package var from: UInt32
    package var via: UInt32
    package var to: UInt32
    package var only: Bool

    package init(from: UInt32, via: UInt32, to: UInt32, only: Bool) {
      self.from = from
      self.via = via
      self.to = to
      self.only = only
    }

    package static func < (a: Restriction, b: Restriction) -> Bool {
      (a.via, a.from, a.to, a.only ? 1 : 0) < (b.via, b.from, b.to, b.only ? 1 : 0)
    }
  }

  package struct Place: Equatable {
    package var latitudeE7: Int32
    package var longitudeE7: Int32
    package var name: UInt32
    package var category: UInt32

    package init(latitudeE7: Int32, longitudeE7: Int32, name: UInt32, category: UInt32) {
      self.latitudeE7 = latitudeE7
      self.longitudeE7 = longitudeE7
      self.name = name
      self.category = category
    }
  }

  /// The signpost at the start of an edge; string indices of `;`-separated lists.
  package struct Sign: Equatable {
    package var edge: UInt32
    package var exits: UInt32
    package var refs: UInt32
    package var destinations: UInt32

    package init(edge: UInt32, exits: UInt32, refs: UInt32, destinations: UInt32) {
      self.edge = edge
      self.exits = exits
      self.refs = refs
      self.destinations = destinations
    }
  }

  /// Latitude, longitude pairs (E7) per node.
  package var nodes: [(latitude: Int32, longitude: Int32)] = []
  package var edges: [Edge] = []
  /// Latitude, longitude pairs (E7).
  package var geometry: [(latitude: Int32, longitude: Int32)] = []
  /// String 0 is "".
  package var strings: [String] = [""]
  package var restrictions: [Restriction] = []
  package var places: [Place] = []
  /// ISO country code of the speed table used, or `default`.
  package var country = "default"
  /// Water and green areas: kind and outline (closed), sorted by kind then first point.
  package var areas: [(kind: UInt8, outline: [(latitude: Int32, longitude: Int32)])] = []
  /// Signposts, sorted by edge.
  package var signposts: [Sign] = []
  /// Areas with holes, edge structures and limits, overview lines (`MapContent+Areas`).
  package var wholeMap = WholeMap()
  /// Addresses, streets, postcodes and cities, and the search index over their names.
  package var addressBook = AddressBook()
  /// The routing hierarchy over the edges, when one was built.
  package var hierarchy: HierarchyTables?
  /// The router's table of the edges, when it was worked out (`RoutingTableRecords`).
  package var routing: RoutingTableRecords?

  /// The roads alone, for a map a router runs on while the rest is made: without areas,
  /// the overview, edge attributes, signposts, places or addresses.
  package var roadsOnly: MapContent {
    var roads = self
    roads.areas = []
    roads.wholeMap = WholeMap()
    roads.addressBook = AddressBook()
    roads.places = []
    roads.signposts = []
    return roads
  }

  /// Nothing: no nodes, no edges, only the empty string.
  package init() {}

  package static func == (a: MapContent, b: MapContent) -> Bool {
    a.nodes.elementsEqual(b.nodes, by: ==) && a.edges == b.edges
      && a.geometry.elementsEqual(b.geometry, by: ==) && a.strings == b.strings
      && a.restrictions == b.restrictions && a.places == b.places && a.country == b.country
      && a.signposts == b.signposts && WholeMap.same(a.wholeMap, b.wholeMap)
      && a.addressBook == b.addressBook && a.hierarchy == b.hierarchy
      && a.routing == b.routing
      && a.areas.elementsEqual(b.areas) {
        $0.kind == $1.kind && $0.outline.elementsEqual($1.outline, by: ==)
      }
  }
}

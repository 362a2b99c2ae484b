import Routing

/// The map file format: constants shared by the writer and `RoadMap`.
///
/// Little-endian throughout. A 32-byte header — magic `HUROADS\0`, version (UInt32),
/// section count (UInt32), CRC-32 of every byte after the header (UInt32), 12 reserved
/// bytes — is followed by the section table, one 24-byte entry per section: tag (4 ASCII
/// bytes), record size (UInt32), byte offset (UInt64), record count (UInt64). Each section
/// is an array of fixed-size records starting at an 8-byte aligned offset:
///
/// | tag | record | content |
/// |---|---|---|
/// | `META` | 64 B, 1 record | bounding box (4 × Int32 E7: min lat, min lon, max lat, max lon), grid origin (lat, lon E7), grid cell size (lat, lon E7), grid columns, rows (UInt32), speed table country (4 ASCII bytes) |
/// | `NODE` | 8 B | lat, lon as Int32 1e-7 degrees |
/// | `OUTX` | 4 B, nodes + 1 | CSR offsets: node n's outgoing edges are `OUTX[n]..<OUTX[n+1]` |
/// | `EDGE` | 48 B | way id (Int64), from, to (UInt32), length (UInt32 cm), geometry start, geometry count (UInt32, points between the end nodes), name, ref, turn lanes (UInt32 string index, `0xFFFFFFFF` none), speed (UInt16 cm/s), road class (UInt8), flags (UInt8: 1 roundabout, 2 geometry reversed, 4 destination only, 8 under works, 16 toll, 32 ferry, 64 unpaved), routing speed (UInt16 cm/s, `RoadEdge.routingSpeed`; 0 the speed), delay at the end node (UInt16 0.1 s, `RoadEdge.endDelay`); sorted by `from` |
/// | `INCX` | 4 B, nodes + 1 | offsets into `INCE` per node |
/// | `INCE` | 4 B | edge ids entering each node, ascending |
/// | `GEOM` | 8 B | lat, lon Int32 E7: interior points of way segments, shared by both directions |
/// | `STRX` | 4 B, strings + 1 | byte offsets into `STRD`; string 0 is "" |
/// | `STRD` | 1 B | UTF-8 text |
/// | `RSTR` | 16 B | from, via, to (UInt32), kind (UInt8: 0 no, 1 only), 3 reserved; sorted by via, from, to |
/// | `PLAC` | 16 B | lat, lon Int32 E7, name, category (UInt32 string index) |
/// | `GRDX` | 4 B, cells + 1 | offsets into `GRDE` per grid cell, row-major from the origin (south-west) |
/// | `GRDE` | 4 B | edge ids with a point or segment in each cell, ascending |
/// | `AREA` | 32 B | kind (UInt8: 1 water, 2 park), 3 reserved, first point, point count (UInt32 into `APTS`), bounding box (4 × Int32 E7: min lat, min lon, max lat, max lon), 4 reserved |
/// | `APTS` | 8 B | lat, lon Int32 E7: area outlines, each closed |
/// | `SIGN` | 16 B | edge id, exit numbers, destination refs, destinations (UInt32 string indices, `0xFFFFFFFF` none; each a `;`-separated list): the signpost at the start of the edge; sorted by edge, one per edge at most |
/// | `POLY` | 32 B | kind (UInt8: `MapArea.Kind`, 1 water, 2 park, 3 sea, 4 building, 5 forest, 6 residential, 7 industrial, 8 farmland), 3 reserved, first ring, ring count (UInt32 into `RING`, ≥ 1: the outer ring, then its holes), bounding box (4 × Int32 E7), 4 reserved; sorted by kind |
/// | `RING` | 16 B | first point, point count (UInt32 into `RPTS`, ≥ 4, closed), role (UInt8: 0 outer, 1 inner), 7 reserved |
/// | `RPTS` | 8 B | lat, lon Int32 E7: ring points |
/// | `PGRX` | 4 B, cells + 2 | offsets into `PGRE` per grid cell (the edges' grid), then one more range: the polygons too large to list per cell (over 256 cells), looked at for every box |
/// | `PGRE` | 4 B | polygon ids per cell, ascending |
/// | `EATR` | 8 B, one per edge | structure (UInt8: 0 ground, 1 bridge, 2 tunnel), layer (Int8, −5…5), speed limit in the edge's direction (UInt16, in the unit; 0 unknown), unit (UInt8: 0 km/h, 1 mph), source (UInt8: 0 none, 1 `maxspeed`, 2 a zone tag, 3 implicit in a built-up area, 4 implicit outside), 2 reserved |
/// | `OVLN` | 32 B | zoom band (UInt8: `OverviewLine.Band`), road class (UInt8), 2 reserved, first point, point count (UInt32 into `OVPT`, ≥ 2), bounding box (4 × Int32 E7), 4 reserved; sorted by band |
/// | `OVPT` | 8 B | lat, lon Int32 E7: overview line points |
/// | `ADDR` | 36 B | house number, street, postcode, city (UInt32 string indices, `0xFFFFFFFF` none), the point to drive to (lat, lon Int32 E7), the road point: edge (UInt32, `0xFFFFFFFF` none), offset along it (UInt32 cm), side (UInt8: 0 on the road, 1 left, 2 right of the edge's direction), flags (UInt8: `AddressFlag`), 2 reserved; grouped by street (`STRT` order), numbers in order within a street |
/// | `STRT` | 32 B | name, city (UInt32 string indices), first address, address count (UInt32 into `ADDR`), position (lat, lon Int32 E7), road point edge, offset (UInt32, UInt32 cm); sorted by folded name, then city |
/// | `ZONE` | 32 B | name (UInt32 string), kind (UInt8: 1 postcode, 2 city), 3 reserved, city of a postcode (UInt32 string), centre (lat, lon Int32 E7), road point edge, offset (UInt32, UInt32 cm), address count (UInt32) |
/// | `SKEY` | 12 B | key (UInt32 string: the folded name from one of its words to its end, `SearchText.fold`), kind (UInt8: 1 street, 2 place, 3 zone), word (UInt8: the number of words of the name before the key's first, 0 for the whole name), 2 reserved, target (UInt32: `STRT`, `PLAC` or `ZONE` record); sorted by the key's bytes, kind, target |
/// | `CHMT`, `CHNX`, `CHAR` | 64, 8, 12 B | the routing hierarchy (`HierarchyTables`) |
/// | `RTMT`, `RTED`, `RTND`, `RTRS`, `RTCL` | 64, 40, 32, 16, 1 B | the routing table (`RoutingTableRecords`): its header, a record per edge, per node, per turn restriction, and per edge the kinds of road to avoid it is (`AvoidableRoads`; missing in maps written before it) |
///
/// `AREA` and `APTS` may be missing (a map of roads only), and so may `SIGN` (no signposts),
/// each section of version 3's areas (`POLY` … `OVPT`; a map without them has no areas,
/// structures, limits or overview), the four address sections (no addresses; all four or
/// none), the hierarchy's (routes by the plain search) and the routing table's (built when a
/// router is made). Version 3 writes areas in `POLY`, `RING` and `RPTS` only.
///
/// Versions: 2 added `SIGN`; 3 added `POLY` to `OVPT` and the address sections. A reader
/// opens every version from `oldestVersion` to `version` (a version-1 file reads as one
/// without signposts, a version-2 file as one whose areas are `AREA` outlines without holes,
/// and without addresses) and refuses others, asking for the map to be imported again.
package enum MapFileLayout {
  static let magic: [UInt8] = Array("HUROADS\0".utf8)
  static let version: UInt32 = 3
  /// The oldest version this program still reads.
  static let oldestVersion: UInt32 = 1
  static let headerSize = 32
  static let tableEntrySize = 24
  /// String index meaning "no string".
  package static let noString = UInt32.max

  /// The sections, in file order, with their record sizes.
  enum Section: String, CaseIterable {
    case meta = "META"
    case nodes = "NODE"
    case outgoingIndex = "OUTX"
    case edges = "EDGE"
    case incomingIndex = "INCX"
    case incomingEdges = "INCE"
    case geometry = "GEOM"
    case stringIndex = "STRX"
    case stringData = "STRD"
    case restrictions = "RSTR"
    case places = "PLAC"
    case gridIndex = "GRDX"
    case gridEdges = "GRDE"
    case areas = "AREA"
    case areaPoints = "APTS"
    case signposts = "SIGN"
    case polygons = "POLY"
    case rings = "RING"
    case ringPoints = "RPTS"
    case polygonGridIndex = "PGRX"
    case polygonGridEntries = "PGRE"
    case edgeAttributes = "EATR"
    case overviewLines = "OVLN"
    case overviewPoints = "OVPT"
    // Addresses and the search index (`MapFileLayout+Addresses`).
    case addresses = "ADDR"
    case streets = "STRT"
    case zones = "ZONE"
    case searchKeys = "SKEY"
    /// The routing hierarchy (`RouteHierarchy`): its header, the index of each edge's arcs
    /// and the arcs.
    case hierarchyMeta = "CHMT"
    case hierarchyIndex = "CHNX"
    case hierarchyArcs = "CHAR"
    /// The routing table (`RoutingTableRecords`): its header, then per edge, node and
    /// restriction.
    case routingMeta = "RTMT"
    case routingEdges = "RTED"
    case routingNodes = "RTND"
    case routingRestrictions = "RTRS"
    /// Per edge the kinds of road to avoid it belongs to (`RoutingTableRecords.classes`).
    case routingClasses = "RTCL"

    /// Whether a file may lack the section.
    var isOptional: Bool {
      switch self {
      case .meta, .nodes, .outgoingIndex, .edges, .incomingIndex, .incomingEdges, .geometry,
        .stringIndex, .stringData, .restrictions, .places, .gridIndex, .gridEdges:
        false
      default: true
      }
    }

    var recordSize: Int {
      switch self {
      case .meta, .hierarchyMeta, .routingMeta: 64
      case .routingEdges: RoutingTableRecords.edgeRecordSize
      case .routingNodes: RoutingTableRecords.nodeRecordSize
      case .routingRestrictions: RoutingTableRecords.restrictionRecordSize
      case .routingClasses: RoutingTableRecords.classRecordSize
      case .hierarchyArcs: 12
      case .nodes, .geometry, .areaPoints, .ringPoints, .overviewPoints, .edgeAttributes,
        .hierarchyIndex:
        8
      case .areas, .polygons, .overviewLines: 32
      case .edges: 48
      case .restrictions, .places, .signposts, .rings: 16
      case .stringData: 1
      case .outgoingIndex, .incomingIndex, .incomingEdges, .stringIndex, .gridIndex, .gridEdges,
        .polygonGridIndex, .polygonGridEntries:
        4
      case .addresses, .streets, .zones, .searchKeys: MapFileLayout.addressRecordSize(self)
      }
    }

    /// The tag as the UInt32 stored in the file (its 4 ASCII bytes, little-endian).
    var tag: UInt32 {
      rawValue.utf8.reversed().reduce(0) { $0 << 8 | UInt32($1) }
    }
  }

  package enum EdgeFlag {
    package static let roundabout: UInt8 = 1
    package static let geometryReversed: UInt8 = 2
    /// No through traffic: `RoadEdge.isDestinationOnly`.
    package static let destinationOnly: UInt8 = 4
    /// Under works that may close it: `RoadEdge.isUnderWorks`.
    package static let underWorks: UInt8 = 8
    /// `RoadEdge.isToll`.
    package static let toll: UInt8 = 16
    /// `RoadEdge.isFerry`.
    package static let ferry: UInt8 = 32
    /// `RoadEdge.isUnpaved`.
    package static let unpaved: UInt8 = 64
  }
}

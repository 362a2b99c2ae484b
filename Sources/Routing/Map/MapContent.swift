/// Everything a map file holds, as plain arrays: what the builder produces and the
/// writer lays out. Indices are final (edges sorted by `from`).
struct MapContent: Equatable {
  struct Edge: Equatable {
    var wayID: Int64
    var from: UInt32
    var to: UInt32
    var lengthCentimetres: UInt32
    var geometryStart: UInt32
    var geometryCount: UInt32
    var name: UInt32
    var ref: UInt32
    var turnLanes: UInt32
    var speedCentimetresPerSecond: UInt16
    var roadClass: UInt8
    var flags: UInt8
  }

  struct Restriction: Hashable, Comparable {
    var from: UInt32
    var via: UInt32
    var to: UInt32
    var only: Bool

    static func < (a: Restriction, b: Restriction) -> Bool {
      (a.via, a.from, a.to, a.only ? 1 : 0) < (b.via, b.from, b.to, b.only ? 1 : 0)
    }
  }

  /// A place's words, before they are interned in the string table.
  struct PlaceText: Equatable, Sendable {
    var name: String
    var category: String?
  }

  struct Place: Equatable {
    var latitudeE7: Int32
    var longitudeE7: Int32
    var name: UInt32
    var category: UInt32
  }

  /// The signpost at the start of an edge; string indices of `;`-separated lists.
  struct Sign: Equatable {
    var edge: UInt32
    var exits: UInt32
    var refs: UInt32
    var destinations: UInt32
  }

  /// Latitude, longitude pairs (E7) per node.
  var nodes: [(latitude: Int32, longitude: Int32)] = []
  var edges: [Edge] = []
  /// Latitude, longitude pairs (E7).
  var geometry: [(latitude: Int32, longitude: Int32)] = []
  /// String 0 is "".
  var strings: [String] = [""]
  var restrictions: [Restriction] = []
  var places: [Place] = []
  /// ISO country code of the speed table used, or `default`.
  var country = "default"
  /// Water and green areas: kind and outline (closed), sorted by kind then first point.
  var areas: [(kind: UInt8, outline: [(latitude: Int32, longitude: Int32)])] = []
  /// Signposts, sorted by edge.
  var signposts: [Sign] = []

  static func == (a: MapContent, b: MapContent) -> Bool {
    a.nodes.elementsEqual(b.nodes, by: ==) && a.edges == b.edges
      && a.geometry.elementsEqual(b.geometry, by: ==) && a.strings == b.strings
      && a.restrictions == b.restrictions && a.places == b.places && a.country == b.country
      && a.signposts == b.signposts
      && a.areas.elementsEqual(b.areas) {
        $0.kind == $1.kind && $0.outline.elementsEqual($1.outline, by: ==)
      }
  }
}

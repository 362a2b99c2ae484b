import Foundation
import MapFile
import OSMPBF

/// The OSM elements addresses come from, as `RoadMapBuilder` collects them: address nodes,
/// building ways and multipolygons with `addr:housenumber`, `addr:interpolation` ways,
/// entrances, and the named settlements, municipalities and postcode areas an address without
/// `addr:city` or `addr:postcode` takes them from.
///
/// Only what an address needs is kept (tags of the few `addr:*` keys, node lists of the
/// ways and relations that carry an address), so memory grows with the addresses.
struct AddressElements: Sendable {
  /// The `addr:*` tags of one element.
  struct Tags: Sendable, Equatable {
    var housenumber: String?
    var street: String?
    var place: String?
    var postcode: String?
    var city: String?

    init(_ tags: [String: String]) {
      func value(_ key: String) -> String? {
        guard var v = tags[key], let first = v.first, let last = v.last else { return nil }
        if first.isWhitespace || last.isWhitespace { v = v.trimmingCharacters(in: .whitespaces) }
        return v.isEmpty ? nil : v
      }
      housenumber =
        value("addr:housenumber")
        ?? Self.conscribed(value("addr:conscriptionnumber"), value("addr:streetnumber"))
      street = value("addr:street")
      place = value("addr:place")
      postcode = value("addr:postcode")
      // A city without a letter ("7") is a mistake: the nearest place names it instead.
      city = value("addr:city").flatMap { $0.contains(where: \.isLetter) ? $0 : nil }
    }

    /// The number of an address tagged the Czech and Slovak way without `addr:housenumber`:
    /// "1234/5" from `addr:conscriptionnumber` 1234 and `addr:streetnumber` 5, else either.
    static func conscribed(_ conscription: String?, _ street: String?) -> String? {
      guard let conscription else { return street }
      return street.map { "\(conscription)/\($0)" } ?? conscription
    }

    /// Whether tags give an address a number (`addr:housenumber`, or the conscription and
    /// street numbers that stand for it).
    static func hasNumber(_ tags: [String: String]) -> Bool {
      tags["addr:housenumber"] != nil || tags["addr:conscriptionnumber"] != nil
        || tags["addr:streetnumber"] != nil
    }
  }

  struct Interpolation: Sendable {
    var nodes: [Int64]
    var scheme: String
    var tags: Tags
  }

  struct Settlement: Sendable {
    var name: String
    var place: String
  }

  /// An area (a closed way, or a multipolygon or boundary relation) that names what lies in
  /// it: a settlement, a municipality, a postcode.
  struct Region: Sendable {
    enum Kind: Sendable, Equatable {
      /// `place=city|town|village|hamlet`.
      case settlement(String)
      /// `boundary=administrative` at `admin_level` 7 or 8.
      case municipality(level: Int)
      /// `boundary=postal_code`.
      case postalCode
      /// Another boundary's `postal_code`.
      case boundaryPostcode
    }
    var names: [(kind: Kind, name: String)]
    var outer: [Int64]
    var inner: [Int64]
  }

  /// The `place` values a city can be: where a driver would say they are going.
  static let settlementKinds: Set<String> = ["city", "town", "village", "hamlet"]
  /// The `admin_level`s of municipalities, whose name is a city.
  static let municipalityLevels: Set<String> = ["7", "8"]

  var nodes: [Int64: Tags] = [:]
  /// `entrance=main` (true) or `entrance=yes` (false) nodes.
  var entrances: [Int64: Bool] = [:]
  var ways: [Int64: (nodes: [Int64], tags: Tags)] = [:]
  /// Multipolygons (and `type=building` relations) with an address: their outer (outline)
  /// ways.
  var relations: [Int64: (outer: [Int64], tags: Tags)] = [:]
  /// The node lists of the relations' outer ways, once found.
  var memberWays: [Int64: [Int64]] = [:]
  var interpolations: [Int64: Interpolation] = [:]
  var settlementNodes: [Int64: Settlement] = [:]
  /// Areas by element: closed ways by their id, relations by minus theirs.
  var regions: [Int64: Region] = [:]
  /// Housenumbers that are not numbers, on elements not kept.
  var invalidNumbers = 0

  /// Whether the importer's node pass must keep a node with these tags for addresses.
  static func keeps(_ tags: [String: String]) -> Bool {
    Tags.hasNumber(tags) || tags["entrance"] == "main" || tags["entrance"] == "yes"
      || (tags["name"] != nil && tags["place"].map(settlementKinds.contains) == true)
  }

  mutating func add(node id: Int64, tags: [String: String]) {
    guard !tags.isEmpty else { return }
    if Tags.hasNumber(tags) { nodes[id] = Tags(tags) }
    if let entrance = tags["entrance"], entrance == "main" || entrance == "yes" {
      entrances[id] = entrance == "main"
    }
    if let settlement = Self.settlement(tags) { settlementNodes[id] = settlement }
  }

  mutating func add(way id: Int64, nodes refs: [Int64], tags: [String: String]) {
    if wantedMemberWays.contains(id) { memberWays[id] = refs }
    guard !tags.isEmpty else { return }
    if let scheme = tags["addr:interpolation"] {
      interpolations[id] = Interpolation(nodes: refs, scheme: scheme, tags: Tags(tags))
    } else if Tags.hasNumber(tags) {
      ways[id] = (refs, Tags(tags))
    }
    if refs.count >= 4, refs.first == refs.last, case let names = Self.regionNames(tags),
      !names.isEmpty
    {
      memberWays[id] = refs
      regions[id] = Region(names: names, outer: [id], inner: [])
    }
  }

  mutating func add(relation: OSMRelation) {
    addRegion(relation)
    guard Tags.hasNumber(relation.tags),
      ["multipolygon", "building"].contains(relation.tags["type"] ?? "")
    else { return }
    let outer = relation.members.filter {
      $0.type == .way && ["outer", "", "outline"].contains($0.role)
    }
    .map(\.ref)
    guard !outer.isEmpty else { return }
    relations[relation.id] = (outer, Tags(relation.tags))
    for ref in outer where memberWays[ref] == nil { wantedMemberWays.insert(ref) }
  }

  /// Outer ways of address relations whose nodes are not known yet.
  private(set) var wantedMemberWays = Set<Int64>()

  /// The ways an importer must still look up: outer ways of relations added after them.
  var missingMemberWays: Set<Int64> { wantedMemberWays.filter { memberWays[$0] == nil } }

  /// Appends every node an address needs the position of to `refs` (with repeats).
  func appendReferencedNodes(to refs: inout [Int64]) {
    for way in ways.values { refs += way.nodes }
    for nodes in memberWays.values { refs += nodes }
    for way in interpolations.values { refs += way.nodes }
  }

  private mutating func addRegion(_ relation: OSMRelation) {
    guard ["multipolygon", "boundary"].contains(relation.tags["type"] ?? ""),
      case let names = Self.regionNames(relation.tags), !names.isEmpty
    else { return }
    var region = Region(names: names, outer: [], inner: [])
    for m in relation.members where m.type == .way {
      if m.role == "inner" { region.inner.append(m.ref) } else { region.outer.append(m.ref) }
    }
    guard !region.outer.isEmpty else { return }
    regions[-relation.id] = region
    for ref in region.outer + region.inner where memberWays[ref] == nil {
      wantedMemberWays.insert(ref)
    }
  }

  /// What an area with these tags names; empty for most.
  private static func regionNames(_ tags: [String: String]) -> [(kind: Region.Kind, name: String)] {
    var names: [(kind: Region.Kind, name: String)] = []
    let name = tags["name"].flatMap { $0.isEmpty ? nil : $0 }
    if let s = settlement(tags) { names.append((.settlement(s.place), s.name)) }
    switch tags["boundary"] {
    case "administrative":
      if let level = tags["admin_level"], municipalityLevels.contains(level), let name {
        names.append((.municipality(level: Int(level) ?? 8), name))
      }
      if let code = tags["postal_code"], !code.isEmpty {
        names.append((.boundaryPostcode, code))
      }
    case "postal_code":
      if let code = tags["postal_code"] ?? tags["ref"], !code.isEmpty {
        names.append((.postalCode, code))
      }
    default: break
    }
    return names
  }

  private static func settlement(_ tags: [String: String]) -> Settlement? {
    guard let place = tags["place"], settlementKinds.contains(place), let name = tags["name"],
      !name.isEmpty
    else { return nil }
    return Settlement(name: name, place: place)
  }
}

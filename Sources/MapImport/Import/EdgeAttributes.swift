import Foundation
import MapFile
import Routing

/// What the map keeps of a way for each of its edges beyond routing: whether it is a bridge
/// or a tunnel and on which layer, and its speed limit in the edge's direction.
enum EdgeAttributes {
  /// `bridge=*` and `tunnel=*` other than `no` (`tunnel=building_passage` counts: the road
  /// runs under something), and `layer` (−5…5; 1 for an untagged bridge, −1 for a tunnel).
  static func structure(_ tags: [String: String]) -> EdgeStructure {
    let layer = tags["layer"].flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }
    if let bridge = tags["bridge"], bridge != "no" {
      return EdgeStructure(kind: .bridge, layer: layer ?? 1)
    }
    if let tunnel = tags["tunnel"], tunnel != "no" {
      return EdgeStructure(kind: .tunnel, layer: layer ?? -1)
    }
    return EdgeStructure(kind: .ground, layer: layer ?? 0)
  }

  /// The record for one edge.
  static func record(
    tags: [String: String], way: CarProfile.Way, profile: CarProfile, forward: Bool,
    presence: BuiltUpAreas.Presence
  ) -> MapContent.EdgeAttributes {
    let structure = structure(tags)
    if way.isFerry {
      return MapContent.EdgeAttributes(
        structure: structure.kind.rawValue, layer: Int8(structure.layer), limit: 0, unit: 0,
        source: 0)
    }
    let limit =
      profile.limits.sign(tags: tags, roadClass: way.roadClass, forward: forward)
      ?? profile.limits.implicitSign(
        for: way.roadClass, urban: profile.isUrban(way, presence: presence))
    let value = UInt16(clamping: max(0, min(limit.value, 300)))
    return MapContent.EdgeAttributes(
      structure: structure.kind.rawValue, layer: Int8(structure.layer), limit: value,
      unit: limit.unit.rawValue, source: value == 0 ? 0 : limit.source.rawValue)
  }
}

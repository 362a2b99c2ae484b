import Foundation
import OSMPBF
import Routing

/// A turn restriction relation as the car profile reads it, before it is tied to edges.
///
/// Read from `type=restriction` relations: the value of `restriction:motorcar`, else
/// `restriction:motor_vehicle`, else `restriction` (unless `except` names motorcar or
/// motor_vehicle). `no_*` forbids the move, `only_*` makes it the only one allowed.
/// Restrictions only for other vehicles (`restriction:hgv`…) and those stated only under a
/// condition (`restriction:conditional`) are not for this profile. One that holds at
/// certain times in the older way (`day_on`, `hour_on`) holds always: a route is planned
/// before the hour it is driven at, and a turn forbidden at that hour is worse than a
/// longer way at another (OSRM reads them the same way).
struct RestrictionRule: Equatable {
  var relationID: Int64
  var kind: TurnRestriction.Kind
  /// The move after `no_`/`only_`: `left_turn`, `right_turn`, `straight_on`, `u_turn`,
  /// `entry`, `exit`…
  var move: String
  var fromWays: [Int64]
  var viaNodes: [Int64]
  var viaWays: [Int64]
  var toWays: [Int64]

  /// Why a relation gave no rule, as counted in the import summary.
  enum Skip: String, CaseIterable {
    case notForCars = "not for cars"
    case conditional = "conditional"
    case unknownValue = "unknown restriction value"
    case viaWay = "via way"
    case incomplete = "members missing from the extract or not drivable"
    case ambiguous = "from or to way passes through the via node, turn unclear"
  }

  /// The rule a relation states, `.failure` with the reason when it states none for cars,
  /// or nil when the relation is not a turn restriction at all.
  static func from(_ relation: OSMRelation) -> Result<RestrictionRule, SkipError>? {
    let type = relation.tags["type"] ?? ""
    guard type == "restriction" || type.hasPrefix("restriction:") else { return nil }
    let tags = relation.tags
    var value = tags["restriction:motorcar"] ?? tags["restriction:motor_vehicle"]
    if value == nil, type == "restriction" || type == "restriction:motorcar" {
      value = tags["restriction"]
      let except = (tags["except"] ?? "").split(separator: ";").map {
        $0.trimmingCharacters(in: .whitespaces)
      }
      if except.contains("motorcar") || except.contains("motor_vehicle") {
        return .failure(.init(.notForCars))
      }
    }
    guard let value else {
      let conditional = tags.keys.contains {
        $0.hasPrefix("restriction") && $0.hasSuffix(":conditional")
      }
      return .failure(.init(conditional ? .conditional : .notForCars))
    }
    let kind: TurnRestriction.Kind
    if value.hasPrefix("no_") {
      kind = .no
    } else if value.hasPrefix("only_") {
      kind = .only
    } else {
      return .failure(.init(.unknownValue))
    }
    var rule = RestrictionRule(
      relationID: relation.id, kind: kind,
      move: String(value.drop { $0 != "_" }.dropFirst()), fromWays: [], viaNodes: [],
      viaWays: [], toWays: [])
    for member in relation.members {
      switch (member.role, member.type) {
      case ("from", .way): rule.fromWays.append(member.ref)
      case ("to", .way): rule.toWays.append(member.ref)
      case ("via", .node): rule.viaNodes.append(member.ref)
      case ("via", .way): rule.viaWays.append(member.ref)
      default: break
      }
    }
    if !rule.viaWays.isEmpty { return .failure(.init(.viaWay)) }
    guard rule.viaNodes.count == 1, !rule.fromWays.isEmpty, !rule.toWays.isEmpty else {
      return .failure(.init(.incomplete))
    }
    return .success(rule)
  }

  /// A `Skip` as an `Error`, so it can travel in a `Result`.
  struct SkipError: Error, Equatable {
    var reason: Skip
    init(_ reason: Skip) { self.reason = reason }
  }
}

import Foundation

/// The kinds of road a driver may ask a route to avoid: tolled roads, motorways (and their
/// links), ferries and unpaved roads — OSRM's excludable `toll`, `motorway` and `ferry`
/// classes, and `unpaved`.
///
/// Each edge carries the set it belongs to (`RoadEdge.avoidable`); the routing hierarchy
/// keeps it on every arc, so one hierarchy answers a route avoiding any of them.
public struct AvoidableRoads: OptionSet, Hashable, Sendable, Codable, CustomStringConvertible {
  public let rawValue: UInt8

  public init(rawValue: UInt8) { self.rawValue = rawValue & 15 }

  public static let tolls = AvoidableRoads(rawValue: 1)
  public static let motorways = AvoidableRoads(rawValue: 2)
  public static let ferries = AvoidableRoads(rawValue: 4)
  public static let unpaved = AvoidableRoads(rawValue: 8)
  public static let all: AvoidableRoads = [.tolls, .motorways, .ferries, .unpaved]

  /// Each kind with the word the command line, the configuration and the bridge use for
  /// it, in this order.
  public static let names: [(kind: AvoidableRoads, name: String)] = [
    (.tolls, "tolls"), (.motorways, "motorways"), (.ferries, "ferries"), (.unpaved, "unpaved"),
  ]

  /// Each kind with OSRM's name for its class (`intersections[].classes`, `exclude=`);
  /// `unpaved` is this program's own, which OSRM's car profile does not have.
  public static let classNames: [(kind: AvoidableRoads, name: String)] = [
    (.tolls, "toll"), (.motorways, "motorway"), (.ferries, "ferry"), (.unpaved, "unpaved"),
  ]

  /// The kinds in the set by OSRM's class names, in `classNames`' order.
  public var classList: [String] { Self.classNames.filter { contains($0.kind) }.map(\.name) }

  /// The set of OSRM class names `names` has (others, such as `tunnel`, are not avoidable
  /// and count for nothing).
  public init(classNames names: some Sequence<String>) {
    var set: AvoidableRoads = []
    for name in names {
      if let kind = Self.classNames.first(where: { $0.name == name })?.kind { set.insert(kind) }
    }
    self = set
  }

  /// The set `text` names: words of `names` separated by commas (`tolls,ferries`); "" or
  /// "none" is the empty set. Nil when a word is none of them.
  public init?(names text: String) {
    var set: AvoidableRoads = []
    for word in text.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) })
    where !word.isEmpty && word != "none" {
      guard let kind = Self.names.first(where: { $0.name == word })?.kind else { return nil }
      set.insert(kind)
    }
    self = set
  }

  /// The kinds in the set, each by its word.
  public var wordList: [String] { Self.names.filter { contains($0.kind) }.map(\.name) }

  /// `tolls,ferries`, or `none`.
  public var description: String { isEmpty ? "none" : wordList.joined(separator: ",") }
}

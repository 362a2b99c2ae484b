import Foundation
import Geo

/// One lane at a junction, left to right whatever the driving side.
public struct Lane: Hashable, Sendable, Codable {
  /// Directions painted on the lane, in OSRM words ("left", "straight", "slight right",
  /// "uturn", "none").
  public var indications: [String]
  /// Whether the lane leads onto the route.
  public var valid: Bool
  /// Whether the lane is the recommended one (OSRM `active`), when the source says.
  public var preferred: Bool

  public init(indications: [String], valid: Bool, preferred: Bool = false) {
    self.indications = indications
    self.valid = valid
    self.preferred = preferred
  }
}

/// One step of a route: a maneuver, then driving along one road until the next step.
public struct RouteStep: Hashable, Sendable, Codable {
  public var maneuver: Maneuver
  /// Road name after the maneuver ("" when unnamed).
  public var name: String
  /// Road reference such as "E12", when the road has one.
  public var ref: String?
  /// Length of the step in metres.
  public var distance: Double
  /// Expected time to drive the step in seconds.
  public var duration: Double
  /// Shape of the step, starting at the maneuver.
  public var geometry: [Coordinate]
  /// Lanes at the maneuver, left to right; empty when unknown.
  public var lanes: [Lane]
  /// Instruction texts from the source, longest first; may be empty.
  public var instructionVariants: [String]
  /// Which side of the road traffic drives on.
  public var drivingSide: Maneuver.Side
  /// The exit number and destinations signposted at the maneuver (motorway exits, ramps,
  /// forks), when the source gives them.
  public var signpost: Signpost?
  /// The kinds of road to avoid the step drives on (OSRM's `intersections[].classes`);
  /// nil when the source does not say.
  public var classes: AvoidableRoads?

  public init(
    maneuver: Maneuver, name: String = "", ref: String? = nil, distance: Double,
    duration: Double, geometry: [Coordinate], lanes: [Lane] = [],
    instructionVariants: [String] = [], drivingSide: Maneuver.Side = .right,
    signpost: Signpost? = nil, classes: AvoidableRoads? = nil
  ) {
    self.classes = classes
    self.maneuver = maneuver
    self.name = name
    self.ref = ref
    self.distance = distance
    self.duration = duration
    self.geometry = geometry
    self.lanes = lanes
    self.instructionVariants = instructionVariants
    self.drivingSide = drivingSide
    self.signpost = signpost
  }

  /// The road's most significant reference in its written form ("E18" for `7; 15; E 18`),
  /// nil when it has none: what prompts and the card name when the road has no name.
  public var principalRef: String? { RoadReference.principal(ref) }

  /// The road as prompts and the card name it: the name, else `principalRef`, else nil
  /// (blank counts as none).
  public var roadLabel: (text: String, isReference: Bool)? {
    let name = self.name.trimmingCharacters(in: .whitespaces)
    if !name.isEmpty { return (name, false) }
    return principalRef.map { ($0, true) }
  }
}

/// The part of a route between two waypoints.
public struct RouteLeg: Hashable, Sendable, Codable {
  public var steps: [RouteStep]
  public var summary: String
  public var distance: Double
  public var duration: Double

  public init(steps: [RouteStep], summary: String = "", distance: Double, duration: Double) {
    self.steps = steps
    self.summary = summary
    self.distance = distance
    self.duration = duration
  }
}

/// A route from an origin to a destination through one or more legs.
public struct Route: Hashable, Sendable, Codable {
  public var legs: [RouteLeg]
  /// Total length in metres.
  public var distance: Double
  /// Total expected driving time in seconds.
  public var duration: Double
  /// Language of the source instructions, e.g. "en-US", when known.
  public var locale: String?
  /// The limits along the route when its source gave them (a server's annotations), else
  /// nil: the map's limit of the road driven stands in.
  public var speedLimits: RouteSpeedLimits?

  public init(legs: [RouteLeg], distance: Double, duration: Double, locale: String? = nil) {
    self.legs = legs
    self.distance = distance
    self.duration = duration
    self.locale = locale
  }

  /// All steps of all legs in driving order. Guidance indexes maneuvers by position here.
  public var steps: [RouteStep] { legs.flatMap(\.steps) }

  /// `steps[index]` without building `steps`; nil when there is no such step.
  public func step(at index: Int) -> RouteStep? {
    var rest = index
    guard rest >= 0 else { return nil }
    for leg in legs {
      if rest < leg.steps.count { return leg.steps[rest] }
      rest -= leg.steps.count
    }
    return nil
  }

  /// The full shape, step geometries joined without a point repeated in a row (a vertex two
  /// steps share, the arrival step's one point): a repeated point is a zero-length segment,
  /// which map matching may cost as a stop (Valhalla's `trace_route` adds half a minute for
  /// one at the end). At least two points when there are any.
  public var geometry: [Coordinate] {
    var all: [Coordinate] = []
    for step in steps {
      for c in step.geometry where all.last != c {
        all.append(c)
      }
    }
    if all.count == 1 { all.append(all[0]) }
    return all
  }

  public var origin: Coordinate? { steps.first?.geometry.first }
  public var destination: Coordinate? { steps.last?.geometry.last }
}

extension Route {
  /// The kinds of road to avoid that some step drives on; empty when no step says
  /// (a server's route without classes).
  public var classes: AvoidableRoads {
    steps.reduce(into: AvoidableRoads()) { $0.formUnion($1.classes ?? []) }
  }
}

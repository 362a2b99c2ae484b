import Foundation
import Navigation
import RoadCosts
import Routing

/// Which OSM ways a car may drive, in which directions, and at what speed.
///
/// Kept: `highway` motorway, trunk, primary, secondary, tertiary, unclassified,
/// residential, their `_link`s, living_street and service — except
/// `service=parking_aisle|driveway|drive-through|emergency_access` (thousands of short
/// private stubs that are not through roads; a destination on one is reached from the
/// street next to it). Dropped: `area=yes`, and ways closed to cars by the most specific
/// of `motorcar`, `motor_vehicle`, `vehicle`, `access` (`no`, `private`, `agricultural`,
/// `forestry`, `emergency`, `psv`, `bus`, `delivery` is allowed), and `oneway=reversible`
/// or `alternating` (the direction depends on the time). Kept but marked destination only
/// (no through traffic, as OSRM and Valhalla treat them): the same most specific key saying
/// `destination` or `customers`.
///
/// Oneway: `oneway:motorcar`, `oneway:motor_vehicle`, then `oneway` — `yes`/`1`/`true`
/// forward, `-1`/`reverse` backward, `no` both ways; without a tag, `motorway`,
/// `motorway_link` and `junction=roundabout|circular` are oneway forward.
///
/// Speed: the way's limit (`SpeedLimits`: tagged, or the country's implicit one inside or
/// outside a built-up area), driven at a share of it (`TravelSpeed`); see
/// `speed(of:forward:presence:)` for how a way is found inside a built-up area.
public struct CarProfile: Sendable {
  /// What the profile decided for one way.
  public struct Way: Sendable, Equatable {
    public var roadClass: RoadClass
    public var name: String
    public var ref: String?
    public var forward: Bool
    public var backward: Bool
    /// The limit the tags state in each direction, km/h; nil: the implicit one.
    public var forwardTaggedLimit: Double?
    public var backwardTaggedLimit: Double?
    /// Inside or outside a built-up area, as the way's zone tags say; nil: they do not.
    public var area: SpeedLimits.Area?
    /// `motorroad=yes`: a road for motor vehicles only, never a town's street.
    public var isMotorroad: Bool
    /// Whether the limits come from the class default (no limit tagged).
    public var usesDefaultLimit: Bool
    public var isRoundabout: Bool
    /// Only for traffic to or from the way (`destination`, `customers`).
    public var isDestinationOnly: Bool
    /// Under works that may close it: `construction` other than `no`, `minor`, `widening`.
    public var isUnderWorks: Bool
    public var forwardLanes: String?
    public var backwardLanes: String?
    /// What route choice takes the way's speed to be in each direction, km/h
    /// (`RoutingRate`), before the signals on it.
    public var forwardRate: Double
    public var backwardRate: Double
    /// `toll=yes` (or `toll:motorcar`, `toll:motor_vehicle`, the most specific first).
    public var isToll = false
    /// `surface` of a loose kind or `tracktype` grade2 to grade5 (`RoadEdge.isUnpaved`).
    public var isUnpaved = false
    /// A ferry (`route=ferry`), with its crossing's seconds when `duration` says.
    public var isFerry = false
    public var ferrySeconds: Double?
    /// The speed to keep on it, km/h, whatever its class: a ferry's, from its length and
    /// `ferrySeconds` (set per way once its length is known) or `ferryKmh`.
    public var fixedKmh: Double?
  }

  static let classes: [String: RoadClass] = [
    "motorway": .motorway, "trunk": .trunk, "primary": .primary, "secondary": .secondary,
    "tertiary": .tertiary, "unclassified": .unclassified, "residential": .residential,
    "motorway_link": .motorwayLink, "trunk_link": .trunkLink, "primary_link": .primaryLink,
    "secondary_link": .secondaryLink, "tertiary_link": .tertiaryLink,
    "living_street": .livingStreet, "service": .service,
  ]
  static let excludedServices: Set<String> = [
    "parking_aisle", "driveway", "drive-through", "emergency_access",
  ]
  static let deniedAccess: Set<String> = [
    "no", "private", "agricultural", "forestry", "emergency", "psv", "bus",
  ]
  static let destinationAccess: Set<String> = ["destination", "customers"]
  /// `construction` values for works that leave the road open.
  static let openWorks: Set<String> = ["no", "minor", "widening"]

  public let limits: SpeedLimits

  public init(limits: SpeedLimits) {
    self.limits = limits
  }

  /// `surface` values of roads without a hard surface.
  static let unpavedSurfaces: Set<String> = [
    "unpaved", "compacted", "gravel", "fine_gravel", "pebblestone", "ground", "dirt", "earth",
    "grass", "grass_paver", "mud", "sand", "woodchips", "rock", "stepping_stones", "ice", "snow",
  ]
  /// Km/h on a ferry whose crossing time is not tagged (OSRM's car profile: 5).
  static let ferryKmh = 5.0

  /// What a car may do on a way with these tags; nil when it may not drive it at all.
  public func way(tags: [String: String]) -> Way? {
    guard var way = road(tags: tags) ?? ferry(tags: tags) else { return nil }
    let toll = tags["toll:motorcar"] ?? tags["toll:motor_vehicle"] ?? tags["toll"]
    way.isToll = toll == "yes"
    if let surface = tags["surface"] {
      way.isUnpaved = Self.unpavedSurfaces.contains(surface)
    } else if let grade = tags["tracktype"] {
      way.isUnpaved = ["grade2", "grade3", "grade4", "grade5"].contains(grade)
    }
    return way
  }

  /// A ferry a car may board: `route=ferry` on a way that is no road, not closed to cars
  /// (the most specific access key), and not a passenger ferry (`foot` or `bicycle` yes
  /// with no key for motor vehicles). Two-way unless `oneway` says; its crossing takes
  /// `duration` (`FerryDuration`), or goes at `ferryKmh`.
  func ferry(tags: [String: String]) -> Way? {
    guard tags["route"] == "ferry", tags["highway"] == nil else { return nil }
    if let value = AccessTags.mostSpecific(tags), Self.deniedAccess.contains(value) {
      return nil
    }
    let motorKeys = ["motorcar", "motor_vehicle", "vehicle", "access"]
    if motorKeys.allSatisfy({ tags[$0] == nil }), tags["foot"] == "yes" || tags["bicycle"] == "yes"
    {
      return nil
    }
    var forward = true
    var backward = true
    switch AccessTags.first(tags["oneway"]) {
    case "yes", "1", "true": backward = false
    case "-1", "reverse": forward = false
    default: break
    }
    let kmh = Self.ferryKmh
    return Way(
      roadClass: .unclassified, name: tags["name"] ?? "", ref: tags["ref"], forward: forward,
      backward: backward, forwardTaggedLimit: nil, backwardTaggedLimit: nil, area: nil,
      isMotorroad: false, usesDefaultLimit: false, isRoundabout: false,
      isDestinationOnly: false, isUnderWorks: false, forwardLanes: nil, backwardLanes: nil,
      forwardRate: kmh, backwardRate: kmh, isFerry: true,
      ferrySeconds: tags["duration"].flatMap(FerryDuration.seconds), fixedKmh: kmh)
  }

  /// A road a car may drive (`highway=*`).
  func road(tags: [String: String]) -> Way? {
    guard let highway = tags["highway"], let roadClass = Self.classes[highway] else { return nil }
    if tags["area"] == "yes" { return nil }
    if roadClass == .service, let service = tags["service"],
      Self.excludedServices.contains(service)
    {
      return nil
    }
    var isDestinationOnly = false
    if let value = AccessTags.mostSpecific(tags) {
      if Self.deniedAccess.contains(value) { return nil }
      isDestinationOnly = Self.destinationAccess.contains(value)
    }
    let isRoundabout = ["roundabout", "circular"].contains(tags["junction"] ?? "")
    var forward = true
    var backward = true
    let oneway = AccessTags.first(
      tags["oneway:motorcar"] ?? tags["oneway:motor_vehicle"] ?? tags["oneway"])
    switch oneway {
    case "yes", "1", "true": backward = false
    case "-1", "reverse": forward = false
    case "reversible", "alternating": return nil
    case "no", "false", "0": break
    default:
      if isRoundabout || roadClass == .motorway || roadClass == .motorwayLink { backward = false }
    }
    let isOneway = !(forward && backward)
    let plainLanes = isOneway ? tags["turn:lanes"] : nil
    let forwardLimit = limits.taggedLimit(tags: tags, roadClass: roadClass, forward: true)
    let backwardLimit = limits.taggedLimit(tags: tags, roadClass: roadClass, forward: false)
    return Way(
      roadClass: roadClass,
      name: tags["name"] ?? "",
      ref: tags["ref"],
      forward: forward,
      backward: backward,
      forwardTaggedLimit: forwardLimit,
      backwardTaggedLimit: backwardLimit,
      area: SpeedLimits.area(tags: tags),
      isMotorroad: tags["motorroad"] == "yes",
      usesDefaultLimit: limits.taggedLimit(tags: tags, roadClass: roadClass, forward: forward)
        == nil,
      isRoundabout: isRoundabout,
      isDestinationOnly: isDestinationOnly,
      isUnderWorks: tags["construction"].map { !Self.openWorks.contains($0) } ?? false,
      forwardLanes: tags["turn:lanes:forward"] ?? (forward ? plainLanes : nil),
      backwardLanes: tags["turn:lanes:backward"] ?? (backward ? plainLanes : nil),
      forwardRate: RoutingRate.kmh(
        tags: tags, roadClass: roadClass, taggedLimit: forwardLimit, twoWay: !isOneway),
      backwardRate: RoutingRate.kmh(
        tags: tags, roadClass: roadClass, taggedLimit: backwardLimit, twoWay: !isOneway))
  }
}

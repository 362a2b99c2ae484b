import Routing

/// The speed route choice takes a way to have, km/h (`RoadEdge.routingSpeed`): not the
/// time a car needs (that is `TravelSpeed`, kept honest against measured drives), but how
/// much a road is preferred, read from the tags the way OSRM's car profile reads them.
///
/// Which route a driver expects is the one the engines people know would give; OSRM's car
/// profile is the most used and documented of them, so route choice follows it: a class
/// speed where no limit is tagged (a main road stays preferred in town even where its limit
/// is the same as a side street's), 0.8 of a tagged limit, a cap for a rough surface, half
/// the rate on parking and service alleys, single-lane two-way roads and narrow ones; the
/// map folds in the seconds of the signals and gates passed (`NodeObstacle`).
///
/// | class | km/h | class | km/h |
/// |---|---|---|---|
/// | motorway | 90 | motorway link | 45 |
/// | trunk | 85 | trunk link | 40 |
/// | primary | 65 | primary link | 30 |
/// | secondary | 55 | secondary link | 25 |
/// | tertiary | 40 | tertiary link | 20 |
/// | unclassified, residential | 25 | living street | 10 |
/// | service | 15 | | |
public enum RoutingRate {
  /// The share of a tagged limit.
  public static let taggedShare = 0.8

  /// The rate of a road of `roadClass` with no limit tagged.
  public static func classKmh(_ roadClass: RoadClass) -> Double {
    switch roadClass {
    case .motorway: 90
    case .motorwayLink: 45
    case .trunk: 85
    case .trunkLink: 40
    case .primary: 65
    case .primaryLink: 30
    case .secondary: 55
    case .secondaryLink: 25
    case .tertiary: 40
    case .tertiaryLink: 20
    case .unclassified, .residential: 25
    case .livingStreet: 10
    case .service: 15
    }
  }

  /// The rate of a way with `tags` of `roadClass` in one direction whose tagged limit that
  /// way is `taggedLimit` (nil: none); `twoWay` when cars may drive it both ways.
  public static func kmh(
    tags: [String: String], roadClass: RoadClass, taggedLimit: Double?, twoWay: Bool
  ) -> Double {
    var kmh = taggedLimit.map { $0 * taggedShare } ?? classKmh(roadClass)
    for (key, table) in [("surface", surfaceKmh), ("tracktype", tracktypeKmh)] {
      if let value = tags[key], let cap = table[value] { kmh = min(kmh, cap) }
    }
    if let value = tags["smoothness"], let cap = smoothnessKmh[value] { kmh = min(kmh, cap) }
    return kmh * preference(tags: tags, twoWay: twoWay)
  }

  /// The share of the rate kept on a way that is not for through traffic or is tight: 0.5
  /// on parking and service alleys, on a two-way road of one lane or at most 3 m wide; 0.6
  /// to 0.8 on two-way roads up to 6 m wide; 0.8 on a side road (`side_road=yes`).
  static func preference(tags: [String: String], twoWay: Bool) -> Double {
    var share = 1.0
    if let service = tags["service"], let penalty = servicePenalties[service] {
      share = min(share, penalty)
    }
    if twoWay {
      if tags["lane_markings"] == "no" { share = min(share, 0.75) }
      if let width = metres(tags["width"]) {
        switch width {
        case ...3: share = min(share, 0.5)
        case ..<4: share = min(share, 0.6)
        case ..<5: share = min(share, 0.75)
        case ..<6: share = min(share, 0.8)
        default: break
        }
      }
      if let lanes = tags["lanes"].flatMap({ Int($0.prefix { $0.isNumber }) }), lanes <= 1 {
        share = min(share, 0.5)
      }
    }
    if ["yes", "rotary"].contains(tags["side_road"] ?? "") { share = min(share, 0.8) }
    return share
  }

  /// A width such as `3.5`, `3,5 m` or `4m`, metres; nil when it is not one.
  static func metres(_ text: String?) -> Double? {
    guard let text else { return nil }
    let number = text.prefix { $0.isNumber || $0 == "." || $0 == "," }
    return Double(number.replacingOccurrences(of: ",", with: "."))
  }

  static let servicePenalties: [String: Double] = [
    "alley": 0.5, "parking": 0.5, "parking_aisle": 0.5, "driveway": 0.5,
    "drive-through": 0.5, "drive-thru": 0.5,
  ]
  static let surfaceKmh: [String: Double] = [
    "cement": 80, "compacted": 80, "fine_gravel": 80, "paving_stones": 60, "metal": 60,
    "bricks": 60, "grass": 40, "wood": 40, "sett": 40, "grass_paver": 40, "gravel": 40,
    "unpaved": 40, "ground": 40, "dirt": 40, "pebblestone": 40, "tartan": 40,
    "cobblestone": 30, "clay": 30, "earth": 20, "stone": 20, "rocky": 20, "sand": 20,
    "laterite": 15, "mud": 10, "ice": 20, "snow": 30,
  ]
  static let tracktypeKmh: [String: Double] = [
    "grade1": 60, "grade2": 40, "grade3": 30, "grade4": 25, "grade5": 20,
  ]
  static let smoothnessKmh: [String: Double] = [
    "intermediate": 80, "bad": 40, "very_bad": 20, "horrible": 10, "very_horrible": 5,
  ]
}

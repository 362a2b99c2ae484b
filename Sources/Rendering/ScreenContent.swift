import Navigation

/// A maneuver as the guidance card shows it: already worded and rounded, so two moments
/// that look the same compare equal (and the card is not redrawn).
public struct ManeuverContent: Hashable, Sendable {
  public var type: ManeuverType
  public var drivingSide: Maneuver.Side
  /// "200 m", "1.2 km", rounded for display.
  public var distance: String
  /// Instruction texts, preferred (longest) first; the card shows the first that fits.
  public var instructionVariants: [String]
  /// The road after the maneuver, "" when unnamed.
  public var road: String
  /// The signposted exit number, drawn as a badge; nil when the sign has none.
  public var exitNumber: String?
  /// Where the signposted exit or ramp leads, longest first; when not empty the card shows
  /// the first that fits in the road's place (after the exit badge).
  public var towardsVariants: [String]

  public init(
    type: ManeuverType, drivingSide: Maneuver.Side = .right, distance: String,
    instructionVariants: [String], road: String, exitNumber: String? = nil,
    towardsVariants: [String] = []
  ) {
    self.type = type
    self.drivingSide = drivingSide
    self.distance = distance
    self.instructionVariants = instructionVariants
    self.road = road
    self.exitNumber = exitNumber
    self.towardsVariants = towardsVariants
  }

  /// Whether the card's bottom line shows a signpost rather than the road.
  public var showsSignpost: Bool { exitNumber != nil || !towardsVariants.isEmpty }
}

/// One lane arrow of the lane-guidance strip.
public struct LaneContent: Hashable, Sendable {
  /// OSRM indications painted on the lane ("left", "straight", "slight right", "uturn").
  public var indications: [String]
  /// Leads onto the route.
  public var isValid: Bool
  /// The lane to be in.
  public var isRecommended: Bool

  public init(indications: [String], isValid: Bool, isRecommended: Bool) {
    self.indications = indications
    self.isValid = isValid
    self.isRecommended = isRecommended
  }
}

/// What sits under the guidance card, when anything does.
public enum SecondaryContent: Hashable, Sendable {
  /// The maneuver after the next, when it comes soon after ("Then …").
  case then(ManeuverContent)
  /// Lanes at the next maneuver (CarPlay's symbol-only lane guidance).
  case lanes([LaneContent])
}

/// Trip estimates, worded: "11:14", "4 min", "1.2 km".
public struct TripContent: Hashable, Sendable {
  public var arrival: String
  public var timeRemaining: String
  public var distanceRemaining: String

  public init(arrival: String, timeRemaining: String, distanceRemaining: String) {
    self.arrival = arrival
    self.timeRemaining = timeRemaining
    self.distanceRemaining = distanceRemaining
  }
}

/// The status chip: GPS state, sound, clock.
public struct StatusContent: Hashable, Sendable {
  public var gps: PositionQuality
  public var isMuted: Bool
  /// "08:10".
  public var clock: String

  public init(gps: PositionQuality, isMuted: Bool, clock: String) {
    self.gps = gps
    self.isMuted = isMuted
    self.clock = clock
  }
}

/// A message that takes the guidance card's place.
public enum Banner: Hashable, Sendable {
  /// Guidance paused; the card says why.
  case paused(PauseReason)
  /// At the destination, with its name when known.
  case arrived(String?)
}

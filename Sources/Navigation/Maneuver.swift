import Geo

/// What the driver does at the start of a step, as OSRM and Valhalla describe it.
public struct Maneuver: Hashable, Sendable, Codable {
  /// The OSRM maneuver type.
  public enum Kind: String, CaseIterable, Hashable, Sendable, Codable {
    case depart
    case arrive
    case turn
    case newName = "new name"
    case merge
    case onRamp = "on ramp"
    case offRamp = "off ramp"
    case fork
    case endOfRoad = "end of road"
    case `continue`
    case roundabout
    case rotary
    case roundaboutTurn = "roundabout turn"
    case notification
    case exitRoundabout = "exit roundabout"
    case exitRotary = "exit rotary"
    case enterFerry = "enter ferry"
    case exitFerry = "exit ferry"
  }

  /// The OSRM direction modifier. For `depart` and `arrive`, `left`/`right` give the side.
  public enum Modifier: String, CaseIterable, Hashable, Sendable, Codable {
    case uTurn = "uturn"
    case sharpRight = "sharp right"
    case right
    case slightRight = "slight right"
    case straight
    case slightLeft = "slight left"
    case left
    case sharpLeft = "sharp left"

    /// -1 for the left family, +1 for the right family, 0 for straight and U-turn.
    public var side: Int {
      switch self {
      case .sharpLeft, .left, .slightLeft: -1
      case .sharpRight, .right, .slightRight: 1
      case .straight, .uTurn: 0
      }
    }
  }

  /// Side of the road something is on (arrival, driving side).
  public enum Side: String, Hashable, Sendable, Codable {
    case left, right
  }

  public var kind: Kind
  public var modifier: Modifier?
  /// Roundabout exit number (1-based) for roundabouts and rotaries.
  public var exit: Int?
  /// Where the maneuver happens.
  public var location: Coordinate
  public var bearingBefore: Double
  public var bearingAfter: Double

  public init(
    kind: Kind, modifier: Modifier? = nil, exit: Int? = nil, location: Coordinate,
    bearingBefore: Double = 0, bearingAfter: Double = 0
  ) {
    self.kind = kind
    self.modifier = modifier
    self.exit = exit
    self.location = location
    self.bearingBefore = bearingBefore
    self.bearingAfter = bearingAfter
  }

  /// For an arrival, which side the destination is on (nil when straight ahead or unknown).
  public var arrivalSide: Side? {
    guard kind == .arrive, let modifier else { return nil }
    switch modifier.side {
    case -1: return .left
    case 1: return .right
    default: return nil
    }
  }
}

import Foundation
import Navigation

/// What a driver looks for on the map besides guidance: the road being driven, the speed
/// and the limit, and (drawn from the camera) a scale bar and a compass. Kept in displayed
/// form so that equal moments compare equal and their overlays are not redrawn.
public struct DriverContent: Hashable, Sendable {
  /// The road's name for the pill along the bottom; nil hides the pill.
  public var road: String?
  /// The speed; nil hides it (no fix with a speed).
  public var speed: SpeedContent?
  /// The limit's sign; nil when the limit is not known.
  public var limit: SpeedLimitContent?
  /// Units of the scale bar.
  public var units: UnitSystem

  public init(
    road: String?, speed: SpeedContent?, limit: SpeedLimitContent?, units: UnitSystem
  ) {
    self.road = road
    self.speed = speed
    self.limit = limit
    self.units = units
  }

  /// The content for `speed` (m/s) on a road `road` with `limit`, in `units`. While
  /// `isWarning` the speed is red and the sign pulses: its ring is wider in every other
  /// half second of `now`. A road name is capped at `DriverLabels.roadLimit` characters;
  /// the speed's unit is in the language of `text`.
  public static func make(
    road: String?, speed: Double?, limit: SpeedLimit?, units: UnitSystem, isWarning: Bool,
    now: Date, text: ScreenText = ScreenText()
  ) -> DriverContent {
    let imperial = units == .imperial
    let shown = speed.flatMap { value -> SpeedContent? in
      guard value.isFinite, value >= 0 else { return nil }
      let perHour = value * 3.6 / (imperial ? 1.609_344 : 1)
      return SpeedContent(
        value: String(Int(min(perHour, 999).rounded())),
        unit: text[imperial ? .milesPerHour : .kilometresPerHour],
        isWarning: isWarning)
    }
    let sign = limit.map { limit -> SpeedLimitContent in
      let value: Int
      switch (limit.unit, imperial) {
      case (.kilometresPerHour, false), (.milesPerHour, true): value = limit.value
      case (.kilometresPerHour, true): value = Int(limit.milesPerHour.rounded())
      case (.milesPerHour, false): value = Int(limit.kilometresPerHour.rounded())
      }
      let pulse = isWarning && Int((now.timeIntervalSince1970 * 2).rounded(.down)) % 2 == 0
      return SpeedLimitContent(
        value: String(value), style: imperial ? .rectangle : .roundel, isPulsing: pulse)
    }
    let name = road.map { String($0.prefix(DriverLabels.roadLimit)) }
    return DriverContent(
      road: name?.isEmpty == false ? name : nil, speed: shown, limit: sign, units: units)
  }
}

/// The speed as shown next to the limit.
public struct SpeedContent: Hashable, Sendable {
  /// "48".
  public var value: String
  /// "km/h", "mph".
  public var unit: String
  /// Over the limit by more than the driver tolerates: drawn red.
  public var isWarning: Bool

  public init(value: String, unit: String, isWarning: Bool) {
    self.value = value
    self.unit = unit
    self.isWarning = isWarning
  }
}

/// A speed-limit sign.
public struct SpeedLimitContent: Hashable, Sendable {
  /// The European sign (red ring, white face), or the US "SPEED LIMIT" rectangle.
  public enum Style: Hashable, Sendable {
    case roundel
    case rectangle
  }

  /// The number, in the units of the speed beside it.
  public var value: String
  public var style: Style
  /// The pulse's wide phase, while over the limit.
  public var isPulsing: Bool

  public init(value: String, style: Style, isPulsing: Bool = false) {
    self.value = value
    self.style = style
    self.isPulsing = isPulsing
  }
}

/// Every word the driver's overlays draw, in one place for translation.
public enum DriverLabels {
  /// The top lines of the US sign, whatever the screen's language: a replica of the sign.
  public static let speedLimit = "SPEED\nLIMIT"
  /// Characters of a road name kept before layout.
  public static let roadLimit = 80
}

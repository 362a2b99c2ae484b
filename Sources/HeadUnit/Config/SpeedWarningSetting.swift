import Core
import JSON
import Navigation

/// `display.speedWarning`: how far over the limit the speed turns red, as the file writes
/// it: a whole number of km/h (mph with imperial `units`), or a share of the limit
/// (`"10%"`).
public enum SpeedWarningSetting: Sendable, Equatable {
  /// This many km/h, or mph, over the limit.
  case over(Int)
  /// This many percent of the limit over it.
  case percent(Int)

  /// The margins allowed: up to 30 km/h (mph) or 50 % over.
  static let overRange = 0...30
  static let percentRange = 0...50

  /// What the file's `node` says.
  ///
  /// - Throws: `JSONError` at the node: `.wrongType` for anything but a number or a
  ///   string, `.outOfRange` for a margin outside `overRange` or `percentRange`, `.invalid`
  ///   for a string that is not a whole number and `%`.
  static func read(_ node: JSONNode) throws(JSONError) -> SpeedWarningSetting {
    if case .string(let text) = node.value {
      guard text.hasSuffix("%"), let value = Int(text.dropLast()) else {
        throw node.error(
          "expected a whole number of percent such as \"10%\", found \(JSONNode.quoted(text))")
      }
      guard percentRange.contains(value) else {
        throw node.error(expected: "a share of 0%–50%", code: .outOfRange)
      }
      return .percent(value)
    }
    return .over(try node.integer(in: overRange))
  }

  /// As the file writes it.
  var json: JSONValue {
    switch self {
    case .over(let value): .number(Double(value))
    case .percent(let value): .string("\(value)%")
    }
  }

  /// The core's threshold, a number read in `units`.
  public func threshold(units: UnitSystem) -> SpeedWarning.Threshold {
    switch self {
    case .over(let value):
      .kilometresPerHour(Double(value) * (units == .imperial ? 1.609_344 : 1))
    case .percent(let value): .percent(Double(value))
    }
  }
}

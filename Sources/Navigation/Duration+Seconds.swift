import Foundation

/// The program's one duration type is `Duration`; these convert it at the edge where a
/// `Date` or a number of seconds is needed.
extension Duration {
  /// The duration in seconds as a floating-point number. A duration made from a number of
  /// seconds gives that number back (dividing by 1e18 rounds once).
  public var seconds: Double {
    let (s, attoseconds) = components
    return Double(s) + Double(attoseconds) / 1e18
  }

  /// `seconds` as a duration, held to within ± a hundred years (not a number: zero), so a
  /// time worked out from numbers that came from outside can never trap.
  public static func seconds(clamping seconds: Double) -> Duration {
    guard !seconds.isNaN else { return .zero }
    return .seconds(min(max(seconds, -Self.clampLimit), Self.clampLimit))
  }

  private static let clampLimit = 3.2e9

  /// The number of seconds for people and logs: `10`, `1.5`, `0.25`.
  public var secondsText: String {
    let value = seconds
    return value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : "\(value)"
  }
}

extension Date {
  /// This instant moved on by `duration`.
  public func adding(_ duration: Duration) -> Date {
    addingTimeInterval(duration.seconds)
  }
}

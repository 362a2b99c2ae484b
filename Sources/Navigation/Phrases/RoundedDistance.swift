import Foundation

/// A distance rounded the way a navigation voice says it, before any words are chosen.
///
/// Metric: under 100 m → nearest 10 m (at least 10 m); under 300 m → nearest 50 m; under
/// 1000 m → nearest 100 m; under 10 km → kilometres with one decimal; beyond → whole
/// kilometres. A value that rounds up to the next band's unit is given in that unit
/// (960 m → 1 km). Imperial: under 0.1 mi → feet (nearest 50 ft below 500 ft, at least
/// 50 ft, else nearest 100 ft); under 0.875 mi → the nearest of ¼, ½, ¾ mile (from 0.1 mi
/// up to 0.375 mi → ¼); under 10 mi → miles with one decimal, at least 1; beyond → whole
/// miles. Negative and non-finite inputs count as 0.
enum RoundedDistance: Hashable, Sendable {
  case metres(Int)
  case kilometres(Amount)
  case feet(Int)
  case miles(Amount)
  case quarterMile, halfMile, threeQuartersMile

  /// A non-negative number with at most one decimal, kept as tenths.
  struct Amount: Hashable, Sendable {
    var tenths: Int
    var integer: Int { tenths / 10 }
    var isWhole: Bool { tenths % 10 == 0 }

    /// "2" or "1<separator>5".
    func text(decimalSeparator: String) -> String {
      isWhole ? String(integer) : "\(integer)\(decimalSeparator)\(tenths % 10)"
    }
  }

  static let metresPerMile = 1609.344
  static let metresPerFoot = 0.3048

  static func metric(_ metres: Double) -> RoundedDistance {
    let m = clean(metres)
    if m < 100 { return .metres(max(10, rounded(m, to: 10))) }
    if m < 300 { return .metres(rounded(m, to: 50)) }
    if m < 1000 {
      let r = rounded(m, to: 100)
      return r >= 1000 ? .kilometres(Amount(tenths: 10)) : .metres(r)
    }
    if m < 10_000 { return .kilometres(Amount(tenths: rounded(m, to: 100) / 100)) }
    return .kilometres(Amount(tenths: rounded(m, to: 1000) / 100))
  }

  /// Imperial rounding for speech, using quarter-mile fractions below 0.875 mi.
  static func imperial(_ metres: Double) -> RoundedDistance {
    let m = clean(metres)
    let miles = m / metresPerMile
    if miles < 0.1 { return .feet(roundedFeet(m / metresPerFoot)) }
    if miles < 0.375 { return .quarterMile }
    if miles < 0.625 { return .halfMile }
    if miles < 0.875 { return .threeQuartersMile }
    return .miles(decimalMiles(miles, minimumTenths: 10))
  }

  /// Imperial rounding for screens: decimal miles instead of fractions ("0.3 mi").
  static func imperialDisplay(_ metres: Double) -> RoundedDistance {
    let m = clean(metres)
    let miles = m / metresPerMile
    if miles < 0.1 { return .feet(roundedFeet(m / metresPerFoot)) }
    return .miles(decimalMiles(miles, minimumTenths: 1))
  }

  private static func clean(_ metres: Double) -> Double {
    metres.isFinite ? max(0, metres) : 0
  }

  private static func rounded(_ value: Double, to step: Int) -> Int {
    Int((value / Double(step)).rounded(.toNearestOrAwayFromZero)) * step
  }

  private static func roundedFeet(_ feet: Double) -> Int {
    let r = rounded(feet, to: 50)
    return r < 500 ? max(50, r) : rounded(feet, to: 100)
  }

  private static func decimalMiles(_ miles: Double, minimumTenths: Int) -> Amount {
    if miles >= 9.95 { return Amount(tenths: rounded(miles, to: 1) * 10) }
    return Amount(tenths: max(minimumTenths, rounded(miles * 10, to: 1)))
  }
}

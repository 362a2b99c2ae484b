import Foundation

/// A distance rounded the way a navigation voice says it, before any words are chosen.
///
/// Metric: under 100 m → nearest 10 m (at least 10 m); under 300 m → nearest 50 m; under
/// 1000 m → nearest 100 m; under 10 km → kilometres with one decimal; beyond → whole
/// kilometres. A value that rounds up to the next band's unit is given in that unit
/// (960 m → 1 km).
///
/// Imperial, as US drivers hear it: under 1050 ft (about 0.2 mi) → feet, nearest 50 ft
/// below 500 ft (at least 50 ft), else nearest 100 ft; under 1 mi → tenths of a mile
/// ("0.2 miles", "0.7 miles"), said as "half a mile" at 0.5 and as "a quarter mile" or
/// "three quarters of a mile" within 0.025 mi of 0.25 or 0.75; under 10 mi → miles with
/// one decimal, at least 1; beyond → whole miles.
///
/// Either way the distance said (``metres``) is never more than 25 % or 30 m, whichever is
/// larger, from the distance given: rounding moves it by at most half a step, which is at
/// most 25 m below 300 m, 50 ft (15 m) in feet, and otherwise at most 15 % of the distance
/// (50 m at 350 m, 0.05 mi at 0.35 mi). Negative and non-finite inputs count as 0.
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
    var value: Double { Double(tenths) / 10 }

    /// "2" or "1<separator>5".
    func text(decimalSeparator: String) -> String {
      isWhole ? String(integer) : "\(integer)\(decimalSeparator)\(tenths % 10)"
    }
  }

  static let metresPerMile = 1609.344
  static let metresPerFoot = 0.3048
  /// Distances from this many feet on are said in miles: 1050 ft is 0.199 mi, which
  /// rounds to "0.2 miles", where the feet would have said "1100 feet".
  static let feetLimit = 1050.0
  /// How far from a quarter or three quarters of a mile (in miles) the fraction is said
  /// instead of tenths.
  static let fractionWindow = 0.025

  /// The distance the words for this value mean, metres: what a driver hears.
  var metres: Double {
    switch self {
    case .metres(let n): Double(n)
    case .kilometres(let a): a.value * 1000
    case .feet(let n): Double(n) * Self.metresPerFoot
    case .miles(let a): a.value * Self.metresPerMile
    case .quarterMile: 0.25 * Self.metresPerMile
    case .halfMile: 0.5 * Self.metresPerMile
    case .threeQuartersMile: 0.75 * Self.metresPerMile
    }
  }

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

  /// Imperial rounding for speech: feet, then tenths and the common fractions of a mile.
  static func imperial(_ metres: Double) -> RoundedDistance {
    let m = clean(metres)
    let feet = m / metresPerFoot
    if feet < feetLimit { return .feet(roundedFeet(feet)) }
    let miles = m / metresPerMile
    guard miles < 1 else { return .miles(decimalMiles(miles, minimumTenths: 10)) }
    if abs(miles - 0.25) < fractionWindow { return .quarterMile }
    if abs(miles - 0.75) < fractionWindow { return .threeQuartersMile }
    let tenths = decimalMiles(miles, minimumTenths: 2).tenths
    return tenths == 5 ? .halfMile : .miles(Amount(tenths: tenths))
  }

  /// Imperial rounding for screens: feet as spoken, then decimal miles ("0.3 mi", never a
  /// fraction).
  static func imperialDisplay(_ metres: Double) -> RoundedDistance {
    let m = clean(metres)
    let feet = m / metresPerFoot
    if feet < feetLimit { return .feet(roundedFeet(feet)) }
    return .miles(decimalMiles(m / metresPerMile, minimumTenths: 2))
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

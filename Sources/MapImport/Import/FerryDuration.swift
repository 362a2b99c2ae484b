import Foundation

/// A ferry's `duration` tag in seconds: `HH:MM`, `HH:MM:SS`, minutes alone (`45`), or ISO
/// 8601 (`PT1H30M`), as OSRM's profiles read it. Nil for anything else, or a crossing of
/// under a second or over two days.
enum FerryDuration {
  static func seconds(_ text: String) -> Double? {
    let t = text.trimmingCharacters(in: .whitespaces)
    var total: Double?
    if t.hasPrefix("PT") || t.hasPrefix("pt") {
      total = iso(t.dropFirst(2).uppercased())
    } else {
      let parts = t.split(separator: ":", omittingEmptySubsequences: false)
      let numbers = parts.map { Double($0) }
      if parts.count <= 3, !parts.isEmpty, numbers.allSatisfy({ ($0 ?? -1) >= 0 }) {
        let values = numbers.map { $0! }
        switch values.count {
        case 1: total = values[0] * 60
        case 2: total = values[0] * 3600 + values[1] * 60
        default: total = values[0] * 3600 + values[1] * 60 + values[2]
        }
      }
    }
    guard let total, total >= 1, total <= 48 * 3600 else { return nil }
    return total
  }

  /// `1H30M`, `45M`, `90S`: hours, minutes and seconds in that order.
  private static func iso(_ text: String) -> Double? {
    var total = 0.0
    var number = ""
    var seen = false
    for c in text {
      if c.isNumber || c == "." {
        number.append(c)
        continue
      }
      guard let value = Double(number) else { return nil }
      switch c {
      case "H": total += value * 3600
      case "M": total += value * 60
      case "S": total += value
      default: return nil
      }
      number = ""
      seen = true
    }
    return seen && number.isEmpty ? total : nil
  }
}

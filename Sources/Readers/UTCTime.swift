import Foundation

/// Calendar arithmetic for UTC timestamps without `Calendar` or date formatters
/// (proleptic Gregorian calendar, no leap seconds).
package enum UTCTime {
  /// Days from 1970-01-01 to the given civil date (Howard Hinnant's algorithm).
  static func days(year: Int, month: Int, day: Int) -> Int {
    let y = month <= 2 ? year - 1 : year
    let era = (y >= 0 ? y : y - 399) / 400
    let yearOfEra = y - era * 400
    let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }

  /// Whether `day` exists in `month` of `year`.
  static func isValid(year: Int, month: Int, day: Int) -> Bool {
    guard (1...12).contains(month), day >= 1 else { return false }
    let lengths = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
    let leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
    return day <= lengths[month - 1] + (month == 2 && leap ? 1 : 0)
  }

  /// The instant `seconds` after midnight UTC, `days` after 1970-01-01.
  static func date(days: Int, seconds: Double) -> Date {
    Date(timeIntervalSince1970: Double(days) * 86_400 + seconds)
  }

  /// Parses an ISO 8601 / RFC 3339 timestamp such as `2026-05-04T08:00:00.250Z` or
  /// `2026-05-04T10:00:00+02:00` (fractional seconds and offset optional; no offset
  /// means UTC). Returns nil for anything else.
  package static func parseISO8601(_ text: some StringProtocol) -> Date? {
    let b = Array(text.utf8)
    var i = 0
    func number(_ digits: Int) -> Int? {
      guard i + digits <= b.count else { return nil }
      var value = 0
      for k in i..<(i + digits) {
        guard b[k] >= 0x30, b[k] <= 0x39 else { return nil }
        value = value * 10 + Int(b[k] - 0x30)
      }
      i += digits
      return value
    }
    func expect(_ byte: UInt8) -> Bool {
      guard i < b.count, b[i] == byte else { return false }
      i += 1
      return true
    }
    guard let year = number(4), expect(0x2D), let month = number(2), expect(0x2D),
      let day = number(2), UTCTime.isValid(year: year, month: month, day: day)
    else { return nil }
    guard i < b.count, b[i] == 0x54 || b[i] == 0x74 || b[i] == 0x20 else { return nil }
    i += 1
    guard let hour = number(2), hour < 24, expect(0x3A), let minute = number(2), minute < 60,
      expect(0x3A), let second = number(2), second < 61
    else { return nil }
    var seconds = Double(hour * 3600 + minute * 60 + second)
    if i < b.count, b[i] == 0x2E || b[i] == 0x2C {
      i += 1
      var scale = 0.1
      let start = i
      while i < b.count, b[i] >= 0x30, b[i] <= 0x39 {
        seconds += Double(b[i] - 0x30) * scale
        scale /= 10
        i += 1
      }
      guard i > start else { return nil }
    }
    var offset = 0
    if i < b.count {
      switch b[i] {
      case 0x5A, 0x7A:
        i += 1
      case 0x2B, 0x2D:
        let sign = b[i] == 0x2D ? -1 : 1
        i += 1
        guard let oh = number(2), oh < 24 else { return nil }
        _ = expect(0x3A)
        guard let om = number(2), om < 60 else { return nil }
        offset = sign * (oh * 3600 + om * 60)
      default:
        return nil
      }
    }
    guard i == b.count else { return nil }
    return date(days: days(year: year, month: month, day: day), seconds: seconds - Double(offset))
  }
}

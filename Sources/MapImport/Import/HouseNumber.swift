import Foundation
import MapFile
import Routing

/// A house number as OpenStreetMap writes it ("13", "13a", "13–15", "2 bis"): kept as
/// written, ordered by its leading number and then by the rest, and expanded along
/// `addr:interpolation` ways.
struct HouseNumber: Comparable, Hashable, Sendable {
  /// The text as written, trimmed.
  var text: String
  /// The leading digits' value; `Int.max` when it does not start with one.
  var value: Int
  /// The folded text (`SearchText.foldNumber`), the key numbers are compared by.
  var folded: String

  /// The longest number kept: longer text is not a house number.
  static let maximumLength = 24

  /// The number in `text`, nil when it is not one: no digit, or too long. What follows a
  /// comma is not the number ("13 A, 5. krs." is 13 A: a floor, a courtyard).
  init?(_ text: String) {
    let number = text.split(separator: ",", maxSplits: 1).first.map(String.init) ?? text
    let trimmed =
      number.first?.isWhitespace == true || number.last?.isWhitespace == true
      ? number.trimmingCharacters(in: .whitespaces) : number
    guard !trimmed.isEmpty, trimmed.count <= Self.maximumLength,
      trimmed.contains(where: \.isNumber)
    else { return nil }
    self.text = trimmed
    let digits = trimmed.prefix(while: { $0.isASCII && $0.isNumber })
    value = digits.isEmpty ? Int.max : Int(digits.prefix(9)) ?? Int.max
    folded = SearchText.foldNumber(trimmed)
  }

  /// The numbers of a `addr:housenumber` value: several when it lists them with `;`.
  static func list(_ tag: String) -> (numbers: [HouseNumber], invalid: Int) {
    var numbers: [HouseNumber] = []
    var invalid = 0
    for part in tag.split(separator: ";") {
      if let number = HouseNumber(String(part)) {
        numbers.append(number)
      } else {
        invalid += 1
      }
    }
    return (numbers, invalid)
  }

  static func < (a: HouseNumber, b: HouseNumber) -> Bool {
    (a.value, a.folded, a.text) < (b.value, b.folded, b.text)
  }

  /// The plain number (digits only), nil for "13a", "13–15".
  var integer: Int? {
    text.allSatisfy({ $0.isASCII && $0.isNumber }) && value != Int.max ? value : nil
  }

  /// A number and one letter after it ("12a", "12 B"): its number and the letter.
  var lettered: (value: Int, letter: Character)? {
    guard value != Int.max else { return nil }
    let rest = text.drop(while: { $0.isASCII && $0.isNumber }).filter { $0 != " " }
    guard rest.count == 1, let letter = rest.first, letter.isASCII, letter.isLetter else {
      return nil
    }
    return (value, letter)
  }

  /// Why an interpolation between two numbers cannot be expanded.
  enum InterpolationProblem: Error, Equatable {
    /// An end is not a number the scheme can step from (`13a` for `odd`, parity wrong).
    case invalidEnds
    /// More numbers than `maximumInterpolated` between the ends.
    case hugeRange
  }

  /// The most numbers one interpolation between two ends stands for.
  static let maximumInterpolated = 500

  /// The numbers strictly between `a` and `b` by `scheme` (`odd`, `even`, `all`,
  /// `alphabetic`, or a whole step such as `2`), in order from `a` to `b`.
  static func between(_ a: HouseNumber, _ b: HouseNumber, scheme: String) -> Result<
    [String], InterpolationProblem
  > {
    if scheme == "alphabetic" {
      guard let x = a.lettered, let y = b.lettered, x.value == y.value,
        let p = x.letter.lowercased().unicodeScalars.first?.value,
        let q = y.letter.lowercased().unicodeScalars.first?.value, p != q
      else { return .failure(.invalidEnds) }
      let upper = x.letter.isUppercase
      let step: Int = q > p ? 1 : -1
      var out: [String] = []
      var code = Int(p) + step
      while code != Int(q) {
        let letter = String(UnicodeScalar(UInt8(code)))
        out.append("\(x.value)\(upper ? letter.uppercased() : letter)")
        code += step
      }
      return .success(out)
    }
    let step: Int
    switch scheme {
    case "odd", "even": step = 2
    case "all": step = 1
    default:
      guard let n = Int(scheme), n >= 1, n <= 100 else { return .failure(.invalidEnds) }
      step = n
    }
    guard let x = a.integer, let y = b.integer, x != y else { return .failure(.invalidEnds) }
    if scheme == "odd" && (x % 2 == 0 || y % 2 == 0) { return .failure(.invalidEnds) }
    if scheme == "even" && (x % 2 != 0 || y % 2 != 0) { return .failure(.invalidEnds) }
    guard abs(y - x) % step == 0 else { return .failure(.invalidEnds) }
    let count = abs(y - x) / step - 1
    guard count <= maximumInterpolated else { return .failure(.hugeRange) }
    let signed = y > x ? step : -step
    return .success((0..<count).map { String(x + signed * ($0 + 1)) })
  }
}

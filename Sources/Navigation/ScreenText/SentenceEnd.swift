import Foundation

/// The mark that ends a written instruction, added and taken off without doubling it and
/// without eating the dot of an abbreviation a road name ends in ("Franz-Josef-Oehri-Str.",
/// "Main St.").
///
/// Pure functions of the text; no locale.
public enum SentenceEnd {
  /// Marks after which a sentence needs no other: Latin and Cyrillic ". ! ? …", the
  /// ideographic full stop and the full-width "！" and "？".
  static let marks: Set<Character> = [".", "!", "?", "…", "。", "！", "？"]

  /// `text` without surrounding spaces, ended with `mark` ("." or "。") unless it already
  /// ends with a sentence mark: "Turn left onto Franz-Josef-Oehri-Str." stays as it is. An
  /// empty text stays empty.
  public static func adding(_ mark: String, to text: String) -> String {
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    guard let last = trimmed.last, !marks.contains(last) else { return trimmed }
    return trimmed + mark
  }

  /// `text` without surrounding spaces and without the full stop ending it ("." or "。"),
  /// for a screen that shows instructions as signs: a doubled dot loses one ("…Str.." →
  /// "…Str."), and a dot that ends one of `names` (the road, the places a sign names) when
  /// the text ends with that name is the name's own and stays. An ellipsis stays.
  public static func removing(from text: String, keeping names: [String] = []) -> String {
    var trimmed = text.trimmingCharacters(in: .whitespaces)
    if trimmed.hasSuffix("。") {
      trimmed.removeLast()
      return trimmed
    }
    guard trimmed.hasSuffix("."), !trimmed.hasSuffix("...") else { return trimmed }
    if trimmed.hasSuffix("..") {
      trimmed.removeLast()
      return trimmed
    }
    let owned = names.contains { name in
      let name = name.trimmingCharacters(in: .whitespaces)
      return name.hasSuffix(".") && trimmed.hasSuffix(name)
    }
    if !owned { trimmed.removeLast() }
    return trimmed
  }

  /// `text` with a doubled dot at its end made one ("…Str.." → "…Str."), an ellipsis
  /// left alone: a server's sentence about a road whose name ends in an abbreviation.
  public static func undoubled(_ text: String) -> String {
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    guard trimmed.hasSuffix(".."), !trimmed.hasSuffix("...") else { return trimmed }
    return String(trimmed.dropLast())
  }
}

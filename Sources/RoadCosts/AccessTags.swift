import Foundation

/// How a car reads who may pass a way or a node: the most specific of `motorcar`,
/// `motor_vehicle`, `vehicle` and `access` that is tagged, its first value.
public enum AccessTags {
  /// The keys, most specific first.
  public static let keys = ["motorcar", "motor_vehicle", "vehicle", "access"]

  /// The first value of the most specific key `tags` has; nil when none is tagged.
  public static func mostSpecific(_ tags: [String: String]) -> String? {
    keys.lazy.compactMap { first(tags[$0]) }.first
  }

  /// The first of several `;`-separated values, trimmed.
  public static func first(_ value: String?) -> String? {
    guard let value else { return nil }
    let head = value.split(separator: ";", omittingEmptySubsequences: false).first ?? ""
    return head.trimmingCharacters(in: .whitespaces)
  }
}

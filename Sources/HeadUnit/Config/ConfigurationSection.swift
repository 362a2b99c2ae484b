import JSON

/// A settings value read from one object of the configuration file, key by key, as its
/// ``keys`` describe: the `audio` section is ``AudioSettings``, the file as a whole
/// ``DaemonConfiguration``.
///
/// `init()` is every setting at its default, so `{}` reads to `Self()`. Unknown keys are
/// errors listing ``keys`` in order; keys are read in that order, then ``check(_:)`` sees the
/// whole section.
protocol ConfigurationSection: Sendable, Equatable {
  /// Every setting at its default.
  init()
  /// The section's name in the file; empty for the document itself.
  static var name: String { get }
  /// The section's keys, in document order.
  static var keys: [ConfigurationKey<Self>] { get }
  /// Checks that involve more than one key, once every key is read.
  ///
  /// - Parameter node: The section, for errors about it as a whole.
  /// - Throws: `JSONError` at `node` or one of its members.
  func check(_ node: JSONNode) throws(JSONError)
  /// A few words `config check` adds after the section's keys where the values alone would
  /// mislead (`interval clamped to 5 s`); nil for none.
  var summaryNote: String? { get }
}

extension ConfigurationSection {
  func check(_ node: JSONNode) throws(JSONError) {}

  var summaryNote: String? { nil }

  /// The section on one line as `config check` shows it, made from its keys:
  /// `gpsd: host 127.0.0.1, port 2947`, or `gpsd off` when its switch is off.
  var summaryLine: String {
    if Self.keys.contains(where: { $0.isOff(self) }) { return "\(Self.name) off" }
    let keys = Self.keys.compactMap { $0.summary(self) }.joined(separator: ", ")
    return "\(Self.name): \(keys)" + (summaryNote.map { "; \($0)" } ?? "")
  }

  /// Reads and checks the section at `node`, starting from the defaults.
  ///
  /// - Throws: `JSONError` at the first problem: not an object, an unknown key, a bad
  ///   value, or a failed ``check(_:)``.
  init(node: JSONNode) throws(JSONError) {
    self.init()
    let members = try node.object(keys: Self.keys.map(\.name))
    for key in Self.keys {
      if let member = members[key.name] { try key.read(&self, member) }
    }
    try check(node)
  }

  /// The section as a document, keys in order; `init(node:)` reads it back to an equal
  /// value, save for keys that are left out (`board`).
  var json: JSONValue {
    .object(Self.keys.compactMap { key in key.write(self).map { (key.name, $0) } })
  }
}

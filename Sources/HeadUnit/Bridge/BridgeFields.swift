import Board

/// The members of one JSON object, with the object's node for messages about missing keys.
struct BridgeFields {
  let node: ConfigurationNode
  let members: [String: ConfigurationNode]
  /// What the object is, for "missing" messages ("a list item needs one").
  let what: String

  init(_ node: ConfigurationNode, _ members: [String: ConfigurationNode], what: String) {
    self.node = node
    self.members = members
    self.what = what
  }

  subscript(key: String) -> ConfigurationNode? { members[key] }

  func required(_ key: String) throws(BoardError) -> ConfigurationNode {
    try node.required(key, in: members, for: what)
  }

  /// The array under `key` read item by item; an absent key is an empty array.
  func list<T>(_ key: String, _ read: (ConfigurationNode) throws(BoardError) -> T)
    throws(BoardError) -> [T]
  {
    guard let array = members[key]?.nonNull else { return [] }
    var out: [T] = []
    for item in try array.array() { out.append(try read(item)) }
    return out
  }

  /// Text variants under `key`: one string, or an array of strings longest first; with
  /// `required` there must be at least one.
  func variants(_ key: String, required: Bool = true) throws(BoardError) -> [String] {
    guard let value = members[key]?.nonNull ?? members["\(key)Variants"]?.nonNull else {
      if required { _ = try self.required(key) }
      return []
    }
    if value.value is String { return [try value.string()] }
    var out: [String] = []
    for item in try value.array() { out.append(try item.string()) }
    if required, out.isEmpty { throw value.error("expected at least one string, got []") }
    return out
  }
}

import JSON

/// The members of one JSON object, with the object's node for messages about missing keys.
struct BridgeFields {
  let node: JSONNode
  let members: [String: JSONNode]
  /// What the object is, for "missing" messages ("a list item needs one").
  let what: String

  init(_ node: JSONNode, _ members: [String: JSONNode], what: String) {
    self.node = node
    self.members = members
    self.what = what
  }

  subscript(key: String) -> JSONNode? { members[key] }

  func required(_ key: String) throws(JSONError) -> JSONNode {
    try node.required(key, for: what)
  }

  /// The array under `key` read item by item; an absent key is an empty array.
  func list<T>(_ key: String, _ read: (JSONNode) throws(JSONError) -> T)
    throws(JSONError) -> [T]
  {
    guard let array = members[key]?.nonNull else { return [] }
    var out: [T] = []
    for item in try array.array() { out.append(try read(item)) }
    return out
  }

  /// Text variants under `key`: one string, or an array of strings longest first; with
  /// `required` there must be at least one.
  func variants(_ key: String, required: Bool = true) throws(JSONError) -> [String] {
    guard let value = members[key]?.nonNull ?? members["\(key)Variants"]?.nonNull else {
      if required { _ = try self.required(key) }
      return []
    }
    if case .string(let text) = value.value { return [text] }
    var out: [String] = []
    for item in try value.array() { out.append(try item.string()) }
    if required, out.isEmpty { throw value.error("expected at least one string, got []") }
    return out
  }
}

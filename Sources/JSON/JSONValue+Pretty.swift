extension JSONValue {
  /// JSON text for people to read and edit: each object member on its own line, indented
  /// by two spaces a level, `"key": value`; arrays of plain values (no objects or arrays)
  /// on one line, `["systemctl", "poweroff"]`. Numbers and strings as in ``serialized``.
  public var prettyPrinted: String {
    var out = ""
    writePretty(to: &out, indent: "")
    return out
  }

  private func writePretty(to out: inout String, indent: String) {
    let inner = indent + "  "
    switch self {
    case .object(let fields) where !fields.isEmpty:
      out += "{\n"
      for (i, (key, value)) in fields.enumerated() {
        out += inner + JSONValue.string(key).serialized + ": "
        value.writePretty(to: &out, indent: inner)
        out += i < fields.count - 1 ? ",\n" : "\n"
      }
      out += indent + "}"
    case .array(let items) where items.contains(where: \.isContainer):
      out += "[\n"
      for (i, item) in items.enumerated() {
        out += inner
        item.writePretty(to: &out, indent: inner)
        out += i < items.count - 1 ? ",\n" : "\n"
      }
      out += indent + "]"
    case .array(let items):
      out += "[" + items.map(\.serialized).joined(separator: ", ") + "]"
    default:
      out += serialized
    }
  }

  /// Whether the value is an object or an array.
  private var isContainer: Bool {
    switch self {
    case .object, .array: return true
    default: return false
    }
  }
}

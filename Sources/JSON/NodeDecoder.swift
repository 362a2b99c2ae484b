import Foundation

/// The `Decoder` behind ``JSONNode/decode(_:dates:)``: one node and how the decoder got
/// there. Every value is read with a ``JSONNode`` accessor, so its errors are
/// ``JSONError``s naming the node's path.
struct NodeDecoder: Decoder {
  /// The key of an array element, so paths show `[3]` for it.
  struct IndexKey: CodingKey {
    var intValue: Int?
    var stringValue: String { "\(intValue ?? 0)" }

    init(_ index: Int) { intValue = index }
    init?(intValue: Int) { self.intValue = intValue }
    init?(stringValue: String) { nil }
  }

  let node: JSONNode
  let codingPath: [any CodingKey]
  let dates: JSONNode.DateDecoding

  var userInfo: [CodingUserInfoKey: Any] { [:] }

  func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
    KeyedDecodingContainer(Keyed<Key>(decoder: self, members: try node.members()))
  }

  func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
    Unkeyed(decoder: self, items: try node.array())
  }

  func singleValueContainer() throws -> any SingleValueDecodingContainer {
    SingleValue(decoder: self)
  }

  /// The decoder of `child`, reached by `key`.
  func child(_ child: JSONNode, key: any CodingKey) -> NodeDecoder {
    NodeDecoder(node: child, codingPath: codingPath + [key], dates: dates)
  }

  /// The node as `T`: a value JSON has directly through its accessor, anything else
  /// through `T`'s own `init(from:)`.
  func decode<T: Decodable>(_ type: T.Type) throws -> T {
    if let value = try primitive(type) as? T { return value }
    return try T(from: self)
  }

  private func primitive(_ type: Any.Type) throws(JSONError) -> Any? {
    switch type {
    case is Bool.Type: return try node.bool()
    case is String.Type: return try node.string()
    case is Double.Type: return try node.number()
    case is Float.Type:
      let largest = Double(Float.greatestFiniteMagnitude)
      return Float(try node.number(in: -largest...largest))
    case is Int.Type: return try integer(Int.self)
    case is Int8.Type: return try integer(Int8.self)
    case is Int16.Type: return try integer(Int16.self)
    case is Int32.Type: return try integer(Int32.self)
    case is Int64.Type: return try integer(Int64.self)
    case is UInt.Type: return try integer(UInt.self)
    case is UInt8.Type: return try integer(UInt8.self)
    case is UInt16.Type: return try integer(UInt16.self)
    case is UInt32.Type: return try integer(UInt32.self)
    case is UInt64.Type: return try integer(UInt64.self)
    case is Date.Type where dates == .secondsSince1970:
      return Date(timeIntervalSince1970: try node.number())
    case is URL.Type:
      let text = try node.string()
      guard let url = URL(string: text) else {
        throw node.error(expected: "a URL", code: .outOfRange)
      }
      return url
    default: return nil
    }
  }

  /// A whole number that fits `I`.
  private func integer<I: FixedWidthInteger>(_: I.Type) throws(JSONError) -> I {
    let whole = try node.integer(in: Int(clamping: I.min)...Int(clamping: I.max))
    // In range, so exact.
    return I(whole)
  }
}

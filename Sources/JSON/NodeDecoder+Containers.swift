extension NodeDecoder {
  /// The members of an object, by key.
  struct Keyed<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let decoder: NodeDecoder
    let members: [String: JSONNode]

    var codingPath: [any CodingKey] { decoder.codingPath }
    var allKeys: [Key] { members.keys.sorted().compactMap { Key(stringValue: $0) } }

    func contains(_ key: Key) -> Bool { members[key.stringValue] != nil }

    func decodeNil(forKey key: Key) throws -> Bool { try member(key).node.value == .null }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
      try member(key).decode(type)
    }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool {
      try member(key).decode(type)
    }
    func decode(_ type: String.Type, forKey key: Key) throws -> String {
      try member(key).decode(type)
    }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double {
      try member(key).decode(type)
    }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float {
      try member(key).decode(type)
    }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try member(key).decode(type) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 {
      try member(key).decode(type)
    }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 {
      try member(key).decode(type)
    }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 {
      try member(key).decode(type)
    }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 {
      try member(key).decode(type)
    }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt {
      try member(key).decode(type)
    }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 {
      try member(key).decode(type)
    }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 {
      try member(key).decode(type)
    }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 {
      try member(key).decode(type)
    }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 {
      try member(key).decode(type)
    }

    func nestedContainer<NestedKey: CodingKey>(
      keyedBy type: NestedKey.Type, forKey key: Key
    ) throws -> KeyedDecodingContainer<NestedKey> {
      try member(key).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
      try member(key).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder {
      guard let key = Key(stringValue: "super") else {
        throw JSONError(
          .missing, path: decoder.node.path(of: "super"), "missing required key \"super\"")
      }
      return try member(key)
    }

    func superDecoder(forKey key: Key) throws -> any Decoder { try member(key) }

    /// The decoder of member `key`, which must be there.
    private func member(_ key: Key) throws(JSONError) -> NodeDecoder {
      guard let node = members[key.stringValue] else {
        throw JSONError(
          .missing, path: decoder.node.path(of: key.stringValue),
          "missing required key \(JSONValue.string(key.stringValue).serialized)")
      }
      return decoder.child(node, key: key)
    }
  }

  /// The elements of an array, in order.
  struct Unkeyed: UnkeyedDecodingContainer {
    let decoder: NodeDecoder
    let items: [JSONNode]
    var currentIndex = 0

    var codingPath: [any CodingKey] { decoder.codingPath }
    var count: Int? { items.count }
    var isAtEnd: Bool { currentIndex >= items.count }

    mutating func decodeNil() throws -> Bool {
      guard try peek().node.value == .null else { return false }
      currentIndex += 1
      return true
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try next(type) }

    mutating func decode(_ type: Bool.Type) throws -> Bool { try next(type) }
    mutating func decode(_ type: String.Type) throws -> String {
      try next(type)
    }
    mutating func decode(_ type: Double.Type) throws -> Double {
      try next(type)
    }
    mutating func decode(_ type: Float.Type) throws -> Float {
      try next(type)
    }
    mutating func decode(_ type: Int.Type) throws -> Int { try next(type) }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try next(type) }
    mutating func decode(_ type: Int16.Type) throws -> Int16 {
      try next(type)
    }
    mutating func decode(_ type: Int32.Type) throws -> Int32 {
      try next(type)
    }
    mutating func decode(_ type: Int64.Type) throws -> Int64 {
      try next(type)
    }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try next(type) }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 {
      try next(type)
    }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 {
      try next(type)
    }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 {
      try next(type)
    }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 {
      try next(type)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws
      -> KeyedDecodingContainer<NestedKey>
    {
      let container = try peek().container(keyedBy: type)
      currentIndex += 1
      return container
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
      let container = try peek().unkeyedContainer()
      currentIndex += 1
      return container
    }

    mutating func superDecoder() throws -> any Decoder {
      let decoder = try peek()
      currentIndex += 1
      return decoder
    }

    /// The current element as `T`; then the next one is current.
    private mutating func next<T: Decodable>(_ type: T.Type) throws -> T {
      let value = try peek().decode(type)
      currentIndex += 1
      return value
    }

    /// The decoder of the current element, which must be there.
    private func peek() throws(JSONError) -> NodeDecoder {
      guard !isAtEnd else {
        throw JSONError(
          .missing, path: "\(decoder.node.path)[\(currentIndex)]",
          "missing element (the array has \(items.count))")
      }
      return decoder.child(items[currentIndex], key: IndexKey(currentIndex))
    }
  }

  /// The node itself, as one value.
  struct SingleValue: SingleValueDecodingContainer {
    let decoder: NodeDecoder

    var codingPath: [any CodingKey] { decoder.codingPath }

    func decodeNil() -> Bool { decoder.node.value == .null }

    func decode<T: Decodable>(_ type: T.Type) throws -> T { try decoder.decode(type) }

    func decode(_ type: Bool.Type) throws -> Bool { try decoder.decode(type) }
    func decode(_ type: String.Type) throws -> String { try decoder.decode(type) }
    func decode(_ type: Double.Type) throws -> Double { try decoder.decode(type) }
    func decode(_ type: Float.Type) throws -> Float { try decoder.decode(type) }
    func decode(_ type: Int.Type) throws -> Int { try decoder.decode(type) }
    func decode(_ type: Int8.Type) throws -> Int8 { try decoder.decode(type) }
    func decode(_ type: Int16.Type) throws -> Int16 { try decoder.decode(type) }
    func decode(_ type: Int32.Type) throws -> Int32 { try decoder.decode(type) }
    func decode(_ type: Int64.Type) throws -> Int64 { try decoder.decode(type) }
    func decode(_ type: UInt.Type) throws -> UInt { try decoder.decode(type) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try decoder.decode(type) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try decoder.decode(type) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try decoder.decode(type) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try decoder.decode(type) }
  }
}

import Routing

/// A cursor over the bytes of one protobuf message (the wire format only: no schema).
///
/// Reads varints, zigzag-encoded signed integers, fixed-width values, length-delimited
/// fields and packed repeated fields, and skips fields the caller does not know. Every
/// read is bounds-checked: a malformed or truncated message throws a `RoutingError`
/// (`.malformed` or `.truncated`) saying which message and at which byte, never traps.
///
/// The reader does not own its bytes; they must outlive it.
struct ProtobufReader {
  /// How a field's value is encoded on the wire.
  enum WireType: UInt8 {
    case varint = 0
    case fixed64 = 1
    case lengthDelimited = 2
    case startGroup = 3
    case endGroup = 4
    case fixed32 = 5
  }

  /// A field's key: its number and wire type.
  struct Key: Equatable {
    var number: Int
    var wireType: WireType
  }

  let bytes: UnsafeRawBufferPointer
  /// The message's name, for error messages (`PrimitiveBlock`, `DenseNodes`…).
  let message: String
  private(set) var position = 0

  init(_ bytes: UnsafeRawBufferPointer, message: String) {
    self.bytes = bytes
    self.message = message
  }

  var isAtEnd: Bool { position >= bytes.count }

  func error(_ text: String, code: RoutingError.Code = .malformed) -> RoutingError {
    RoutingError(code, "\(message): \(text) (byte \(position) of \(bytes.count))")
  }

  /// The next field's key, or nil at the end of the message.
  mutating func nextKey() throws(RoutingError) -> Key? {
    guard !isAtEnd else { return nil }
    let start = position
    let raw = try varint()
    let number = raw >> 3
    guard number >= 1, number <= 536_870_911 else {
      position = start
      throw error("field number \(number) out of range")
    }
    guard let wireType = WireType(rawValue: UInt8(raw & 7)) else {
      position = start
      throw error("unknown wire type \(raw & 7) for field \(number)")
    }
    return Key(number: Int(number), wireType: wireType)
  }

  /// A base-128 varint, at most 10 bytes.
  mutating func varint() throws(RoutingError) -> UInt64 {
    var result: UInt64 = 0
    var shift: UInt64 = 0
    while true {
      guard position < bytes.count else {
        throw error("varint runs past the end", code: .truncated)
      }
      let byte = bytes[position]
      position += 1
      if shift == 63 && byte > 1 { throw error("varint longer than 64 bits") }
      result |= UInt64(byte & 0x7F) << shift
      if byte & 0x80 == 0 { return result }
      shift += 7
    }
  }

  /// A varint read as a two's complement `int64`/`int32`.
  mutating func int64() throws(RoutingError) -> Int64 {
    Int64(bitPattern: try varint())
  }

  /// A zigzag-encoded `sint64`/`sint32`.
  mutating func sint64() throws(RoutingError) -> Int64 {
    Self.zigzag(try varint())
  }

  /// A `uint32` varint; larger values are malformed.
  mutating func uint32() throws(RoutingError) -> UInt32 {
    let value = try varint()
    guard value <= UInt64(UInt32.max) else { throw error("uint32 value \(value) too large") }
    return UInt32(value)
  }

  /// Decodes zigzag: 0 → 0, 1 → -1, 2 → 1, 3 → -2…
  static func zigzag(_ raw: UInt64) -> Int64 {
    Int64(bitPattern: raw >> 1) ^ -Int64(bitPattern: raw & 1)
  }

  /// Encodes zigzag (the inverse of `zigzag(_:)`).
  static func zigzagEncoded(_ value: Int64) -> UInt64 {
    UInt64(bitPattern: (value << 1) ^ (value >> 63))
  }

  /// The bytes of a length-delimited field (bytes, string, sub-message, packed values).
  mutating func lengthDelimited() throws(RoutingError) -> UnsafeRawBufferPointer {
    let length = try varint()
    guard length <= UInt64(bytes.count - position) else {
      throw error("field of \(length) bytes runs past the end", code: .truncated)
    }
    let start = position
    position += Int(length)
    return UnsafeRawBufferPointer(rebasing: bytes[start..<position])
  }

  /// A length-delimited field as UTF-8 text (invalid sequences are replaced, not fatal).
  mutating func string() throws(RoutingError) -> String {
    String(decoding: try lengthDelimited(), as: UTF8.self)
  }

  /// Skips a field's value of the given wire type.
  mutating func skip(_ wireType: WireType) throws(RoutingError) {
    switch wireType {
    case .varint: _ = try varint()
    case .fixed64: try advance(8)
    case .fixed32: try advance(4)
    case .lengthDelimited: _ = try lengthDelimited()
    case .startGroup, .endGroup: throw error("groups are not used by this format")
    }
  }

  private mutating func advance(_ count: Int) throws(RoutingError) {
    guard count <= bytes.count - position else {
      throw error("fixed-width value runs past the end", code: .truncated)
    }
    position += count
  }

  /// A repeated varint field, packed (one length-delimited run) or not (one value per key);
  /// calls `body` with each raw value.
  mutating func forEachVarint(
    _ wireType: WireType, _ body: (UInt64) throws(RoutingError) -> Void
  ) throws(RoutingError) {
    switch wireType {
    case .varint:
      try body(try varint())
    case .lengthDelimited:
      var packed = ProtobufReader(try lengthDelimited(), message: message + " (packed)")
      while !packed.isAtEnd { try body(try packed.varint()) }
    default:
      throw error("repeated varint field with wire type \(wireType.rawValue)")
    }
  }

  /// Appends the values of a repeated `sint64` field (zigzag), packed or not.
  mutating func appendSInt64(_ wireType: WireType, to values: inout [Int64]) throws(RoutingError) {
    try forEachVarint(wireType) { raw throws(RoutingError) in values.append(Self.zigzag(raw)) }
  }

  /// Appends the values of a repeated `int32`/`int64`/`enum` field, packed or not.
  mutating func appendInt64(_ wireType: WireType, to values: inout [Int64]) throws(RoutingError) {
    try forEachVarint(wireType) { raw throws(RoutingError) in
      values.append(Int64(bitPattern: raw))
    }
  }

  /// Appends the values of a repeated `uint32` field, packed or not.
  mutating func appendUInt32(_ wireType: WireType, to values: inout [UInt32]) throws(RoutingError) {
    let name = message
    try forEachVarint(wireType) { raw throws(RoutingError) in
      guard raw <= UInt64(UInt32.max) else {
        throw RoutingError(.malformed, "\(name): uint32 value \(raw) too large")
      }
      values.append(UInt32(raw))
    }
  }

  /// Requires the field to have `wireType`.
  func expect(_ key: Key, _ wireType: WireType) throws(RoutingError) {
    guard key.wireType == wireType else {
      throw error(
        "field \(key.number) has wire type \(key.wireType.rawValue), expected \(wireType.rawValue)")
    }
  }
}

import Routing
import Testing

@testable import MapImport
@testable import OSMPBF

@Suite struct ProtobufReaderTests {
  func read<T>(_ bytes: [UInt8], _ body: (inout ProtobufReader) throws -> T) throws -> T {
    try bytes.withUnsafeBytes { raw in
      var reader = ProtobufReader(raw, message: "Test")
      return try body(&reader)
    }
  }

  @Test(
    arguments: [
      ([0x00], 0), ([0x01], 1), ([0x7F], 127), ([0x80, 0x01], 128), ([0xAC, 0x02], 300),
      ([0xFF, 0xFF, 0xFF, 0xFF, 0x0F], 4_294_967_295),
    ] as [([UInt8], UInt64)])
  func varints(bytes: [UInt8], value: UInt64) throws {
    #expect(try read(bytes) { try $0.varint() } == value)
  }

  @Test func maximumVarintAndNegativeInt64() throws {
    let minusOne: [UInt8] = [0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x01]
    #expect(try read(minusOne) { try $0.varint() } == UInt64.max)
    #expect(try read(minusOne) { try $0.int64() } == -1)
  }

  @Test func overlongAndTruncatedVarintsThrow() {
    let eleven = [UInt8](repeating: 0xFF, count: 10) + [0x01]
    #expect(throws: RoutingError.self) { try read(eleven) { try $0.varint() } }
    let tooBig: [UInt8] = [0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x02]
    #expect(throws: RoutingError.self) { try read(tooBig) { try $0.varint() } }
    do {
      _ = try read([0x80, 0x80]) { try $0.varint() }
      Issue.record("expected a throw")
    } catch let error as RoutingError {
      #expect(error.code == .truncated)
      #expect(error.message.contains("Test"))
    } catch {
      Issue.record("untyped error \(error)")
    }
  }

  @Test(
    arguments: [
      (0, 0), (1, -1), (2, 1), (3, -2), (4_294_967_294, 2_147_483_647),
      (4_294_967_295, -2_147_483_648), (UInt64.max, Int64.min), (UInt64.max - 1, Int64.max),
    ] as [(UInt64, Int64)])
  func zigzag(raw: UInt64, value: Int64) {
    #expect(ProtobufReader.zigzag(raw) == value)
    #expect(ProtobufReader.zigzagEncoded(value) == raw)
  }

  @Test func packedAndUnpackedRepeatedFields() throws {
    // Field 8 packed [3, 270, 86942] (the protobuf docs' example), then the same field
    // unpacked with one value 5; then field 2 as sint64 -1.
    let bytes: [UInt8] = [
      0x42, 0x06, 0x03, 0x8E, 0x02, 0x9E, 0xA7, 0x05, 0x40, 0x05, 0x10, 0x01,
    ]
    var values: [Int64] = []
    var signed: Int64 = 0
    try read(bytes) { reader in
      while let key = try reader.nextKey() {
        switch key.number {
        case 8: try reader.appendInt64(key.wireType, to: &values)
        case 2: signed = try reader.sint64()
        default: try reader.skip(key.wireType)
        }
      }
    }
    #expect(values == [3, 270, 86942, 5])
    #expect(signed == -1)
  }

  @Test func skipsUnknownFieldsOfEveryWireType() throws {
    // field 1 varint, field 2 fixed64, field 3 bytes "ab", field 4 fixed32, field 5 varint 7
    let bytes: [UInt8] =
      [0x08, 0x96, 0x01, 0x11] + [UInt8](repeating: 1, count: 8) + [0x1A, 0x02, 0x61, 0x62, 0x25]
      + [UInt8](repeating: 2, count: 4) + [0x28, 0x07]
    let last = try read(bytes) { reader -> UInt64? in
      while let key = try reader.nextKey() {
        if key.number == 5 { return try reader.varint() }
        try reader.skip(key.wireType)
      }
      return nil
    }
    #expect(last == 7)
  }

  @Test func lengthPastTheEndAndBadWireTypesThrow() {
    #expect(throws: RoutingError.self) {
      try read([0x1A, 0x05, 0x61]) { reader in
        _ = try reader.nextKey()
        _ = try reader.lengthDelimited()
      }
    }
    #expect(throws: RoutingError.self) { try read([0x0E]) { try $0.nextKey() } }  // wire type 6
    #expect(throws: RoutingError.self) { try read([0x00]) { try $0.nextKey() } }  // field 0
    #expect(throws: RoutingError.self) {
      try read([0x0B]) { reader in  // start group
        let key = try reader.nextKey()!
        try reader.skip(key.wireType)
      }
    }
  }
}

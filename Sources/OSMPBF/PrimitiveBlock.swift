import Routing

/// The OSM elements of one `OSMData` blob (a `PrimitiveBlock`), decoded from its bytes.
///
/// Coordinates are resolved with the block's granularity and offsets and rounded to 1e-7
/// degrees; ids and references are delta-decoded. Every index into the string table, every
/// count and every coordinate is checked: a malformed block throws a `RoutingError`, never
/// traps (integer arithmetic on file values wraps instead of overflowing).
package struct PrimitiveBlock {
  /// Which kinds of element to decode; the others are skipped without decoding.
  package struct Contents: OptionSet {
    package let rawValue: Int
    package init(rawValue: Int) { self.rawValue = rawValue }
    package static let nodes = Contents(rawValue: 1)
    package static let ways = Contents(rawValue: 2)
    package static let relations = Contents(rawValue: 4)
    package static let all: Contents = [.nodes, .ways, .relations]
  }

  package var nodes: [OSMNode] = []
  package var ways: [OSMWay] = []
  package var relations: [OSMRelation] = []
  /// Whether the block has node groups (decoded or not).
  package var hasNodes = false

  private var strings: [String] = []
  private var granularity: Int64 = 100
  private var latitudeOffset: Int64 = 0
  private var longitudeOffset: Int64 = 0

  /// Decodes the elements in `contents` from a `PrimitiveBlock` message.
  package init(decoding bytes: UnsafeRawBufferPointer, contents: Contents) throws(RoutingError) {
    var reader = ProtobufReader(bytes, message: "PrimitiveBlock")
    var groups: [UnsafeRawBufferPointer] = []
    while let key = try reader.nextKey() {
      switch key.number {
      case 1:
        try reader.expect(key, .lengthDelimited)
        var table = ProtobufReader(try reader.lengthDelimited(), message: "StringTable")
        while let entry = try table.nextKey() {
          if entry.number == 1 {
            try table.expect(entry, .lengthDelimited)
            strings.append(try table.string())
          } else {
            try table.skip(entry.wireType)
          }
        }
      case 2:
        try reader.expect(key, .lengthDelimited)
        groups.append(try reader.lengthDelimited())
      case 17:
        try reader.expect(key, .varint)
        granularity = try reader.int64()
        guard granularity >= 1, granularity <= 1_000_000_000 else {
          throw reader.error("granularity \(granularity) out of range 1…1e9")
        }
      case 19:
        try reader.expect(key, .varint)
        latitudeOffset = try reader.int64()
      case 20:
        try reader.expect(key, .varint)
        longitudeOffset = try reader.int64()
      default:
        try reader.skip(key.wireType)
      }
    }
    for group in groups {
      var reader = ProtobufReader(group, message: "PrimitiveGroup")
      while let key = try reader.nextKey() {
        switch key.number {
        case 1, 2:
          try reader.expect(key, .lengthDelimited)
          hasNodes = true
          let body = try reader.lengthDelimited()
          guard contents.contains(.nodes) else { continue }
          if key.number == 1 { try decodeNode(body) } else { try decodeDenseNodes(body) }
        case 3:
          try reader.expect(key, .lengthDelimited)
          let body = try reader.lengthDelimited()
          if contents.contains(.ways) { try decodeWay(body) }
        case 4:
          try reader.expect(key, .lengthDelimited)
          let body = try reader.lengthDelimited()
          if contents.contains(.relations) { try decodeRelation(body) }
        default:
          try reader.skip(key.wireType)
        }
      }
    }
  }

  private func string(_ index: Int64, in reader: ProtobufReader) throws(RoutingError) -> String {
    guard index >= 0, index < Int64(strings.count) else {
      throw reader.error(
        "string index \(index) outside the string table (\(strings.count) strings)")
    }
    return strings[Int(index)]
  }

  private func tags(keys: [UInt32], values: [UInt32], in reader: ProtobufReader)
    throws(RoutingError) -> [String: String]
  {
    guard keys.count == values.count else {
      throw reader.error("\(keys.count) keys but \(values.count) values")
    }
    var tags: [String: String] = [:]
    for (k, v) in zip(keys, values) {
      tags[try string(Int64(k), in: reader)] = try string(Int64(v), in: reader)
    }
    return tags
  }

  /// Converts raw block units to 1e-7 degrees, checking the range.
  private func degreesE7(_ raw: Int64, offset: Int64, limit: Int64, in reader: ProtobufReader)
    throws(RoutingError) -> Int32
  {
    let nano = offset &+ granularity &* raw
    let limitNano = limit * 1_000_000_000
    guard nano >= -limitNano, nano <= limitNano else {
      throw reader.error("coordinate \(Double(nano) / 1e9)° outside ±\(limit)°")
    }
    let e7 = nano >= 0 ? (nano + 50) / 100 : -((-nano + 50) / 100)
    return Int32(e7)
  }

  private mutating func decodeNode(_ body: UnsafeRawBufferPointer) throws(RoutingError) {
    var reader = ProtobufReader(body, message: "Node")
    var id: Int64 = 0
    var lat: Int64 = 0
    var lon: Int64 = 0
    var keys: [UInt32] = []
    var values: [UInt32] = []
    while let key = try reader.nextKey() {
      switch key.number {
      case 1: id = try reader.sint64()
      case 2: try reader.appendUInt32(key.wireType, to: &keys)
      case 3: try reader.appendUInt32(key.wireType, to: &values)
      case 8: lat = try reader.sint64()
      case 9: lon = try reader.sint64()
      default: try reader.skip(key.wireType)
      }
    }
    nodes.append(
      OSMNode(
        id: id,
        latitudeE7: try degreesE7(lat, offset: latitudeOffset, limit: 90, in: reader),
        longitudeE7: try degreesE7(lon, offset: longitudeOffset, limit: 180, in: reader),
        tags: try tags(keys: keys, values: values, in: reader)))
  }

  private mutating func decodeDenseNodes(_ body: UnsafeRawBufferPointer) throws(RoutingError) {
    var reader = ProtobufReader(body, message: "DenseNodes")
    var ids: [Int64] = []
    var lats: [Int64] = []
    var lons: [Int64] = []
    var keysValues: [Int64] = []
    while let key = try reader.nextKey() {
      switch key.number {
      case 1: try reader.appendSInt64(key.wireType, to: &ids)
      case 8: try reader.appendSInt64(key.wireType, to: &lats)
      case 9: try reader.appendSInt64(key.wireType, to: &lons)
      case 10: try reader.appendInt64(key.wireType, to: &keysValues)
      default: try reader.skip(key.wireType)
      }
    }
    guard ids.count == lats.count, ids.count == lons.count else {
      throw reader.error("\(ids.count) ids, \(lats.count) latitudes, \(lons.count) longitudes")
    }
    nodes.reserveCapacity(nodes.count + ids.count)
    var id: Int64 = 0
    var lat: Int64 = 0
    var lon: Int64 = 0
    var kv = 0
    for i in ids.indices {
      id = id &+ ids[i]
      lat = lat &+ lats[i]
      lon = lon &+ lons[i]
      var tags: [String: String] = [:]
      if !keysValues.isEmpty {
        while true {
          guard kv < keysValues.count else {
            throw reader.error("keys_vals ends before node \(i) of \(ids.count)")
          }
          let k = keysValues[kv]
          kv += 1
          if k == 0 { break }
          guard kv < keysValues.count else { throw reader.error("keys_vals ends after a key") }
          tags[try string(k, in: reader)] = try string(keysValues[kv], in: reader)
          kv += 1
        }
      }
      nodes.append(
        OSMNode(
          id: id,
          latitudeE7: try degreesE7(lat, offset: latitudeOffset, limit: 90, in: reader),
          longitudeE7: try degreesE7(lon, offset: longitudeOffset, limit: 180, in: reader),
          tags: tags))
    }
  }

  private mutating func decodeWay(_ body: UnsafeRawBufferPointer) throws(RoutingError) {
    var reader = ProtobufReader(body, message: "Way")
    var id: Int64 = 0
    var keys: [UInt32] = []
    var values: [UInt32] = []
    var refs: [Int64] = []
    while let key = try reader.nextKey() {
      switch key.number {
      case 1: id = try reader.int64()
      case 2: try reader.appendUInt32(key.wireType, to: &keys)
      case 3: try reader.appendUInt32(key.wireType, to: &values)
      case 8: try reader.appendSInt64(key.wireType, to: &refs)
      default: try reader.skip(key.wireType)
      }
    }
    var ref: Int64 = 0
    for i in refs.indices {
      ref = ref &+ refs[i]
      refs[i] = ref
    }
    ways.append(OSMWay(id: id, nodes: refs, tags: try tags(keys: keys, values: values, in: reader)))
  }

  private mutating func decodeRelation(_ body: UnsafeRawBufferPointer) throws(RoutingError) {
    var reader = ProtobufReader(body, message: "Relation")
    var id: Int64 = 0
    var keys: [UInt32] = []
    var values: [UInt32] = []
    var roles: [Int64] = []
    var memberIDs: [Int64] = []
    var types: [Int64] = []
    while let key = try reader.nextKey() {
      switch key.number {
      case 1: id = try reader.int64()
      case 2: try reader.appendUInt32(key.wireType, to: &keys)
      case 3: try reader.appendUInt32(key.wireType, to: &values)
      case 8: try reader.appendInt64(key.wireType, to: &roles)
      case 9: try reader.appendSInt64(key.wireType, to: &memberIDs)
      case 10: try reader.appendInt64(key.wireType, to: &types)
      default: try reader.skip(key.wireType)
      }
    }
    guard roles.count == memberIDs.count, types.count == memberIDs.count else {
      throw reader.error(
        "relation \(id): \(roles.count) roles, \(memberIDs.count) members, \(types.count) types")
    }
    var members: [OSMRelation.Member] = []
    members.reserveCapacity(memberIDs.count)
    var ref: Int64 = 0
    for i in memberIDs.indices {
      ref = ref &+ memberIDs[i]
      guard let type = OSMRelation.MemberType(rawValue: Int(truncatingIfNeeded: types[i])) else {
        throw reader.error("relation \(id): unknown member type \(types[i])")
      }
      members.append(
        OSMRelation.Member(type: type, ref: ref, role: try string(roles[i], in: reader)))
    }
    relations.append(
      OSMRelation(id: id, members: members, tags: try tags(keys: keys, values: values, in: reader)))
  }
}

import CZlib
import Foundation

/// Protobuf wire-format output, for writing PBF files.
public struct ProtobufWriter: Sendable {
  public var bytes: [UInt8] = []

  public init() {}

  public mutating func rawVarint(_ value: UInt64) {
    var v = value
    while v >= 0x80 {
      bytes.append(UInt8(v & 0x7F) | 0x80)
      v >>= 7
    }
    bytes.append(UInt8(v))
  }

  public mutating func key(_ field: Int, _ wireType: UInt8) {
    rawVarint(UInt64(field) << 3 | UInt64(wireType))
  }

  public mutating func varint(_ field: Int, _ value: UInt64) {
    key(field, 0)
    rawVarint(value)
  }

  public mutating func int64(_ field: Int, _ value: Int64) {
    varint(field, UInt64(bitPattern: value))
  }

  public mutating func sint64(_ field: Int, _ value: Int64) {
    varint(field, ProtobufReader.zigzagEncoded(value))
  }

  public mutating func bytes(_ field: Int, _ value: [UInt8]) {
    key(field, 2)
    rawVarint(UInt64(value.count))
    bytes += value
  }

  public mutating func string(_ field: Int, _ value: String) { bytes(field, Array(value.utf8)) }

  public mutating func packed(_ field: Int, _ values: [UInt64]) {
    var inner = ProtobufWriter()
    for v in values { inner.rawVarint(v) }
    bytes(field, inner.bytes)
  }

  public mutating func packedSInt64(_ field: Int, _ values: [Int64]) {
    packed(field, values.map(ProtobufReader.zigzagEncoded))
  }
}

/// Writes small OSM PBF files (test maps, junction scenarios): an `OSMHeader` blob, then
/// `OSMData` blobs for the nodes (dense, or plain `Node`s), the ways and the relations, in
/// that order, as `MapImporter` reads them. Everything is held in memory.
public struct PBFWriter: Sendable {
  public var nodes: [OSMNode] = []
  public var ways: [OSMWay] = []
  public var relations: [OSMRelation] = []
  public var compress = true
  public var dense = true
  public var requiredFeatures = ["OsmSchema-V0.6", "DenseNodes"]
  /// Nodes, ways and relations per data blob.
  public var elementsPerBlob = 1000

  public init(nodes: [OSMNode] = [], ways: [OSMWay] = [], relations: [OSMRelation] = []) {
    self.nodes = nodes
    self.ways = ways
    self.relations = relations
  }

  /// The file's bytes.
  public func data() -> Data {
    var header = ProtobufWriter()
    for feature in requiredFeatures { header.string(4, feature) }
    header.string(16, "headunit")
    var file = blob(type: "OSMHeader", content: header.bytes)
    for chunk in stride(from: 0, to: nodes.count, by: elementsPerBlob) {
      let slice = Array(nodes[chunk..<min(chunk + elementsPerBlob, nodes.count)])
      file += blob(type: "OSMData", content: block { strings in nodeGroup(slice, &strings) })
    }
    for chunk in stride(from: 0, to: ways.count, by: elementsPerBlob) {
      let slice = ways[chunk..<min(chunk + elementsPerBlob, ways.count)]
      file += blob(
        type: "OSMData",
        content: block { strings in
          var group = ProtobufWriter()
          for way in slice { group.bytes(3, wayMessage(way, &strings)) }
          return group.bytes
        })
    }
    if !relations.isEmpty {
      file += blob(
        type: "OSMData",
        content: block { strings in
          var group = ProtobufWriter()
          for relation in relations { group.bytes(4, relationMessage(relation, &strings)) }
          return group.bytes
        })
    }
    return Data(file)
  }

  /// A PrimitiveBlock with one group made by `group`, which interns its strings.
  private func block(_ group: (inout StringTable) -> [UInt8]) -> [UInt8] {
    var strings = StringTable()
    let groupBytes = group(&strings)
    var table = ProtobufWriter()
    for s in strings.list { table.string(1, s) }
    var message = ProtobufWriter()
    message.bytes(1, table.bytes)
    message.bytes(2, groupBytes)
    message.varint(17, 100)
    return message.bytes
  }

  struct StringTable {
    var list = [""]
    var ids: [String: Int] = ["": 0]
    mutating func id(_ s: String) -> Int {
      if let id = ids[s] { return id }
      list.append(s)
      ids[s] = list.count - 1
      return list.count - 1
    }
  }

  private func nodeGroup(_ nodes: [OSMNode], _ strings: inout StringTable) -> [UInt8] {
    var group = ProtobufWriter()
    if dense {
      var d = ProtobufWriter()
      var previous = (Int64(0), Int64(0), Int64(0))
      var ids: [Int64] = []
      var lats: [Int64] = []
      var lons: [Int64] = []
      var keysValues: [UInt64] = []
      for node in nodes {
        let current = (node.id, Int64(node.latitudeE7), Int64(node.longitudeE7))
        ids.append(current.0 - previous.0)
        lats.append(current.1 - previous.1)
        lons.append(current.2 - previous.2)
        previous = current
        for (k, v) in node.tags.sorted(by: { $0.key < $1.key }) {
          keysValues += [UInt64(strings.id(k)), UInt64(strings.id(v))]
        }
        keysValues.append(0)
      }
      d.packedSInt64(1, ids)
      d.packedSInt64(8, lats)
      d.packedSInt64(9, lons)
      d.packed(10, keysValues)
      group.bytes(2, d.bytes)
    } else {
      for node in nodes {
        var n = ProtobufWriter()
        n.sint64(1, node.id)
        let tags = node.tags.sorted { $0.key < $1.key }
        n.packed(2, tags.map { UInt64(strings.id($0.key)) })
        n.packed(3, tags.map { UInt64(strings.id($0.value)) })
        n.sint64(8, Int64(node.latitudeE7))
        n.sint64(9, Int64(node.longitudeE7))
        group.bytes(1, n.bytes)
      }
    }
    return group.bytes
  }

  private func wayMessage(_ way: OSMWay, _ strings: inout StringTable) -> [UInt8] {
    var w = ProtobufWriter()
    w.int64(1, way.id)
    let tags = way.tags.sorted { $0.key < $1.key }
    w.packed(2, tags.map { UInt64(strings.id($0.key)) })
    w.packed(3, tags.map { UInt64(strings.id($0.value)) })
    var previous: Int64 = 0
    w.packedSInt64(
      8,
      way.nodes.map { ref in
        defer { previous = ref }
        return ref - previous
      })
    return w.bytes
  }

  private func relationMessage(_ relation: OSMRelation, _ strings: inout StringTable) -> [UInt8] {
    var r = ProtobufWriter()
    r.int64(1, relation.id)
    let tags = relation.tags.sorted { $0.key < $1.key }
    r.packed(2, tags.map { UInt64(strings.id($0.key)) })
    r.packed(3, tags.map { UInt64(strings.id($0.value)) })
    r.packed(8, relation.members.map { UInt64(strings.id($0.role)) })
    var previous: Int64 = 0
    r.packedSInt64(
      9,
      relation.members.map { m in
        defer { previous = m.ref }
        return m.ref - previous
      })
    r.packed(10, relation.members.map { UInt64($0.type.rawValue) })
    return r.bytes
  }

  /// BlobHeader length, BlobHeader, Blob (raw or zlib).
  public func blob(type: String, content: [UInt8]) -> [UInt8] {
    var blob = ProtobufWriter()
    if compress {
      var size = compressBound(uLong(content.count))
      var output = [UInt8](repeating: 0, count: Int(size))
      let status = compress2(&output, &size, content, uLong(content.count), 9)
      precondition(status == Z_OK)
      blob.varint(2, UInt64(content.count))
      blob.bytes(3, Array(output[0..<Int(size)]))
    } else {
      blob.bytes(1, content)
    }
    var header = ProtobufWriter()
    header.string(1, type)
    header.varint(3, UInt64(blob.bytes.count))
    let n = UInt32(header.bytes.count)
    return [UInt8(n >> 24), UInt8(n >> 16 & 0xFF), UInt8(n >> 8 & 0xFF), UInt8(n & 0xFF)]
      + header.bytes + blob.bytes
  }
}

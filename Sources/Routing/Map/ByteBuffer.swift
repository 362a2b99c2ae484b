/// Little-endian byte output.
struct ByteBuffer {
  var bytes: [UInt8] = []

  mutating func reserve(_ count: Int) { bytes.reserveCapacity(count) }
  mutating func uint16(_ v: UInt16) { withUnsafeBytes(of: v.littleEndian) { bytes += $0 } }
  mutating func uint32(_ v: UInt32) { withUnsafeBytes(of: v.littleEndian) { bytes += $0 } }
  mutating func uint64(_ v: UInt64) { withUnsafeBytes(of: v.littleEndian) { bytes += $0 } }
  mutating func int32(_ v: Int32) { uint32(UInt32(bitPattern: v)) }
  mutating func int64(_ v: Int64) { uint64(UInt64(bitPattern: v)) }
}

extension ByteBuffer {
  /// The offsets of an index of lists (as `OUTX`, `INCX`, `GRDX`): 0, then the running
  /// count after each list — list i is entries `offsets[i]..<offsets[i + 1]`.
  mutating func offsets(of lists: [[UInt32]]) {
    var total: UInt32 = 0
    uint32(0)
    for list in lists {
      total += UInt32(list.count)
      uint32(total)
    }
  }

  /// The entries of every list, in order, after one another.
  mutating func entries(of lists: [[UInt32]]) {
    for list in lists { for id in list { uint32(id) } }
  }
}

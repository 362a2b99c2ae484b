/// Little-endian byte output.
package struct ByteBuffer {
  package var bytes: [UInt8]

  package init(bytes: [UInt8] = []) { self.bytes = bytes }

  package mutating func reserve(_ count: Int) { bytes.reserveCapacity(count) }
  package mutating func uint16(_ v: UInt16) { withUnsafeBytes(of: v.littleEndian) { bytes += $0 } }
  package mutating func uint32(_ v: UInt32) { withUnsafeBytes(of: v.littleEndian) { bytes += $0 } }
  package mutating func uint64(_ v: UInt64) { withUnsafeBytes(of: v.littleEndian) { bytes += $0 } }
  package mutating func int32(_ v: Int32) { uint32(UInt32(bitPattern: v)) }
  package mutating func int64(_ v: Int64) { uint64(UInt64(bitPattern: v)) }
}

extension ByteBuffer {
  /// The offsets of an index of lists (as `OUTX`, `INCX`, `GRDX`): 0, then the running
  /// count after each list — list i is entries `offsets[i]..<offsets[i + 1]`.
  package mutating func offsets(of lists: [[UInt32]]) {
    var total: UInt32 = 0
    uint32(0)
    for list in lists {
      total += UInt32(list.count)
      uint32(total)
    }
  }

  /// The entries of every list, in order, after one another.
  package mutating func entries(of lists: [[UInt32]]) {
    for list in lists { for id in list { uint32(id) } }
  }
}

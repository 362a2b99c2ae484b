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

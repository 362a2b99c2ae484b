import CZlib

/// The map file's checksum: zlib's CRC-32.
package enum CRC32 {
  /// The CRC-32 of `bytes`. The corresponding C function is `crc32`, fed at most 1 GiB a
  /// call (its length is a `uInt`).
  package static func checksum(of bytes: UnsafeRawBufferPointer) -> UInt32 {
    checksum(of: [bytes])
  }

  /// The CRC-32 of `parts` one after the other, as if they were one buffer.
  package static func checksum(of parts: [UnsafeRawBufferPointer]) -> UInt32 {
    var crc: uLong = crc32(0, nil, 0)
    for part in parts {
      var rest = part
      while !rest.isEmpty {
        let chunk = min(rest.count, 1 << 30)
        crc = crc32(crc, rest.baseAddress?.assumingMemoryBound(to: Bytef.self), uInt(chunk))
        rest = UnsafeRawBufferPointer(rebasing: rest[chunk...])
      }
    }
    return UInt32(truncatingIfNeeded: crc)
  }

  /// A CRC-32 fed piece by piece: after `add` of several buffers, `value` is the CRC-32 of
  /// them one after the other.
  package struct Running {
    private var crc: uLong = crc32(0, nil, 0)

    package init() {}

    package mutating func add(_ bytes: UnsafeRawBufferPointer) {
      var rest = bytes
      while !rest.isEmpty {
        let chunk = min(rest.count, 1 << 30)
        crc = crc32(crc, rest.baseAddress?.assumingMemoryBound(to: Bytef.self), uInt(chunk))
        rest = UnsafeRawBufferPointer(rebasing: rest[chunk...])
      }
    }

    package var value: UInt32 { UInt32(truncatingIfNeeded: crc) }
  }
}

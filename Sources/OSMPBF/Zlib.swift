import CZlib
import Routing

/// zlib, for OSM PBF blobs (the map file's checksum is `CRC32`, in `Routing`).
enum Zlib {
  /// Inflates a zlib stream that must produce exactly `size` bytes. The corresponding C
  /// function is `uncompress`.
  static func inflate(_ source: UnsafeRawBufferPointer, size: Int) throws(RoutingError) -> [UInt8] {
    var output = [UInt8](repeating: 0, count: max(size, 1))
    var produced = uLongf(size)
    let status = output.withUnsafeMutableBytes { target in
      uncompress(
        target.baseAddress?.assumingMemoryBound(to: Bytef.self), &produced,
        source.baseAddress?.assumingMemoryBound(to: Bytef.self), uLong(source.count))
    }
    switch status {
    case Z_OK:
      guard Int(produced) == size else {
        throw RoutingError(
          .malformed, "zlib data inflates to \(produced) bytes, raw_size says \(size)")
      }
      output.removeLast(output.count - size)
      return output
    case Z_BUF_ERROR:
      // Either the output is larger than announced, or the input ends early.
      throw RoutingError(
        .malformed, "zlib data is cut short or inflates to more than raw_size (\(size) bytes)")
    case Z_MEM_ERROR:
      throw RoutingError(.unreadable, "out of memory inflating \(size) bytes")
    default:
      throw RoutingError(.malformed, "zlib data is corrupt (zlib status \(status))")
    }
  }
}

import Foundation

/// The encoded polyline format (Google's algorithm) used by OSRM (precision 5) and
/// Valhalla (precision 6).
public enum PolylineCodec {
  /// Why an encoded polyline could not be decoded.
  public struct DecodingError: Error, Equatable, CustomStringConvertible {
    /// Character offset in the encoded string where decoding failed.
    public var offset: Int
    public var reason: String
    public var description: String { "at character \(offset): \(reason)" }
  }

  /// Decodes `encoded` with `precision` decimal digits (5 or 6).
  public static func decode(_ encoded: String, precision: Int = 6) throws(DecodingError)
    -> [Coordinate]
  {
    let factor = pow(10, Double(precision))
    let bytes = Array(encoded.utf8)
    var index = 0
    var lat = 0
    var lon = 0
    var result: [Coordinate] = []
    result.reserveCapacity(bytes.count / 4)

    func next() throws(DecodingError) -> Int {
      var shift = 0
      var value = 0
      while true {
        guard index < bytes.count else {
          throw DecodingError(offset: index, reason: "the string ends inside a value")
        }
        let byte = Int(bytes[index]) - 63
        guard byte >= 0, byte < 64 else {
          throw DecodingError(
            offset: index, reason: "unexpected character (expected ASCII 63…126)")
        }
        index += 1
        value |= (byte & 0x1f) << shift
        shift += 5
        guard shift < 60 else {
          throw DecodingError(offset: index, reason: "value too long")
        }
        if byte < 0x20 { break }
      }
      return (value & 1) != 0 ? ~(value >> 1) : (value >> 1)
    }

    while index < bytes.count {
      lat += try next()
      lon += try next()
      let c = Coordinate(latitude: Double(lat) / factor, longitude: Double(lon) / factor)
      guard c.isValid else {
        throw DecodingError(offset: index, reason: "coordinate \(c) is out of range")
      }
      result.append(c)
    }
    return result
  }

  /// Encodes `coordinates` with `precision` decimal digits.
  public static func encode(_ coordinates: [Coordinate], precision: Int = 6) -> String {
    let factor = pow(10, Double(precision))
    var out: [UInt8] = []
    var lastLat = 0
    var lastLon = 0
    func put(_ v: Int) {
      var value = v < 0 ? ~(v << 1) : (v << 1)
      while value >= 0x20 {
        out.append(UInt8((0x20 | (value & 0x1f)) + 63))
        value >>= 5
      }
      out.append(UInt8(value + 63))
    }
    for c in coordinates {
      let lat = Int((c.latitude * factor).rounded())
      let lon = Int((c.longitude * factor).rounded())
      put(lat - lastLat)
      put(lon - lastLon)
      lastLat = lat
      lastLon = lon
    }
    return String(decoding: out, as: UTF8.self)
  }
}

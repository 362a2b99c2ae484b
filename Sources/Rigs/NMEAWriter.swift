import Foundation
import Navigation

/// NMEA 0183 sentences for a fix, as a receiver would send them in one cycle: RMC
/// (time, status, position, speed, course), GGA (quality, satellites, HDOP, altitude) and
/// GSA (2D or 3D). A fix without a position is an RMC with status V and a GGA of quality 0,
/// as a receiver in a tunnel sends.
public enum NMEAWriter {
  /// The sentences for `fix`, stamped `time` (UTC) instead of the fix's own time.
  public static func sentences(for fix: Fix, at time: Date) -> [String] {
    let (clock, date) = stamp(time)
    guard let coordinate = fix.coordinate, fix.mode != .noFix else {
      return [
        sentence("GPRMC,\(clock),V,,,,,,,\(date),,,N"),
        sentence("GPGGA,\(clock),,,,,0,00,99.9,,M,,M,,"),
        sentence("GPGSA,A,1,,,,,,,,,,,,,99.9,99.9,99.9"),
      ]
    }
    let latitude = angle(coordinate.latitude, degreesWidth: 2, positive: "N", negative: "S")
    let longitude = angle(coordinate.longitude, degreesWidth: 3, positive: "E", negative: "W")
    let knots = fix.speed.map { String(format: "%.2f", max(0, $0) / 0.514_444) } ?? ""
    let course = fix.course.map { String(format: "%.1f", $0) } ?? ""
    let satellites = String(format: "%02d", min(max(fix.satellites ?? 8, 0), 24))
    let hdop = String(format: "%.1f", fix.hdop ?? 1.0)
    let altitude = fix.altitude.map { String(format: "%.1f", $0) } ?? ""
    let mode = fix.mode == .threeD && fix.altitude != nil ? 3 : 2
    return [
      sentence("GPRMC,\(clock),A,\(latitude),\(longitude),\(knots),\(course),\(date),,,A"),
      sentence(
        "GPGGA,\(clock),\(latitude),\(longitude),1,\(satellites),\(hdop),\(altitude),M,,M,,"),
      sentence("GPGSA,A,\(mode),,,,,,,,,,,,,\(hdop),\(hdop),\(hdop)"),
    ]
  }

  /// `body` between `$` and its checksum.
  static func sentence(_ body: String) -> String {
    let sum = body.utf8.reduce(UInt8(0), ^)
    return "$\(body)*\(String(format: "%02X", sum))"
  }

  /// `hhmmss.ss` and `ddmmyy` in UTC.
  static func stamp(_ time: Date) -> (String, String) {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC") ?? .current
    let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: time)
    let fraction = time.timeIntervalSince1970 - floor(time.timeIntervalSince1970)
    let clock = String(
      format: "%02d%02d%05.2f", c.hour ?? 0, c.minute ?? 0,
      Double(c.second ?? 0) + min(fraction, 0.99))
    let date = String(format: "%02d%02d%02d", c.day ?? 1, c.month ?? 1, (c.year ?? 2000) % 100)
    return (clock, date)
  }

  /// Degrees as NMEA's `DDMM.MMMMM,H` (`DDDMM.MMMMM,H` for longitude).
  static func angle(_ degrees: Double, degreesWidth: Int, positive: String, negative: String)
    -> String
  {
    let magnitude = abs(degrees)
    let whole = Int(magnitude)
    let minutes = (magnitude - Double(whole)) * 60
    return String(
      format: "%0\(degreesWidth)d%08.5f,%@", whole, minutes,
      degrees < 0 ? negative : positive)
  }
}

import CGPS
import Foundation
import Geo
import Navigation

/// One line from gpsd in the core's types: C NaN becomes nil, the mode an enum, the
/// `timespec` a `Date`.
package enum GPSDReport: Equatable, Sendable {
  /// A TPV report. `fix` is nil when the report carries no time (gpsd has not yet had
  /// one from the receiver); its HDOP and satellite count are nil, because gpsd sends
  /// those in SKY reports.
  case position(mode: Fix.Mode, fix: Fix?)
  /// A SKY report: dilution of precision and the satellites used in the solution.
  case sky(hdop: Double?, satellitesUsed: Int?)
  /// Anything else (VERSION, DEVICES, WATCH, a TPV with mode 0 "not seen", …).
  case other

  /// The report of the line libgps has just decoded into `data` (`gps_read`, or
  /// `gps_unpack` on one line), whose set-mask was cleared before: libgps only adds to it,
  /// for SKY and other reports too, so `MODE_SET` means this very line was a TPV.
  package init(decoded data: UnsafePointer<gps_data_t>) {
    let set = data.pointee.set
    if set & MODE_SET != 0 {
      self.init(tpv: data.pointee.fix)
    } else if set & (SATELLITE_SET | DOP_SET) != 0 {
      self.init(
        hdop: data.pointee.dop.hdop,
        satellitesUsed: set & SATELLITE_SET != 0 ? Int(data.pointee.satellites_used) : nil)
    } else {
      self = .other
    }
  }

  /// The report of a TPV that libgps decoded into `fix`.
  ///
  /// A 2D or 3D fix without a finite latitude and longitude is reported as no fix; the
  /// horizontal error is `eph`, or the root sum square of `epx` and `epy`.
  init(tpv fix: gps_fix_t) {
    guard let mode = Fix.Mode(rawValue: Int(fix.mode)) else {
      self = .other
      return
    }
    guard fix.time.tv_sec != 0 || fix.time.tv_nsec != 0 else {
      self = .position(mode: mode, fix: nil)
      return
    }
    let time = Date(
      timeIntervalSince1970: TimeInterval(fix.time.tv_sec) + TimeInterval(fix.time.tv_nsec) / 1e9)
    let latitude = Self.finite(fix.latitude)
    let longitude = Self.finite(fix.longitude)
    guard mode >= .twoD, let latitude, let longitude, abs(latitude) <= 90,
      abs(longitude) <= 180
    else {
      self = .position(mode: .noFix, fix: Fix(time: time, mode: .noFix, coordinate: nil))
      return
    }
    var horizontalError = Self.finite(fix.eph)
    if horizontalError == nil, let x = Self.finite(fix.epx), let y = Self.finite(fix.epy) {
      horizontalError = (x * x + y * y).squareRoot()
    }
    self = .position(
      mode: mode,
      fix: Fix(
        time: time, mode: mode,
        coordinate: Coordinate(latitude: latitude, longitude: longitude),
        altitude: Self.finite(fix.altMSL) ?? Self.finite(fix.altitude),
        speed: Self.finite(fix.speed), course: Self.finite(fix.track),
        horizontalError: horizontalError))
  }

  /// The report of a SKY line: `hdop` as libgps holds it (NaN when absent),
  /// `satellitesUsed` nil when the report listed no satellites.
  init(hdop: Double, satellitesUsed: Int?) {
    self = .sky(hdop: Self.finite(hdop), satellitesUsed: satellitesUsed)
  }

  /// libgps marks a value it did not receive as NaN (or ±infinity); the core uses nil.
  static func finite(_ value: Double) -> Double? { value.isFinite ? value : nil }
}

import Foundation
import Geo

/// One position report from a GPS receiver, in the core's units.
///
/// Values the receiver did not report are nil (C NaN is converted at the adapter).
public struct Fix: Hashable, Sendable {
  /// How good the fix is.
  public enum Mode: Int, Hashable, Sendable, Comparable {
    case noFix = 1
    case twoD = 2
    case threeD = 3
    public static func < (a: Mode, b: Mode) -> Bool { a.rawValue < b.rawValue }
  }

  /// When the receiver took the fix (UTC).
  public var time: Date
  public var mode: Mode
  /// Position; nil when `mode == .noFix`.
  public var coordinate: Coordinate?
  /// Altitude above mean sea level, metres.
  public var altitude: Double?
  /// Ground speed, metres per second.
  public var speed: Double?
  /// Course over ground, degrees clockwise from true north.
  public var course: Double?
  /// Estimated horizontal error, metres (95 %), when the receiver reports it.
  public var horizontalError: Double?
  /// Horizontal dilution of precision.
  public var hdop: Double?
  /// Satellites used in the solution.
  public var satellites: Int?

  public init(
    time: Date, mode: Mode, coordinate: Coordinate?, altitude: Double? = nil,
    speed: Double? = nil, course: Double? = nil, horizontalError: Double? = nil,
    hdop: Double? = nil, satellites: Int? = nil
  ) {
    self.time = time
    self.mode = mode
    self.coordinate = coordinate
    self.altitude = altitude
    self.speed = speed
    self.course = course
    self.horizontalError = horizontalError
    self.hdop = hdop
    self.satellites = satellites
  }

  /// Whether the fix carries a usable position.
  public var hasPosition: Bool { mode >= .twoD && coordinate != nil }
}

import Foundation
import Geo
import Navigation

/// A made-up drive: a car at a steady speed along straight roads, one fix a second.
struct SyntheticDrive {
  /// A straight stretch: its bearing (degrees) and length (m).
  struct Stretch {
    var bearing: Double
    var length: Double
  }

  var start: Coordinate
  var stretches: [Stretch]
  /// Metres per second.
  var speed: Double

  var length: Double { stretches.reduce(0) { $0 + $1.length } }

  /// Where the car is `metres` into the drive, and its course there (the stretch's
  /// bearing; at a corner, the bearing of the stretch that begins there).
  func position(at metres: Double) -> (coordinate: Coordinate, course: Double) {
    var here = start
    var left = max(0, metres)
    for (i, stretch) in stretches.enumerated() {
      if left < stretch.length || i == stretches.count - 1 {
        let along = min(left, stretch.length)
        return (
          Earth.destination(from: here, bearing: stretch.bearing, distance: along), stretch.bearing
        )
      }
      here = Earth.destination(from: here, bearing: stretch.bearing, distance: stretch.length)
      left -= stretch.length
    }
    return (here, 0)
  }

  /// The fix `seconds` after the car set off (from `t0`); the car stands at the end.
  func fix(at seconds: Double, t0: Date = GuidanceTestRoutes.t0) -> Fix {
    let metres = speed * seconds
    let p = position(at: metres)
    return Fix(
      time: t0.addingTimeInterval(seconds), mode: .threeD, coordinate: p.coordinate,
      speed: metres < length ? speed : 0, course: p.course)
  }

  /// The seconds at which the car has driven `metres`.
  func time(at metres: Double) -> Double { metres / speed }
}

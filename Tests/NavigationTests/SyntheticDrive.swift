import Foundation
import Geo
import Navigation

/// A made-up drive: a car at a steady speed along straight roads, one fix a second; it may
/// slow down once on the way, as for a turn, and speed up again after.
struct SyntheticDrive {
  /// A straight stretch: its bearing (degrees) and length (m).
  struct Stretch {
    var bearing: Double
    var length: Double
  }

  /// Braking at `braking` to `speed` (m/s) at `at` metres into the drive, then speeding
  /// up at `acceleration` (m/s²) back to the drive's speed.
  struct Slowdown {
    var at: Double
    var speed: Double
    var braking = 2.0
    var acceleration = 1.5
  }

  var start: Coordinate
  var stretches: [Stretch]
  /// Metres per second.
  var speed: Double
  var slowdown: Slowdown?

  init(start: Coordinate, stretches: [Stretch], speed: Double, slowdown: Slowdown? = nil) {
    self.start = start
    self.stretches = stretches
    self.speed = speed
    self.slowdown = slowdown
  }

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

  /// Metres driven `seconds` after setting off (not stopping at the end), and the speed.
  func motion(at seconds: Double) -> (metres: Double, speed: Double) {
    guard let slow = slowdown, slow.speed < speed else { return (speed * seconds, speed) }
    let braking = (speed - slow.speed) / slow.braking
    let speeding = (speed - slow.speed) / slow.acceleration
    let brakeAt = slow.at - (speed * speed - slow.speed * slow.speed) / (2 * slow.braking)
    let slowest = brakeAt / speed + braking
    if seconds * speed <= brakeAt { return (seconds * speed, speed) }
    if seconds <= slowest {
      let t = seconds - brakeAt / speed
      return (brakeAt + speed * t - slow.braking * t * t / 2, speed - slow.braking * t)
    }
    let t = min(seconds - slowest, speeding)
    let metres = slow.at + slow.speed * t + slow.acceleration * t * t / 2
    let v = slow.speed + slow.acceleration * t
    return (metres + speed * (seconds - slowest - t), v)
  }

  /// The fix `seconds` after the car set off (from `t0`); the car stands at the end.
  func fix(at seconds: Double, t0: Date = GuidanceTestRoutes.t0) -> Fix {
    let (metres, v) = motion(at: seconds)
    let p = position(at: metres)
    return Fix(
      time: t0.addingTimeInterval(seconds), mode: .threeD, coordinate: p.coordinate,
      speed: metres < length ? v : 0, course: p.course)
  }

  /// The seconds at which the car has driven `metres`.
  func time(at metres: Double) -> Double {
    guard slowdown != nil else { return metres / speed }
    var (lo, hi) = (0.0, metres / min(speed, slowdown?.speed ?? speed) + 1)
    for _ in 0..<60 {
      let mid = (lo + hi) / 2
      if motion(at: mid).metres < metres { lo = mid } else { hi = mid }
    }
    return hi
  }
}

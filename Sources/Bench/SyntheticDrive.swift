import Foundation
import Geo
import Navigation

/// A long made-up route and a noisy 1 Hz drive along it, for benchmarks: deterministic
/// for a given seed, any size, no files needed.
struct SyntheticDrive {
  var route: Route
  var fixes: [Fix]

  /// - Parameters:
  ///   - points: at least this many route vertices (one every `spacing` metres).
  ///   - fixes: at least this many fixes (the route is made long enough).
  init(points: Int, fixes minimumFixes: Int, seed: UInt64 = 42) {
    var random = SplitMix64(seed: seed)
    let spacing = 12.0
    let cruise = 12.0
    let length = max(Double(points) * spacing, Double(minimumFixes) * cruise * 1.05)
    let start = Coordinate(latitude: 60.17, longitude: 24.94)
    let modifiers: [(Maneuver.Modifier, Double)] = [
      (.left, -90), (.right, 90), (.slightLeft, -30), (.slightRight, 30), (.sharpLeft, -140),
      (.sharpRight, 140), (.straight, 0),
    ]

    var steps: [RouteStep] = []
    var here = start
    var heading = 0.0
    var covered = 0.0
    while covered < length {
      let stepLength = min(200 + random.unit() * 1300, length - covered + spacing)
      let turn =
        steps.isEmpty ? (Maneuver.Modifier.straight, 0.0) : modifiers[Int(random.unit() * 7) % 7]
      let before = heading
      heading = Angle.normalized(heading + turn.1)
      var geometry = [here]
      var walked = 0.0
      while walked + spacing <= stepLength {
        // A gentle curve so the road is not a ruler line.
        heading = Angle.normalized(heading + (random.unit() - 0.5) * 2)
        here = Earth.destination(from: here, bearing: heading, distance: spacing)
        geometry.append(here)
        walked += spacing
      }
      steps.append(
        RouteStep(
          maneuver: Maneuver(
            kind: steps.isEmpty ? .depart : .turn, modifier: steps.isEmpty ? nil : turn.0,
            location: geometry[0], bearingBefore: before, bearingAfter: heading),
          name: "Road \(steps.count)", distance: walked, duration: walked / 13.9,
          geometry: geometry))
      covered += walked
    }
    steps.append(
      RouteStep(
        maneuver: Maneuver(kind: .arrive, location: here, bearingBefore: heading),
        name: "Road \(steps.count - 1)", distance: 0, duration: 0, geometry: [here, here]))
    route = Route(
      legs: [RouteLeg(steps: steps, distance: covered, duration: covered / 13.9)],
      distance: covered, duration: covered / 13.9)

    // Drive it: cruise, slow down near maneuvers, 3 m of noise on each axis.
    let prepared = GuidanceRoute(route)
    let projection = LocalProjection(origin: start)
    var fixes: [Fix] = []
    var offset = 0.0
    let t0 = Date(timeIntervalSince1970: 1_777_881_600)
    while offset < prepared.length {
      let step = prepared.stepIndex(at: offset)
      let toNext = step + 1 < prepared.stepStart.count ? prepared.stepStart[step + 1] - offset : 0
      let speed = toNext < 40 ? 6.0 : cruise
      var point = projection.project(prepared.line.coordinate(at: offset))
      point.x += random.gaussian() * 3
      point.y += random.gaussian() * 3
      fixes.append(
        Fix(
          time: t0.addingTimeInterval(Double(fixes.count)), mode: .threeD,
          coordinate: projection.unproject(point), speed: speed,
          course: Angle.normalized(prepared.line.bearing(at: offset) + random.gaussian() * 4),
          hdop: 0.9, satellites: 9))
      offset += speed
    }
    // Stand at the destination for 5 s, as a driver does.
    let end = prepared.destination
    for _ in 0..<5 {
      fixes.append(
        Fix(
          time: t0.addingTimeInterval(Double(fixes.count)), mode: .threeD, coordinate: end,
          speed: 0, course: nil, hdop: 0.9, satellites: 9))
    }
    self.fixes = fixes
  }
}

extension SplitMix64 {
  /// Standard normal (Box–Muller).
  mutating func gaussian() -> Double {
    let u = max(unit(), 1e-12)
    return (-2 * log(u)).squareRoot() * cos(2 * .pi * unit())
  }
}

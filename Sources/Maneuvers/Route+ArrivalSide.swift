import Geo
import Navigation
import Routing

extension Route {
  /// The route with its arrival's side of the street taken from `destination` (an address
  /// off the road the route ends on), as the offline router words it: "Your destination is
  /// on the left." For a server's route to an address's road point, which arrives on the
  /// road and knows nothing of the building. The side is that of `destination` from the
  /// route's last point, against the direction of its last metres; none when the address
  /// is within 3 m of the end or straight ahead or behind (within 10°). The arrival's texts
  /// are the writer's English when the route's `locale` is English or unknown, none in a
  /// route of another language. Steps other than the arrival are untouched; a route
  /// without an arrival step is returned as it is.
  public func arriving(facing destination: Coordinate) -> Route {
    guard var leg = legs.last, let last = leg.steps.indices.last,
      leg.steps[last].maneuver.kind == .arrive
    else { return self }
    let end = leg.steps[last].maneuver.location
    let approach = leg.steps.flatMap(\.geometry).suffix(64)
    var points: [Coordinate] = []
    for point in approach where point != points.last { points.append(point) }
    let side = Self.arrivalSide(approach: points, end: end, destination: destination)
    var step = leg.steps[last]
    guard step.maneuver.modifier != side else { return self }
    step.maneuver.modifier = side
    // The writer's English would mix two languages in a route that speaks another: its
    // arrival then goes without texts of its own, and screens word it from the side.
    let english = locale.map { (try? Phrasebook(language: $0).language) == "en" } ?? true
    step.instructionVariants =
      english
      ? InstructionWriter.variants(
        for: step.maneuver, name: step.name, ref: step.ref, drivingSide: step.drivingSide)
      : []
    leg.steps[last] = step
    var route = self
    route.legs[route.legs.count - 1] = leg
    return route
  }

  /// The side of `destination` from `end`, against the direction of the last metres of
  /// `approach` (distinct points ending at `end`): nil within 3 m of the end, or straight
  /// ahead or behind (within 10°).
  public static func arrivalSide(approach: [Coordinate], end: Coordinate, destination: Coordinate)
    -> Maneuver.Modifier?
  {
    guard Earth.distance(destination, end) > 3, approach.count >= 2 else { return nil }
    let bearing = EdgeGeometry.finalBearing(approach)
    let side = Angle.difference(from: bearing, to: Earth.bearing(from: end, to: destination))
    guard abs(side) > 10, abs(side) < 170 else { return nil }
    return side > 0 ? .right : .left
  }
}

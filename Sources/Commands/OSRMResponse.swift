import Foundation
import Geo
import HeadUnit
import Navigation

/// A `/route/v1` response of OSRM, written from `Route`s: what `headunit route --json`
/// prints, and what `OSRMRouteReader` reads back into the same routes.
///
/// Geometries are polyline6 (as Valhalla writes them), coordinates `[lon, lat]` to six
/// decimals, distances and durations to a tenth. Instructions are in one language, which
/// each route's `voiceLocale` names as Valhalla's do, so a reader knows whether they are
/// the screen's. A step's `intersections` hold one
/// intersection, the maneuver point, with its lanes when the step has any.
struct OSRMResponse: Encodable {
  struct Waypoint: Encodable {
    var name: String
    var location: [Double]
    /// Metres from the point asked for to the road.
    var distance: Double
  }

  struct RouteObject: Encodable {
    var distance: Double
    var duration: Double
    var weight: Double
    var weightName = "duration"
    var geometry: String
    var legs: [Leg]
    /// The language of the instructions ("en", "de").
    var voiceLocale: String

    enum CodingKeys: String, CodingKey {
      case distance, duration, weight, geometry, legs, voiceLocale
      case weightName = "weight_name"
    }
  }

  struct Leg: Encodable {
    var distance: Double
    var duration: Double
    var summary: String
    var steps: [Step]
  }

  struct Step: Encodable {
    var distance: Double
    var duration: Double
    var name: String
    var ref: String?
    /// OSRM's signpost text: "A 1, A 10: Vaduz, Feldkirch" (references, a colon, places).
    var destinations: String?
    /// OSRM's exit numbers, `;`-separated.
    var exits: String?
    var mode = "driving"
    var drivingSide: String
    var geometry: String
    var maneuver: ManeuverObject
    var intersections: [Intersection]

    enum CodingKeys: String, CodingKey {
      case distance, duration, name, ref, destinations, exits, mode, geometry, maneuver
      case intersections
      case drivingSide = "driving_side"
    }
  }

  struct ManeuverObject: Encodable {
    var type: String
    var modifier: String?
    var exit: Int?
    var location: [Double]
    var bearingBefore: Int
    var bearingAfter: Int
    var instruction: String

    enum CodingKeys: String, CodingKey {
      case type, modifier, exit, location, instruction
      case bearingBefore = "bearing_before"
      case bearingAfter = "bearing_after"
    }
  }

  struct Intersection: Encodable {
    var location: [Double]
    var lanes: [LaneObject]?
    /// OSRM's classes of the road the step drives on (`toll`, `motorway`, `ferry`, and
    /// `unpaved`); absent for none.
    var classes: [String]?
  }

  struct LaneObject: Encodable {
    var indications: [String]
    var valid: Bool
    var active: Bool
  }

  var code = "Ok"
  var routes: [RouteObject]
  var waypoints: [Waypoint]

  /// The response for `routes`, their instructions in the language of `text`
  /// (`ScreenText.instructions(for:routeLocale:)`: a route's own when they are in it).
  init(routes: [Route], waypoints: [Waypoint], text: ScreenText) {
    self.routes = routes.map { Self.route($0, text: text) }
    self.waypoints = waypoints
  }

  /// The response as JSON text, keys sorted (Foundation's encoder keeps no order), so
  /// the same routes always print the same bytes.
  func encoded(pretty: Bool = false) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    if pretty { encoder.outputFormatting.insert(.prettyPrinted) }
    return String(decoding: try encoder.encode(self), as: UTF8.self)
  }

  static func lonLat(_ c: Coordinate) -> [Double] {
    [(c.longitude * 1e6).rounded() / 1e6, (c.latitude * 1e6).rounded() / 1e6]
  }

  static func tenth(_ v: Double) -> Double { (v * 10).rounded() / 10 }

  private static func route(_ route: Route, text: ScreenText) -> RouteObject {
    RouteObject(
      distance: tenth(route.distance), duration: tenth(route.duration),
      weight: tenth(route.duration), geometry: PolylineCodec.encode(route.geometry, precision: 6),
      legs: route.legs.map { leg in
        Leg(
          distance: tenth(leg.distance), duration: tenth(leg.duration), summary: leg.summary,
          steps: leg.steps.map {
            step($0, instruction: text.instructions(for: $0, routeLocale: route.locale).first)
          })
      }, voiceLocale: text.language)
  }

  /// A signpost's places and references in OSRM's `destinations` form, nil when it names
  /// neither.
  static func destinations(_ sign: Signpost) -> String? {
    let refs = sign.refs.joined(separator: ", ")
    let places = sign.destinations.joined(separator: ", ")
    switch (refs.isEmpty, places.isEmpty) {
    case (true, true): return nil
    case (false, false): return "\(refs): \(places)"
    default: return refs + places
    }
  }

  private static func step(_ step: RouteStep, instruction: String?) -> Step {
    let m = step.maneuver
    let location = lonLat(m.location)
    let classes = step.classes ?? []
    return Step(
      distance: tenth(step.distance), duration: tenth(step.duration), name: step.name,
      ref: step.ref, destinations: step.signpost.flatMap(destinations),
      exits: step.signpost.flatMap { $0.exits.isEmpty ? nil : $0.exits.joined(separator: ";") },
      mode: classes.contains(.ferries) ? "ferry" : "driving",
      drivingSide: step.drivingSide.rawValue,
      geometry: PolylineCodec.encode(step.geometry, precision: 6),
      maneuver: ManeuverObject(
        type: m.kind.rawValue, modifier: m.modifier?.rawValue, exit: m.exit, location: location,
        bearingBefore: Int(m.bearingBefore.rounded()) % 360,
        bearingAfter: Int(m.bearingAfter.rounded()) % 360,
        instruction: instruction ?? ""),
      intersections: [
        Intersection(
          location: location,
          lanes: step.lanes.isEmpty
            ? nil
            : step.lanes.map {
              LaneObject(indications: $0.indications, valid: $0.valid, active: $0.preferred)
            },
          classes: classes.isEmpty ? nil : classes.classList)
      ])
  }
}

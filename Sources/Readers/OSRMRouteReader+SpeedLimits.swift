import Geo
import JSON
import Navigation

/// Speed limits: a leg's `annotation` (requested with `annotations`), one entry per
/// segment of the leg's shape.
extension OSRMRouteReader {
  /// The limit one entry of `annotation.maxspeed` states: `{"speed": 50, "unit": "km/h"}`
  /// (`"mph"`; no unit: km/h); nil for `{"unknown": true}` and `{"none": true}` (no limit).
  ///
  /// - Throws: `JSONError` with the entry's path: `.wrongType` for an entry or a speed of
  ///   the wrong type, `.outOfRange` for a speed that is not a whole number from 1 to
  ///   `SpeedLimit.largest` of its unit, `.invalid` for an unknown unit or an entry that
  ///   says nothing.
  public static func speedLimit(maxspeed node: JSONNode) throws(JSONError) -> SpeedLimit? {
    if try node.optional("unknown")?.bool() == true { return nil }
    if try node.optional("none")?.bool() == true { return nil }
    guard let speedNode = try node.optional("speed") else {
      throw node.error("expected a speed, or \"unknown\" or \"none\" set to true")
    }
    var unit = SpeedLimit.Unit.kilometresPerHour
    if let unitNode = try node.optional("unit") {
      switch try unitNode.string() {
      case "km/h", "kmh", "kph": unit = .kilometresPerHour
      case "mph": unit = .milesPerHour
      case let other:
        throw unitNode.error("expected \"km/h\" or \"mph\", found \(JSONNode.quoted(other))")
      }
    }
    let value = try speedNode.integer(in: 1...(SpeedLimit.largest[unit] ?? 300))
    return SpeedLimit(value: value, unit: unit, source: .tagged)
  }

  /// The limit one entry of Valhalla's `annotation.speed_limit` states: km/h, 0 when
  /// unknown; the string `"unlimited"` for none.
  ///
  /// - Throws: `JSONError` with the entry's path: `.wrongType` or `.outOfRange` (not a whole
  ///   number from 0 to 300).
  public static func speedLimit(valhalla node: JSONNode) throws(JSONError) -> SpeedLimit? {
    if case .string("unlimited") = node.value { return nil }
    let value = try node.integer(in: 0...(SpeedLimit.largest[.kilometresPerHour] ?? 300))
    guard value > 0 else { return nil }
    return SpeedLimit(value: value, unit: .kilometresPerHour, source: .tagged)
  }

  /// The limits of the legs in `nodes` (read into `legs`) along the route; nil when no leg
  /// has a usable annotation. A leg whose annotation does not fit its shape (not an array,
  /// another count of entries than of segments) is read as knowing none; a bad entry is
  /// read as unknown: a route is worth driving without its limits.
  static func speedLimits(_ nodes: [JSONNode], legs: [RouteLeg]) -> RouteSpeedLimits? {
    var spans: [RouteSpeedLimits.Span] = []
    var base = 0.0
    for (node, leg) in zip(nodes, legs) {
      let shape = self.shape(of: leg)
      if let entries = try? limitEntries(node, segments: shape.count - 1) {
        for (index, limit) in entries.enumerated() {
          spans.append(.init(start: base + shape[index].offset, limit: limit))
        }
      }
      base += shape.last?.offset ?? 0
      spans.append(.init(start: base, limit: nil))
    }
    let limits = RouteSpeedLimits(spans: spans)
    return limits.isEmpty ? nil : limits
  }

  /// The entries of the leg's `annotation.maxspeed` (else `speed_limit`), bad ones as nil;
  /// nil when it has neither.
  ///
  /// - Throws: `JSONError` when the annotation is not an object, its list not an array, or
  ///   the list's length is not `segments`.
  static func limitEntries(_ leg: JSONNode, segments: Int) throws(JSONError) -> [SpeedLimit?]? {
    guard let annotation = try leg.optional("annotation") else { return nil }
    let list: [JSONNode]
    let read: (JSONNode) throws(JSONError) -> SpeedLimit?
    if let maxspeed = try annotation.optional("maxspeed") {
      list = try maxspeed.array()
      read = { node throws(JSONError) in try speedLimit(maxspeed: node) }
    } else if let speedLimit = try annotation.optional("speed_limit") {
      list = try speedLimit.array()
      read = { node throws(JSONError) in try self.speedLimit(valhalla: node) }
    } else {
      return nil
    }
    guard list.count == segments else {
      throw annotation.error(
        "expected \(segments) speed limits, one per segment of the leg's shape; found "
          + "\(list.count)", subject: nil)
    }
    return list.map { (try? read($0)) ?? nil }
  }

  /// The leg's shape (its steps' shapes joined, no point repeated in a row) with each
  /// point's metres from the leg's start.
  static func shape(of leg: RouteLeg) -> [(coordinate: Coordinate, offset: Double)] {
    var points: [(coordinate: Coordinate, offset: Double)] = []
    for step in leg.steps {
      for c in step.geometry where points.last?.coordinate != c {
        let offset = points.last.map { $0.offset + Earth.distance($0.coordinate, c) } ?? 0
        points.append((c, offset))
      }
    }
    return points
  }
}

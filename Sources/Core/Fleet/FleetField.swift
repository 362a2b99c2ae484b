import Foundation
import Geo

/// One value a fleet report can carry, and when it counts as changed.
///
/// A field is reported when it differs from the value the server last acknowledged by at
/// least its threshold (see ``changed(from:to:)``); small jitter of a parked car's fix is
/// not a change. Going from a value to none (the trip ended) or back is always a change.
public enum FleetField: String, Sendable, CaseIterable, Hashable, Comparable {
  case location
  case heading
  case speed
  case route
  case remainingDistance
  case eta

  /// Moved at least this far, metres: a few times a good receiver's jitter.
  public static let locationThreshold = 5.0
  /// Turned at least this much, degrees.
  public static let headingThreshold = 5.0
  /// Speed changed by at least this much, m/s (1.8 km/h).
  public static let speedThreshold = 0.5
  /// Remaining distance changed by at least this much, metres.
  public static let distanceThreshold = 20.0
  /// ETA moved by at least this much, seconds: a dispatcher reads arrival to the minute,
  /// and the estimate moves by seconds with every traffic light.
  public static let etaThreshold = 30.0
  /// The remaining route is sent again after this many metres of it were driven, so a
  /// server that does not trim it by location still draws it about right; a new route
  /// (reroute) is sent at once.
  public static let routeDrivenThreshold = 500.0

  public static func < (a: FleetField, b: FleetField) -> Bool {
    allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
  }

  /// Whether this field of `new` differs from that of `old` by at least its threshold.
  public func changed(from old: FleetSnapshot, to new: FleetSnapshot) -> Bool {
    switch self {
    case .location: differ(old.location, new.location) { Earth.distance($0, $1) }
    case .heading: differ(old.heading, new.heading) { Self.angle($0, $1) }
    case .speed: differ(old.speed, new.speed) { abs($0 - $1) }
    case .remainingDistance:
      differ(old.remainingDistance, new.remainingDistance) { abs($0 - $1) }
    case .eta: differ(old.eta, new.eta) { abs($0.timeIntervalSince($1)) }
    case .route:
      switch (old.route, new.route) {
      case (nil, nil): false
      case (let old?, let new?): Self.routeChanged(from: old, to: new)
      default: true
      }
    }
  }

  /// The fields of `new` that changed since `old`; every field known in `new` when there is
  /// no `old` (the first report is full).
  public static func changes(from old: FleetSnapshot?, to new: FleetSnapshot) -> Set<FleetField> {
    guard let old else { return Set(allCases) }
    return Set(allCases.filter { $0.changed(from: old, to: new) })
  }

  private var threshold: Double {
    switch self {
    case .location: Self.locationThreshold
    case .heading: Self.headingThreshold
    case .speed: Self.speedThreshold
    case .remainingDistance: Self.distanceThreshold
    case .eta: Self.etaThreshold
    case .route: Self.routeDrivenThreshold
    }
  }

  private func differ<Value>(
    _ old: Value?, _ new: Value?, by distance: (Value, Value) -> Double
  ) -> Bool {
    switch (old, new) {
    case (nil, nil): false
    case (let old?, let new?): distance(old, new) >= threshold
    default: true
    }
  }

  /// The smaller angle between two headings, degrees.
  static func angle(_ a: Double, _ b: Double) -> Double {
    let d = abs(a - b).truncatingRemainder(dividingBy: 360)
    return min(d, 360 - d)
  }

  /// A new route (not the tail of the old one), or enough of the old one driven.
  static func routeChanged(from old: [Coordinate], to new: [Coordinate]) -> Bool {
    guard new.count <= old.count, old.suffix(new.count).elementsEqual(new) else { return true }
    let driven = old.prefix(old.count - new.count + 1)
    var length = 0.0
    for (a, b) in zip(driven, driven.dropFirst()) { length += Earth.distance(a, b) }
    return length >= routeDrivenThreshold
  }
}

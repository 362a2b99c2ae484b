import Foundation
import Geo
import HeadUnit
import JSON
import Navigation

/// One line of a replay timeline: something the session did, `t` seconds after the first fix.
public struct TimelineEntry: Sendable, Equatable {
  public enum Kind: Sendable, Equatable {
    case state(NavigationSession.State)
    /// The next maneuver changed to step `index`.
    case maneuver(index: Int, kind: Maneuver.Kind, modifier: Maneuver.Modifier?, text: String)
    case announce(Announcement)
    case offRoute
    case gpsLost
    case gpsRestored
    case arrived
    /// The router answered a route request made at `from` with a route this long.
    case reroute(from: Coordinate, distance: Double, duration: Double)
    /// The router could not answer a route request made at `from`.
    case rerouteFailed(from: Coordinate?, reason: String)
    case summary(ReplaySummary)
  }

  public var t: Double
  public var kind: Kind

  public init(t: Double, kind: Kind) {
    self.t = t
    self.kind = kind
  }

  /// The `type` field of the JSON line.
  public var type: String {
    switch kind {
    case .state: "state"
    case .maneuver: "maneuver"
    case .announce: "announce"
    case .offRoute: "offRoute"
    case .gpsLost: "gpsLost"
    case .gpsRestored: "gpsRestored"
    case .arrived: "arrived"
    case .reroute: "reroute"
    case .rerouteFailed: "rerouteFailed"
    case .summary: "summary"
    }
  }

  /// The line as a JSON object: `t` and `type` first, then the fields of the kind. Times
  /// are to the millisecond, distances to the metre and positions to 6 decimals (10 cm).
  public var json: JSONValue {
    var fields: [(String, JSONValue)] = [
      ("t", .number((t * 1000).rounded() / 1000)), ("type", .string(type)),
    ]
    switch kind {
    case .state(let state):
      fields.append(("state", .string(state.description)))
      if case .paused(let reason) = state { fields.append(("reason", .string(reason.description))) }
    case .maneuver(let index, let kind, let modifier, let text):
      fields.append(("index", .number(Double(index))))
      fields.append(("kind", .string(kind.rawValue)))
      if let modifier { fields.append(("modifier", .string(modifier.rawValue))) }
      fields.append(("text", .string(text)))
    case .announce(let a):
      fields.append(("maneuvers", .array(a.maneuvers.map { .number(Double($0)) })))
      fields.append(("stage", .string(a.stage.rawValue)))
      fields.append(("text", .string(a.text)))
      fields.append(("distance_m", .number(a.distance.rounded())))
    case .offRoute, .gpsLost, .gpsRestored, .arrived:
      break
    case .reroute(let from, let distance, let duration):
      fields.append(("lat", .number((from.latitude * 1e6).rounded() / 1e6)))
      fields.append(("lon", .number((from.longitude * 1e6).rounded() / 1e6)))
      fields.append(("distance_m", .number(distance.rounded())))
      fields.append(("duration_s", .number(duration.rounded())))
    case .rerouteFailed(let from, let reason):
      if let from {
        fields.append(("lat", .number((from.latitude * 1e6).rounded() / 1e6)))
        fields.append(("lon", .number((from.longitude * 1e6).rounded() / 1e6)))
      }
      fields.append(("reason", .string(reason)))
    case .summary(let s):
      fields.append(("fixes", .number(Double(s.fixes))))
      fields.append(("announcements", .number(Double(s.announcements))))
      fields.append(("offRoute", .number(Double(s.offRoute))))
      fields.append(("arrived", .bool(s.arrived)))
    }
    return .object(fields)
  }

  /// The line for a person: time, what happened, the words.
  public var text: String {
    let time = String(format: "%6.1fs", t)
    let detail: String
    switch kind {
    case .state(let state):
      if case .paused(let reason) = state {
        detail = "paused (\(reason))"
      } else {
        detail = state.description
      }
      return "\(time)  ■ \(detail)"
    case .maneuver(let index, _, _, let text):
      return "\(time)  → next maneuver \(index): \(text)"
    case .announce(let a):
      let covered = a.maneuvers.map(String.init).joined(separator: "+")
      return "\(time)  🔊 [\(a.stage.rawValue) \(covered), \(Int(a.distance.rounded())) m] \(a.text)"
    case .offRoute: return "\(time)  ⚠ off route"
    case .gpsLost: return "\(time)  ⚠ GPS lost"
    case .gpsRestored: return "\(time)  ✓ GPS restored"
    case .arrived: return "\(time)  ⚑ arrived"
    case .reroute(let from, let distance, let duration):
      return String(
        format: "%@  ⟳ new route from %.5f,%.5f: %.0f m, %.0f s", time, from.latitude,
        from.longitude, distance, duration)
    case .rerouteFailed(_, let reason): return "\(time)  ⚠ no new route: \(reason)"
    case .summary(let s):
      return
        "\(time)  summary: \(s.fixes) fixes, \(s.announcements) prompts, \(s.offRoute) off-route, "
        + (s.arrived ? "arrived" : "did not arrive")
    }
  }
}

/// Totals of a replay, its last timeline line.
public struct ReplaySummary: Sendable, Equatable {
  public var fixes = 0
  public var announcements = 0
  public var offRoute = 0
  public var arrived = false

  public init() {}
}

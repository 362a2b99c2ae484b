import Foundation
import JSON

extension FleetConfiguration: ConfigurationSection {
  static let name = "fleet"

  static var keys: [ConfigurationKey<Self>] {
    let url = "a URL as `endpoint`"
    return [
      .sectionSwitch(
        "enabled", \.enabled, doc: "fleet reporting (see [Fleet reporting](#fleet-reporting))"),
      .optional(
        "endpoint", \.endpoint,
        allowed: "an `https` URL (`http` only on a loopback host) reports are POSTed to; "
          + "required when enabled", read: fleetURL, write: JSONValue.string),
      .optional(
        "tokenURL", \.tokenURL, allowed: "an OAuth 2 token endpoint (client credentials), \(url)",
        none: "none: no `Authorization` header", read: fleetURL, write: JSONValue.string),
      .text(
        "clientId", \.clientId, allowed: "a non-empty string sent to `tokenURL`; needs a `tokenURL`"
      ),
      .secret(
        "clientSecret", \.clientSecret,
        allowed: "a non-empty string sent to `tokenURL`; needs a `tokenURL`"),
      .text(
        "vehicleId", \.vehicleId,
        allowed: "a non-empty string sent in every report; required when enabled"),
      .duration(
        "intervalSeconds", \.requestedInterval, in: 0...86_400,
        doc: "seconds between reports, clamped to 5–60 (not an error; `config check` says so)"),
      .integer(
        "queueLimit", \.queueLimit, in: 1...100_000,
        doc: "reports kept while the endpoint cannot be reached (360 is an hour at 10 s); "
          + "the oldest goes first"),
      .duration(
        "timeoutSeconds", \.timeout, in: 0.5...60,
        doc: "the longest wait for one answer from the endpoint or the token endpoint"),
    ]
  }

  /// The interval asked for is outside 5–60 s: `interval clamped to 5 s`.
  var summaryNote: String? {
    interval == requestedInterval ? nil : "interval clamped to \(interval.secondsText) s"
  }

  /// Enabled needs an endpoint and a vehicle id; a client id or secret needs a token URL.
  func check(_ node: JSONNode) throws(JSONError) {
    if enabled, endpoint == nil {
      throw node.error(
        "endpoint is required when enabled "
          + "(e.g. \"endpoint\": \"https://fleet.example/v1/reports\")")
    }
    if enabled, vehicleId == nil {
      throw node.error("vehicleId is required when enabled (e.g. \"vehicleId\": \"van-7\")")
    }
    if tokenURL == nil, clientId != nil || clientSecret != nil {
      throw node.error("clientId and clientSecret need a tokenURL to be sent to")
    }
  }

  /// An `https` URL, or `http` on a loopback host.
  private static func fleetURL(_ node: JSONNode) throws(JSONError) -> String {
    let text = try node.nonEmptyString()
    guard let url = URL(string: text), let scheme = url.scheme?.lowercased(),
      let host = url.host, !host.isEmpty
    else {
      throw node.error("expected an https URL, got \(JSONNode.quoted(text))")
    }
    let loopback = ["127.0.0.1", "::1", "[::1]", "localhost"].contains(host.lowercased())
    guard scheme == "https" || (scheme == "http" && loopback) else {
      throw node.error(
        "expected an https URL (http only on a loopback host), got \(JSONNode.quoted(text))")
    }
    return text
  }
}

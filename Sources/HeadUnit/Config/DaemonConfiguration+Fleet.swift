import Foundation
import JSON

extension DaemonConfiguration {
  /// Reads the `fleet` section (see ``FleetConfiguration``): enabled needs an endpoint and
  /// a vehicle id; a client secret needs a token URL.
  mutating func readFleet(
    _ section: [String: JSONNode], node: JSONNode
  ) throws(JSONError) {
    fleet.enabled = try section["enabled"]?.bool() ?? fleet.enabled
    if let url = section["endpoint"]?.nonNull { fleet.endpoint = try Self.fleetURL(url) }
    if let url = section["tokenURL"]?.nonNull { fleet.tokenURL = try Self.fleetURL(url) }
    fleet.clientId = try section["clientId"]?.nonNull?.nonEmptyString()
    fleet.clientSecret = try section["clientSecret"]?.nonNull?.nonEmptyString()
    fleet.vehicleId = try section["vehicleId"]?.nonNull?.nonEmptyString()
    fleet.intervalSeconds =
      try section["intervalSeconds"]?.number(in: 0...86_400) ?? fleet.intervalSeconds
    fleet.queueLimit = try section["queueLimit"]?.integer(in: 1...100_000) ?? fleet.queueLimit
    fleet.timeoutSeconds =
      try section["timeoutSeconds"]?.number(in: 0.5...60) ?? fleet.timeoutSeconds
    if fleet.enabled, fleet.endpoint == nil {
      throw node.error(
        "endpoint is required when enabled "
          + "(e.g. \"endpoint\": \"https://fleet.example/v1/reports\")")
    }
    if fleet.enabled, fleet.vehicleId == nil {
      throw node.error("vehicleId is required when enabled (e.g. \"vehicleId\": \"van-7\")")
    }
    if fleet.tokenURL == nil, fleet.clientId != nil || fleet.clientSecret != nil {
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

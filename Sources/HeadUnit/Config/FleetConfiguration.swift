import Board
import Core
import Foundation

/// The `fleet` section of the daemon's configuration: whether and where the vehicle reports
/// its position and trip (see `FleetReporter`); its keys are in `FleetConfiguration+Keys.swift`.
///
/// Off by default. When `enabled`, `vehicleId` is required, and where reports go by
/// `transport`: `endpoint` for `http` (the default) and `osmand`, `broker` for `mqtt`.
/// Without a `tokenURL`, HTTP reports are sent with no `Authorization` header (an endpoint
/// on a private network). URLs must be `https` (`mqtts`), except on a loopback host
/// (`127.0.0.1`, `::1`, `localhost`), where `http` (`mqtt`) is accepted for a local relay
/// and for tests.
public struct FleetConfiguration: Sendable, Equatable {
  /// How reports travel.
  public enum Transport: String, Sendable, CaseIterable {
    /// `FleetClient`: JSON POSTed to `endpoint`.
    case http
    /// `MQTTTransport`: published to `broker`.
    case mqtt
    /// `OsmAndTransport`: Traccar's OsmAnd protocol to `endpoint`.
    case osmand
  }

  public var enabled = false
  /// A `Transport`'s raw value, as written.
  public var transportName = Transport.http.rawValue
  /// Where reports are POSTed.
  public var endpoint: String?
  /// The OAuth 2 token endpoint (client credentials); nil for no authentication.
  public var tokenURL: String?
  public var clientId: String?
  public var clientSecret: String?
  /// Sent in every report.
  public var vehicleId: String?
  /// As written; the reporter clamps it to 5–60 s (``interval``).
  public var requestedInterval: Duration = .seconds(10)
  /// Reports kept while the endpoint cannot be reached; 360 is an hour at 10 s.
  public var queueLimit = 360
  /// Longest wait for one answer from the endpoint or the token endpoint.
  public var timeout: Duration = .seconds(5)
  /// The MQTT broker: `mqtts://host:port` (`mqtt://` on a loopback host).
  public var broker: String?
  /// Where MQTT reports go; `{vehicleId}` is replaced.
  public var topic = "fleet/{vehicleId}/state"
  /// Where the retained `online` and `offline` go; `{vehicleId}` is replaced.
  public var statusTopic = "fleet/{vehicleId}/status"
  /// A `MQTTTransport.Format`'s raw value: `json` or `owntracks`.
  public var format = MQTTTransport.Format.json.rawValue
  public var username: String?
  public var password: String?
  /// Certificate authorities trusted for `mqtts`; none for the system's.
  public var caFile: String?
  /// The client certificate and its key for `mqtts`, both or neither.
  public var certFile: String?
  public var keyFile: String?
  /// MQTT keepalive: the broker declares the unit gone (and publishes `offline`) after 1.5
  /// of these without a word.
  public var keepalive: Duration = .seconds(60)
  /// Whether a dispatcher may send destinations down (MQTT only).
  public var commands = false
  /// Where destinations come from; `{vehicleId}` is replaced.
  public var commandTopic = "fleet/{vehicleId}/destination"
  /// Where answers to commands go; `{vehicleId}` is replaced.
  public var replyTopic = "fleet/{vehicleId}/reply"

  /// Every setting at its default.
  public init() {}

  /// The interval used: ``requestedInterval`` clamped to 5–60 s.
  public var interval: Duration {
    FleetReporter.Configuration.clamp(requestedInterval)
  }

  /// The reporter's configuration; nil unless enabled with a vehicle id.
  public var reporter: FleetReporter.Configuration? {
    guard enabled, let vehicleId else { return nil }
    return FleetReporter.Configuration(
      vehicleId: vehicleId, interval: requestedInterval, queueLimit: queueLimit,
      authenticated: tokenURL != nil)
  }

  /// The transport chosen.
  public var transport: Transport { Transport(rawValue: transportName) ?? .http }

  /// The transport's client; nil unless enabled with where to send to.
  ///
  /// - Throws: `FleetError` when libmosquitto refuses the MQTT settings.
  public func client() throws(FleetError) -> (any FleetTransport)? {
    guard enabled, let vehicleId else { return nil }
    switch transport {
    case .http:
      guard let endpoint = endpoint.flatMap(URL.init(string:)) else { return nil }
      return FleetClient(
        endpoint: endpoint, tokenURL: tokenURL.flatMap(URL.init(string:)), clientId: clientId,
        clientSecret: clientSecret, timeout: timeout)
    case .osmand:
      guard let endpoint = endpoint.flatMap(URL.init(string:)) else { return nil }
      return OsmAndTransport(endpoint: endpoint, timeout: timeout)
    case .mqtt:
      guard let broker = broker.flatMap(URL.init(string:)) else { return nil }
      let fill = { (template: String) in
        template.replacingOccurrences(of: "{vehicleId}", with: vehicleId)
      }
      return try MQTTTransport(
        MQTTTransport.Settings(
          broker: broker, topic: fill(topic), statusTopic: fill(statusTopic),
          clientId: "headunit-\(vehicleId)", username: username, password: password,
          caFile: caFile, certFile: certFile, keyFile: keyFile, keepalive: keepalive,
          timeout: timeout, commandTopic: commands ? fill(commandTopic) : nil,
          replyTopic: commands ? fill(replyTopic) : nil),
        format: MQTTTransport.Format(rawValue: format) ?? .json)
    }
  }
}

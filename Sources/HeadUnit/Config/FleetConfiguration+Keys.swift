import Core
import Foundation
import JSON

extension FleetConfiguration: ConfigurationSection {
  static let name = "fleet"

  static var keys: [ConfigurationKey<Self>] {
    let url = "a URL as `endpoint`"
    let http = { (settings: Self) in settings.transport == .http }
    let mqtt = { (settings: Self) in settings.transport == .mqtt }
    let notMQTT = { (settings: Self) in settings.transport != .mqtt }
    return [
      .sectionSwitch(
        "enabled", \.enabled, doc: "fleet reporting (see [Fleet reporting](#fleet-reporting))"),
      .choice(
        "transport", \.transportName, Transport.allCases.map(\.rawValue),
        doc: "JSON POSTed to `endpoint`, published to an MQTT `broker`, or Traccar's OsmAnd "
          + "protocol to `endpoint`"),
      .optional(
        "endpoint", \.endpoint,
        allowed: "an `https` URL (`http` only on a loopback host) reports are POSTed to; "
          + "required when enabled with `http` or `osmand` (with `osmand`, port 5055 when "
          + "it names none)",
        shown: .init(text: { settings in
          settings.endpoint.map { URLSecrets.hidden($0) + osmandPort(settings) }
        }), read: fleetURL,
        write: JSONValue.string
      ).summarized(when: notMQTT),
      .optional(
        "tokenURL", \.tokenURL, allowed: "an OAuth 2 token endpoint (client credentials), \(url)",
        none: "none: no `Authorization` header",
        shown: .init(text: { $0.tokenURL.map(URLSecrets.hidden) }), read: fleetURL,
        write: JSONValue.string
      ).summarized(when: http),
      .text(
        "clientId", \.clientId, allowed: "a non-empty string sent to `tokenURL`; needs a `tokenURL`"
      ).summarized(when: http),
      .secret(
        "clientSecret", \.clientSecret,
        allowed: "a non-empty string sent to `tokenURL`; needs a `tokenURL`"
      ).summarized(when: http),
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
    ] + mqttKeys.map { $0.summarized(when: mqtt) }
  }

  /// The keys of the `mqtt` transport.
  private static var mqttKeys: [ConfigurationKey<Self>] {
    [
      .optional(
        "broker", \.broker,
        allowed: "an `mqtts://host:port` URL (`mqtt://` only on a loopback host; ports 8883 "
          + "and 1883 when left out); required when enabled with `mqtt`",
        shown: .init(text: { $0.broker.map(URLSecrets.hidden) }), read: brokerURL,
        write: JSONValue.string),
      .value(
        "topic", \.topic, allowed: "an MQTT topic with `{vehicleId}` and no wildcards",
        doc: "where reports are published (QoS 1)", read: topicTemplate, write: JSONValue.string),
      .value(
        "statusTopic", \.statusTopic, allowed: "as `topic`",
        doc: "where the retained `online` (on connect) and `offline` (last will) go",
        read: topicTemplate, write: JSONValue.string),
      .choice(
        "format", \.format, ["json", "owntracks"],
        doc: "the reports' JSON shape, or OwnTracks' `location` messages"),
      .text("username", \.username, allowed: "a non-empty string: the broker's user name"),
      .secret("password", \.password, allowed: "a non-empty string; needs a `username`"),
      .optional(
        "caFile", \.caFile, allowed: "an absolute path of PEM certificate authorities",
        none: "none: the system's", read: path, write: JSONValue.string),
      .optional(
        "certFile", \.certFile,
        allowed: "an absolute path of a PEM client certificate; needs `keyFile` and `mqtts`",
        read: path, write: JSONValue.string),
      .optional(
        "keyFile", \.keyFile,
        allowed: "an absolute path of the certificate's PEM key (unencrypted)",
        read: path, write: JSONValue.string),
      .duration(
        "keepaliveSeconds", \.keepalive, in: 5...3600,
        doc: "MQTT keepalive; the broker publishes `offline` after 1.5 of these without a word"),
      .bool(
        "commands", \.commands,
        doc: "destinations from a dispatcher on `commandTopic`, shown as a trip preview the "
          + "driver accepts or declines (see [Commands down](#commands-down))"),
      .value(
        "commandTopic", \.commandTopic, allowed: "as `topic`",
        doc: "where a dispatcher's destinations come from (with `commands`)",
        read: topicTemplate, write: JSONValue.string
      ).summarized(when: \.commands),
      .value(
        "replyTopic", \.replyTopic, allowed: "as `topic`",
        doc: "where the answers to commands go (with `commands`)", read: topicTemplate,
        write: JSONValue.string
      ).summarized(when: \.commands),
    ]
  }

  private static func path(_ node: JSONNode) throws(JSONError) -> String {
    try node.absolutePath()
  }

  /// The interval asked for is outside 5–60 s: `interval clamped to 5 s`.
  var summaryNote: String? {
    interval == requestedInterval ? nil : "interval clamped to \(interval.secondsText) s"
  }

  /// Enabled needs a vehicle id and where to send to; each transport's keys only with it.
  func check(_ node: JSONNode) throws(JSONError) {
    func member(_ key: String) throws(JSONError) -> JSONNode {
      try node.optional(key) ?? node
    }
    let name = transport.rawValue
    if enabled, vehicleId == nil {
      throw node.error("vehicleId is required when enabled (e.g. \"vehicleId\": \"van-7\")")
    }
    switch transport {
    case .http, .osmand:
      if enabled, endpoint == nil {
        let example =
          transport == .http
          ? "" : "with osmand (e.g. \"endpoint\": \"https://traccar.example:5055/\")"
        throw node.error(
          "endpoint is required when enabled "
            + (example.isEmpty
              ? "(e.g. \"endpoint\": \"https://fleet.example/v1/reports\")" : example))
      }
      let mqttOnly: [(String, Bool)] = [
        ("broker", broker != nil), ("username", username != nil), ("password", password != nil),
        ("caFile", caFile != nil), ("certFile", certFile != nil), ("keyFile", keyFile != nil),
        ("format", format != MQTTTransport.Format.json.rawValue), ("commands", commands),
      ]
      if let (key, _) = mqttOnly.first(where: \.1) {
        throw try member(key).error("\(key) is for the mqtt transport, not \(name)")
      }
    case .mqtt:
      if enabled, broker == nil {
        throw node.error(
          "broker is required when enabled with mqtt (e.g. \"broker\": \"mqtts://mqtt.example:8883\")"
        )
      }
      for (key, set) in [("endpoint", endpoint != nil), ("tokenURL", tokenURL != nil)] where set {
        throw try member(key).error("\(key) is for the http and osmand transports, not mqtt")
      }
      let topics = [
        ("topic", topic), ("statusTopic", statusTopic), ("commandTopic", commandTopic),
        ("replyTopic", replyTopic),
      ]
      for (index, (key, value)) in topics.enumerated()
      where topics[..<index].contains(where: { $0.1 == value }) {
        throw try member(key).error("\(key) must differ from the other topics")
      }
      if password != nil, username == nil {
        throw try member("password").error("a password needs a username")
      }
      if (certFile == nil) != (keyFile == nil) {
        throw try member(certFile == nil ? "keyFile" : "certFile").error(
          "certFile and keyFile go together")
      }
      let tls = broker?.lowercased().hasPrefix("mqtts:") ?? true
      for (key, set) in [("caFile", caFile != nil), ("certFile", certFile != nil)] where set && !tls
      {
        throw try member(key).error("\(key) needs an mqtts broker")
      }
    }
    if transport != .http, clientId != nil || clientSecret != nil {
      throw node.error("clientId and clientSecret are for the http transport's tokenURL")
    }
    if tokenURL == nil, clientId != nil || clientSecret != nil {
      throw node.error("clientId and clientSecret need a tokenURL to be sent to")
    }
  }

  /// ` (port 5055)` for an osmand endpoint naming no port, which goes to Traccar's port.
  private static func osmandPort(_ settings: Self) -> String {
    guard settings.transport == .osmand,
      let url = settings.endpoint.flatMap(URL.init(string:)), url.port == nil
    else { return "" }
    return " (port \(OsmAndTransport.defaultPort))"
  }

  /// An `https` URL, or `http` on a loopback host.
  private static func fleetURL(_ node: JSONNode) throws(JSONError) -> String {
    try secureURL(node, schemes: ("https", "http"))
  }

  /// An `mqtts` URL, or `mqtt` on a loopback host, with no path, user or password (those
  /// are keys of their own, so the password stays out of summaries).
  private static func brokerURL(_ node: JSONNode) throws(JSONError) -> String {
    let text = try secureURL(node, schemes: ("mqtts", "mqtt"))
    guard let url = URL(string: text), url.user == nil, url.password == nil,
      url.path.isEmpty || url.path == "/", url.query == nil
    else {
      throw node.error(
        "expected mqtts://host:port with nothing after the port (user and password are "
          + "keys of their own), got \(JSONNode.quoted(URLSecrets.hidden(text)))")
    }
    return text
  }

  /// `secure` URL, or `plain` on a loopback host.
  private static func secureURL(
    _ node: JSONNode, schemes: (secure: String, plain: String)
  ) throws(JSONError) -> String {
    let text = try node.nonEmptyString()
    let expected = "an \(schemes.secure) URL (\(schemes.plain) only on a loopback host)"
    guard let url = URL(string: text), let scheme = url.scheme?.lowercased(),
      let host = url.host, !host.isEmpty
    else {
      throw node.error(
        "expected an \(schemes.secure) URL, got \(JSONNode.quoted(URLSecrets.hidden(text)))")
    }
    let loopback = ["127.0.0.1", "::1", "[::1]", "localhost"].contains(host.lowercased())
    guard scheme == schemes.secure || (scheme == schemes.plain && loopback) else {
      throw node.error("expected \(expected), got \(JSONNode.quoted(URLSecrets.hidden(text)))")
    }
    return text
  }

  /// An MQTT topic to publish to: with `{vehicleId}`, so units of a fleet never share one,
  /// and without the wildcards `+` and `#`, which only subscriptions may use.
  private static func topicTemplate(_ node: JSONNode) throws(JSONError) -> String {
    let text = try node.nonEmptyString()
    guard text.contains("{vehicleId}"), !text.contains("+"), !text.contains("#"),
      !text.contains("\0"), text.utf8.count <= 1024
    else {
      throw node.error(
        "expected an MQTT topic with {vehicleId} and no + or # (e.g. \"fleet/{vehicleId}/state\"), "
          + "got \(JSONNode.quoted(text))")
    }
    return text
  }
}

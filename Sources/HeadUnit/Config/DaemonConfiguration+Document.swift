import JSON

extension DaemonConfiguration {
  /// The configuration as a document, keys in schema order and `null` for fields set to
  /// none, which `init(json:)` reads back to an equal value as long as ``board`` is `nil`.
  ///
  /// `board` is always left out: resolved GPIO lines cannot be written back as the pins
  /// they were written with.
  public var document: JSONValue {
    func number(_ value: Double) -> JSONValue { .number(value) }
    func number(_ value: Int) -> JSONValue { .number(Double(value)) }
    let bridge: JSONValue = .object([
      ("enabled", .bool(bridgeEnabled)), ("socket", .string(bridgeSocket)),
      ("group", bridgeGroup.map { .string($0) } ?? .null),
      ("heartbeatSeconds", number(bridgeHeartbeat)),
      ("disconnectDrains", .bool(bridgeDisconnectDrains)),
      ("maxQueuedMessages", number(bridgeMaxQueuedMessages)),
      ("maxQueuedBytes", number(bridgeMaxQueuedBytes)),
    ])
    return .object([
      ("logLevel", .string("\(logLevel)")),
      ("stateDirectory", .string(stateDirectory)),
      ("language", .string(language)),
      ("units", .string(units.rawValue)),
      ("map", mapPath.map { .string($0) } ?? .null),
      (
        "gpsd",
        .object([
          ("enabled", .bool(gpsdEnabled)), ("host", .string(gpsdHost)),
          ("port", number(gpsdPort)),
        ])
      ),
      (
        "display",
        .object([
          ("framebuffer", .string(framebuffer)), ("theme", .string(theme)),
          ("frameRate", number(frameRate)),
        ])
      ),
      (
        "audio",
        .object([
          ("enabled", .bool(audioEnabled)), ("device", .string(audioDevice)),
          ("volume", number(volume)), ("muted", .bool(muted)), ("earcon", .bool(earcon)),
          ("rate", speechRate.map(number) ?? .null),
        ])
      ),
      (
        "lifecycle",
        .object([
          ("gracePeriodSeconds", number(gracePeriod)),
          ("shutdownDelaySeconds", number(shutdownDelay)),
          ("shutdownCommand", shutdownCommand.map { .array($0.map(JSONValue.string)) } ?? .null),
          ("heartbeatTimeoutSeconds", number(heartbeatTimeout)),
          ("parkedScreenSeconds", number(parkedScreenSeconds)),
        ])
      ),
      (
        "routing",
        .object([
          ("server", routingServer.map { .string($0.rawValue) } ?? .null),
          ("url", routingURL.map { .string($0) } ?? .null),
          ("timeoutSeconds", number(routingTimeout)),
        ])
      ),
      (
        "trip",
        .object([
          ("resumeWithinMinutes", number(resumeWithin / 60)),
          ("saveIntervalSeconds", number(saveInterval)),
        ])
      ),
      ("fleet", fleetDocument),
      ("bridge", bridge),
    ])
  }

  /// The `fleet` section.
  private var fleetDocument: JSONValue {
    func text(_ value: String?) -> JSONValue { value.map { .string($0) } ?? .null }
    return .object([
      ("enabled", .bool(fleet.enabled)), ("endpoint", text(fleet.endpoint)),
      ("tokenURL", text(fleet.tokenURL)), ("clientId", text(fleet.clientId)),
      ("clientSecret", text(fleet.clientSecret)), ("vehicleId", text(fleet.vehicleId)),
      ("intervalSeconds", .number(fleet.intervalSeconds)),
      ("queueLimit", .number(Double(fleet.queueLimit))),
      ("timeoutSeconds", .number(fleet.timeoutSeconds)),
    ])
  }
}

import Core
import Foundation

extension HeadUnitDaemon {
  /// Serves the bridge socket when the configuration asks for it; its events go to
  /// `inbox`. A socket that cannot be set up is logged and the unit runs without it.
  static func startBridge(
    _ configuration: DaemonConfiguration, logger: Logger, inbox: AsyncStream<Wake>.Continuation
  ) -> BridgeServer? {
    guard configuration.bridgeEnabled else {
      logger.notice("the bridge is off in the configuration")
      return nil
    }
    do throws(BridgeSocketError) {
      let server = try BridgeServer(
        path: configuration.bridgeSocket, group: configuration.bridgeGroup,
        limits: configuration.bridgeLimits, logger: logger
      ) { event in
        inbox.yield(.core(.bridge(event)))
      }
      logger.info("bridge: listening on \(configuration.bridgeSocket)")
      return server
    } catch {
      logger.error("bridge: \(error) — no app bridge (bridge.socket, bridge.group)")
      return nil
    }
  }
}

extension DaemonConfiguration {
  /// The core's bridge settings: the client timeout is the lifecycle's heartbeat timeout.
  var bridgeSettings: BridgeSettings {
    var settings = BridgeSettings()
    settings.heartbeatInterval = bridgeHeartbeat
    settings.timeout = heartbeatTimeout
    settings.disconnectDrains = bridgeDisconnectDrains
    return settings
  }

  /// The server's limits from the configuration.
  var bridgeLimits: BridgeServer.Limits {
    var limits = BridgeServer.Limits()
    limits.maximumQueuedMessages = bridgeMaxQueuedMessages
    limits.maximumQueuedBytes = bridgeMaxQueuedBytes
    return limits
  }
}

import Bridge
import Core
import Foundation

extension HeadUnitDaemon {
  /// Serves the bridge socket when the configuration asks for it; its events go to
  /// `inbox`. A socket that cannot be set up is logged and the unit runs without it.
  static func startBridge(
    _ configuration: DaemonConfiguration, logger: Logger, inbox: AsyncStream<Wake>.Continuation
  ) -> BridgeServer? {
    guard configuration.bridge.enabled else {
      logger.notice("the bridge is off in the configuration")
      return nil
    }
    do throws(BridgeSocketError) {
      let server = try BridgeServer(
        path: configuration.bridge.socket, group: configuration.bridge.group,
        limits: configuration.bridge.limits, logger: logger
      ) { event in
        inbox.yield(.core(.bridge(event)))
      }
      logger.info("bridge: listening on \(configuration.bridge.socket)")
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
    settings.heartbeatInterval = bridge.heartbeat
    settings.timeout = lifecycle.heartbeatTimeout
    settings.disconnectDrains = bridge.disconnectDrains
    return settings
  }
}

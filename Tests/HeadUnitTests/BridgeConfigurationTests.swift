import Foundation
import Testing

@testable import HeadUnit

/// The `bridge` section of the daemon's configuration.
@Suite("Bridge configuration")
struct BridgeConfigurationTests {
  @Test func defaults() throws {
    let config = try DaemonConfiguration(json: Data("{}".utf8))
    #expect(config.bridge.enabled)
    #expect(config.bridge.socket == "/run/headunit/bridge.sock")
    #expect(config.bridge.group == nil)
    #expect(config.bridgeSettings.heartbeatInterval == .seconds(2))
    #expect(config.bridgeSettings.timeout == .seconds(5), "the lifecycle's heartbeat timeout")
    #expect(config.bridgeSettings.disconnectDrains)
    #expect(config.bridge.limits.maximumQueuedMessages == 1024)
    #expect(config.bridge.limits.maximumQueuedBytes == 4 << 20)
  }

  @Test func everyField() throws {
    let config = try DaemonConfiguration(
      json: Data(
        #"""
        {"bridge": {"enabled": false, "socket": "/tmp/b.sock", "group": "car",
                    "heartbeatSeconds": 0.5, "disconnectDrains": false,
                    "maxQueuedMessages": 16, "maxQueuedBytes": 65536},
         "lifecycle": {"heartbeatTimeoutSeconds": 3}}
        """#.utf8))
    #expect(!config.bridge.enabled)
    #expect(config.bridge.socket == "/tmp/b.sock")
    #expect(config.bridge.group == "car")
    #expect(config.bridgeSettings.heartbeatInterval == .seconds(0.5))
    #expect(config.bridgeSettings.timeout == .seconds(3))
    #expect(!config.bridgeSettings.disconnectDrains)
    #expect(config.bridge.limits.maximumQueuedMessages == 16)
    #expect(config.bridge.limits.maximumQueuedBytes == 65536)
    #expect(config.summary.contains("bridge off"))
    let back = try DaemonConfiguration(json: Data(config.document.serialized.utf8))
    #expect(back == config, "the document reads back")
  }

  @Test(
    arguments: [
      (
        #"{"bridge": {"socket": "bridge.sock"}}"#,
        #"$.bridge.socket: expected an absolute path (starting with /), got "bridge.sock""#
      ),
      (#"{"bridge": {"group": ""}}"#, "$.bridge.group: must not be empty"),
      (
        #"{"bridge": {"heartbeatSeconds": 0.1}}"#,
        "$.bridge.heartbeatSeconds: expected 0.5–60, got 0.1"
      ),
      (
        #"{"bridge": {"maxQueuedMessages": 2}}"#,
        "$.bridge.maxQueuedMessages: expected 16–100000, got 2"
      ),
      (
        #"{"bridge": {"port": 1}}"#,
        "$.bridge.port: unknown key (expected enabled, socket, group, heartbeatSeconds, "
          + "disconnectDrains, maxQueuedMessages, maxQueuedBytes, maxClients)"
      ),
    ])
  func badValues(json: String, message: String) {
    #expect(throws: ConfigurationError.self) { try DaemonConfiguration(json: Data(json.utf8)) }
    do {
      _ = try DaemonConfiguration(json: Data(json.utf8))
    } catch {
      #expect(error.message == message)
    }
  }
}

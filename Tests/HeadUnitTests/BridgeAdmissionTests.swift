import Bridge
import Core
import Foundation
import Rigs
import Testing

@testable import HeadUnit

/// Who the bridge lets in: no more than `maximumClients`, and only the unit's user, root
/// and the bridge group's members, whatever the socket's mode.
@Suite("Bridge admission")
struct BridgeAdmissionTests {
  @Test("one client past the cap is told tooManyClients and closed; the others stay")
  func clientCap() throws {
    var limits = BridgeServer.Limits()
    limits.maximumClients = 3
    let rig = try BridgeRig(limits: limits)
    defer { rig.stop() }
    let clients = try (0..<3).map { try rig.greetedClient("app\($0)") }
    #expect(rig.waitFor { $0.bridge.clients.count == 3 })
    let extra = try rig.client()
    let refusal = try #require(extra.receiveObject(), "a reason before the close")
    #expect(refusal["type"] as? String == "error")
    #expect(refusal["code"] as? String == "tooManyClients")
    #expect((refusal["message"] as? String)?.contains("bridge.maxClients") == true)
    #expect(extra.receive(timeout: .seconds(2)) == nil, "closed")
    #expect(
      Self.eventually { rig.logged("bridge: refused a client: 3 clients are connected") },
      "\(rig.logs.all)")
    // A second refusal within the minute is counted, not logged again.
    let another = try rig.client()
    #expect(another.receiveObject()?["code"] as? String == "tooManyClients")
    #expect(rig.logs.all.filter { $0.contains("refused a client") }.count == 1)
    // The cap counts connected clients: one leaves, one more may come.
    try clients[0].send(#"{"type":"goodbye","id":9}"#)
    #expect(rig.waitFor { $0.bridge.clients.count == 2 })
    #expect(
      Self.eventually {
        guard let late = try? rig.client() else { return false }
        try? late.send(#"{"type":"hello","id":0,"version":1,"app":"late"}"#)
        return late.receiveObject()?["type"] as? String == "hello"
      })
  }

  /// Whether `condition` holds within two seconds.
  static func eventually(_ condition: () -> Bool) -> Bool {
    let deadline = ContinuousClock.now + .seconds(2)
    while ContinuousClock.now < deadline {
      if condition() { return true }
      Thread.sleep(forTimeInterval: 0.02)
    }
    return condition()
  }

  @Test(
    "a socket left open to all still lets only the owner, root and the group in",
    .enabled(if: getuid() == 0, "needs root to connect as other users"))
  func credentials() throws {
    let logger = Logger(label: "t", level: .error) { _ in }
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("bridge-creds-\(UUID().uuidString.prefix(8))")
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("bridge.sock").path
    let server = try BridgeServer(path: path, group: "nogroup", logger: logger) { _ in }
    defer { server.stop() }
    // Someone loosens the socket's mode by hand.
    #expect(chmod(path, 0o666) == 0)
    #expect(chmod(folder.path, 0o755) == 0)
    let stranger = try BridgeSocketTests.connect(path, uid: 1, gid: 1)
    #expect(stranger.hasPrefix("refused "), "\(stranger)")
    #expect(stranger.contains(#""code":"notPermitted""#), "\(stranger)")
    #expect(stranger.contains("user 1 is not the unit's user, root or in the bridge group"))
    #expect(try BridgeSocketTests.connect(path, uid: 1, gid: 65534) == "ok")
    #expect(try BridgeSocketTests.connect(path, uid: 0, gid: 0) == "ok")
  }
}

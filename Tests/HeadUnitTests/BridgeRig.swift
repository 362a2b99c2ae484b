import Bridge
import Foundation
import Rendering
import Rigs
import Synchronization
import Templates

@testable import Core
@testable import HeadUnit

/// A real `BridgeServer` on a socket in a temporary folder, and a `HeadUnitCore` run by a
/// loop thread of its own on the real clock, as the daemon runs it: bridge events, input
/// and timers go through one queue; bridge effects go back to the server. No devices.
final class BridgeRig: Sendable {
  let folder: URL
  let socket: String
  let server: BridgeServer
  private let queue = Mutex<[HeadUnitCore.Event]>([])
  private let signal = DispatchSemaphore(value: 0)
  private let core: Mutex<HeadUnitCore>
  /// Due instants of pending timers, so a cancelled or rescheduled timer does not fire.
  private let timers = Mutex<[HeadUnitCore.Timer: Date]>([:])
  private let running = Mutex(true)
  private let done = DispatchSemaphore(value: 0)
  /// Log lines of the core and the server.
  let logs = LogLines()
  /// Bridge lines handled by the core.
  let handled = Mutex(0)

  init(
    limits: BridgeServer.Limits = BridgeServer.Limits(),
    _ configure: (inout HeadUnitCore.Configuration) -> Void = { _ in }
  ) throws {
    folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("bridge-\(UUID().uuidString.prefix(8))", isDirectory: true)
    socket = folder.appendingPathComponent("run/bridge.sock").path
    var configuration = HeadUnitCore.Configuration()
    configuration.bridge.heartbeatInterval = .seconds(0.5)
    configuration.bridge.timeout = .seconds(30)
    configure(&configuration)
    core = Mutex(
      HeadUnitCore(
        provider: DriveFixtures.provider, phrases: DriveFixtures.phrases,
        configuration: configuration))
    let logs = self.logs
    let logger = Logger(label: "bridge-test", level: .debug) { line in logs.append(line) }
    let box = Mutex<(@Sendable (HeadUnitCore.Event) -> Void)?>(nil)
    server = try BridgeServer(path: socket, group: nil, limits: limits, logger: logger) { event in
      box.withLock { $0 }?(.bridge(event))
    }
    box.withLock { $0 = { [weak self] in self?.post($0) } }
    let thread = Thread { [self] in self.loop() }
    thread.start()
    post(.start(places: PlaceLists(), trip: nil))
  }

  deinit {
    try? FileManager.default.removeItem(at: folder)
  }

  /// Stops the loop and the server.
  func stop() {
    running.withLock { $0 = false }
    signal.signal()
    done.wait()
    server.stop()
  }

  /// Queues an event for the core.
  func post(_ event: HeadUnitCore.Event) {
    queue.withLock { $0.append(event) }
    signal.signal()
  }

  /// A knob turn of `detents`.
  func turn(_ detents: Int) {
    post(.input(.rotated(detents: detents, at: .zero)))
  }

  /// A short press of the button with `role`.
  func press(_ role: InputRole) {
    post(.input(.button(role: role, action: .press, at: .zero)))
    post(.input(.button(role: role, action: .release, at: .zero)))
  }

  /// Reads the core under its lock.
  func read<T: Sendable>(_ body: (HeadUnitCore) -> T) -> T {
    core.withLock { body($0) }
  }

  /// The screen now, as a PNG at `path`.
  func snapshot(to path: String) throws {
    let frame = core.withLock { $0.frame(at: Date(), size: .standard, theme: .day) }
    guard case .scene(let scene) = frame else { return }
    let renderer = try TemplateRenderer(size: .standard)
    _ = renderer.render(scene)
    try renderer.writePNG(to: path)
  }

  /// A connected client.
  func client() throws -> BridgeClient { try BridgeClient(path: socket) }

  /// A connected client that has said hello.
  func greetedClient(_ name: String = "test") throws -> BridgeClient {
    let client = try client()
    try client.send(#"{"type":"hello","id":0,"version":1,"app":"\#(name)"}"#)
    guard client.wait(for: "hello", id: 0).match != nil else {
      throw BridgeSocketError("no hello reply")
    }
    return client
  }

  /// Waits up to `timeout` for `condition` on the core.
  func waitFor(
    timeout: Duration = .seconds(5), _ condition: @escaping (HeadUnitCore) -> Bool
  ) -> Bool {
    let deadline = ContinuousClock.now + timeout
    while ContinuousClock.now < deadline {
      if core.withLock({ condition($0) }) { return true }
      usleep(5000)
    }
    return false
  }

  func logged(_ text: String) -> Bool { logs.contains(text) }

  private func loop() {
    while running.withLock({ $0 }) {
      let batch = queue.withLock { batch -> [HeadUnitCore.Event] in
        defer { batch = [] }
        return batch
      }
      if batch.isEmpty {
        _ = signal.wait(timeout: .now() + .milliseconds(20))
        continue
      }
      for event in batch {
        var pending = [event]
        while !pending.isEmpty {
          let next = pending.removeFirst()
          let effects = core.withLock { $0.handle(next, at: Date()) }
          for effect in effects {
            if let follow = carryOut(effect) { pending.append(follow) }
          }
        }
        if case .bridge(.line(let client, _)) = event {
          handled.withLock { $0 += 1 }
          server.acknowledge(client)
        }
      }
    }
    done.signal()
  }

  private func carryOut(_ effect: HeadUnitCore.Effect) -> HeadUnitCore.Event? {
    switch effect {
    case .bridge(.send(let client, let message)): server.send(message, to: client)
    case .bridge(.close(let client, let reason)): server.close(client, reason: reason)
    case .acquireDevices: return .devicesReady
    case .log(_, let line): logs.append(line)
    case .timer(.schedule(let timer, let due)):
      timers.withLock { $0[timer] = due }
      let delay = max(0, due.timeIntervalSinceNow)
      DispatchQueue.global().asyncAfter(deadline: .now() + delay) { [weak self] in
        guard let self else { return }
        let current = self.timers.withLock { timers -> Bool in
          guard timers[timer] == due else { return false }
          timers[timer] = nil
          return true
        }
        if current { self.post(.timer(timer)) }
      }
    case .timer(.cancel(let timer)): timers.withLock { $0[timer] = nil }
    default: break
    }
    return nil
  }
}

/// Lines collected from several threads.
final class LogLines: Sendable {
  private let lines = Mutex<[String]>([])

  func append(_ line: String) { lines.withLock { $0.append(line) } }
  func contains(_ text: String) -> Bool { lines.withLock { $0.contains { $0.contains(text) } } }
  var all: [String] { lines.withLock { $0 } }
}

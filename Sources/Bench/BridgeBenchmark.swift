import Commands
import Core
import Foundation
import HeadUnit
import Rigs
import Synchronization

/// `headunit bench bridge [--inputs N] [--spacing MS]`: input → frame latency of
/// `headunit run` with and without a bridge client bursting requests.
///
/// One real daemon on the framebuffer and GPIO stand-ins (compiled from the source tree's
/// `Sources/Rigs/StandIns/fakefb` and `fakegpio`): knob detents are written to the fake GPIO chip
/// and the daemon logs, at debug level, the time from each edge's kernel timestamp to the
/// frame presented after it (`input → frame N ms`). The phases: the built-in app alone; a
/// bridge app holding the screen, idle; the same app sending 1000-request batches of
/// requests that change nothing on screen (`popToRootTemplate`, `dismissTemplate`) as
/// fast as the unit takes them; and batches of `updateTemplate`, each of which redraws.
/// Every request's answer is counted: none may be missing.
enum BridgeBenchmark {
  static let help = """
    usage: headunit bench bridge [--inputs N] [--spacing MS]

    bridge: starts `headunit run` on the framebuffer and GPIO stand-ins and turns the knob
    N times (default 60), MS apart (default 250), in five phases: no bridge client; a
    bridge app on screen, idle; the app bursting requests that change nothing on screen
    as fast as they are answered;
    the app sending 1000 such requests every second; the app bursting updateTemplate (each
    one a redraw). Prints input → frame latency
    (median, 90th percentile, max) per phase, the requests answered per second, and any
    answer missing (target: the bursting medians within 10 % of the idle one, none lost).
    """

  static func run(_ args: Arguments, console: Console) throws -> HeadUnitCommand.Status {
    let inputs = try args.int("inputs", default: 60, range: 5...10_000)
    let spacing = try args.int("spacing", default: 250, range: 20...5000)
    let rig = try Rig(console: console)
    // HEADUNIT_BENCH_KEEP=1 keeps the folder (the daemon's log) for a look afterwards.
    defer {
      rig.remove(keepFolder: ProcessInfo.processInfo.environment["HEADUNIT_BENCH_KEEP"] != nil)
    }
    try rig.start()
    console.out("  (log: \(rig.log.path))")

    func phase(_ name: String, _ load: Load?) throws {
      let before = rig.latencies.count
      load?.start()
      usleep(300_000)
      let loadStart = ContinuousClock.now
      for index in 0..<inputs {
        try rig.turn(clockwise: index % 2 == 0)
        usleep(UInt32(spacing) * 1000)
      }
      usleep(300_000)
      let seconds = loadStart.duration(to: .now).seconds
      let answered = load?.stop() ?? (sent: 0, answered: 0)
      let latencies = Array(rig.latencies.dropFirst(before)).sorted()
      guard !latencies.isEmpty else {
        console.out("  \(name): no frames logged")
        return
      }
      var line = String(
        format: "  %@: %d frames, input → frame median %.2f ms, p90 %.2f ms, max %.2f ms",
        name, latencies.count, latencies[latencies.count / 2],
        latencies[latencies.count * 9 / 10], latencies.last!)
      if let load, load.size > 0 {
        line += String(
          format: "; %.0f requests/s, %d sent, %d answered", Double(answered.sent) / seconds,
          answered.sent, answered.answered)
      }
      console.out(line)
    }

    console.out("bench bridge: \(inputs) knob detents \(spacing) ms apart per phase")
    try phase("built-in app, no client", nil)
    let client = try rig.connect()
    try phase("bridge app on screen, idle", Load(client: client, kind: .idle))
    try phase("bridge app bursting no-op requests", Load(client: client, kind: .noOp))
    try phase(
      "bridge app, 1000 no-op requests every second",
      Load(client: client, kind: .noOp, pause: .seconds(1)))
    try phase("bridge app bursting updateTemplate", Load(client: client, kind: .redraw))
    return .success
  }

  /// A bridge client sending heartbeats and, unless idle, 1000-request batches.
  final class Load: Sendable {
    enum Kind { case idle, noOp, redraw }

    let client: BridgeClient
    /// Between two batches, nil for none (as fast as the unit answers).
    let pause: Duration?
    private let batch: [UInt8]
    let size: Int
    private let state = Mutex((running: false, sent: 0, answered: 0, lastID: 0))
    private let done = DispatchSemaphore(value: 0)

    init(client: BridgeClient, kind: Kind, pause: Duration? = nil) {
      self.client = client
      self.pause = pause
      var lines: [UInt8] = []
      let count = kind == .idle ? 0 : 1000
      for index in 0..<count {
        let line =
          switch kind {
          case .redraw:
            #"{"type":"updateTemplate","id":ID,"template":{"type":"map","id":"bench"}}"#
          default:
            index % 2 == 0
              ? #"{"type":"popToRootTemplate","id":ID}"# : #"{"type":"dismissTemplate","id":ID}"#
          }
        lines += Array(line.replacingOccurrences(of: "ID", with: "\(index + 1)").utf8) + [0x0A]
      }
      batch = lines
      size = count
    }

    func start() {
      state.withLock { $0 = (true, 0, 0, 0) }
      let writer = Thread { [self] in
        var lastBeat = ContinuousClock.now
        while state.withLock({ $0.running }) {
          if ContinuousClock.now - lastBeat > .milliseconds(500) {
            try? client.send(#"{"type":"heartbeat"}"#)
            lastBeat = .now
          }
          if size == 0 {
            usleep(50_000)
            continue
          }
          // At most one batch ahead of the answers: the unit reads as fast as it handles.
          if state.withLock({ $0.sent - $0.answered }) > size {
            usleep(1000)
            continue
          }
          try? client.write(batch)
          state.withLock { $0.sent += size }
          if let pause {
            let until = ContinuousClock.now + pause
            while ContinuousClock.now < until, state.withLock({ $0.running }) {
              if ContinuousClock.now - lastBeat > .milliseconds(500) {
                try? client.send(#"{"type":"heartbeat"}"#)
                lastBeat = .now
              }
              usleep(10_000)
            }
          }
        }
        done.signal()
      }
      let reader = Thread { [self] in
        // Counts answers until stopped and every request is answered (or 10 s after the
        // stop, when some never come: the figure then shows them missing).
        var stoppedAt: ContinuousClock.Instant?
        while true {
          let line = client.receive(timeout: .milliseconds(200))
          let (running, finished) = state.withLock { state -> (Bool, Bool) in
            if let line, line.hasPrefix(#"{"type":"reply""#) || line.hasPrefix(#"{"type":"error""#)
            {
              state.answered += 1
            }
            return (state.running, state.answered >= state.sent)
          }
          if running { continue }
          if stoppedAt == nil { stoppedAt = .now }
          if finished || ContinuousClock.now - stoppedAt! > .seconds(10) { break }
        }
        done.signal()
      }
      writer.start()
      reader.start()
    }

    /// Stops writing, waits for every answer (up to 10 s); the requests sent and answered.
    func stop() -> (sent: Int, answered: Int) {
      state.withLock { $0.running = false }
      done.wait()
      done.wait()
      return state.withLock { ($0.sent, $0.answered) }
    }
  }
}

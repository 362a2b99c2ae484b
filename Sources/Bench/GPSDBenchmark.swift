import Board
import Commands
import Core
import Foundation
import HeadUnit
import Navigation
import Readers
import Rigs
import Synchronization

/// `headunit bench gpsd [--reports N] [--seconds S]`: latency from a gpsd report to the
/// delivered event, and the CPU time of a source connected to an idle gpsd.
///
/// Starts its own gpsd on free loopback ports, reading NMEA over UDP; plays the longest
/// clean embedded drive into it epoch by epoch, each 10 ms after the previous epoch's
/// fix arrived.
enum GPSDBenchmark {
  static let help = """
    usage: headunit bench gpsd [--reports N] [--seconds S]

    gpsd: starts gpsd on free ports, sends N epochs (default 200) of an embedded drive to
    it as NMEA over UDP and measures the time from sending an epoch's last sentence to the
    fix event reaching the consumer of GPSDPositionSource (median and p95; target: median
    ≤ 2 ms); then the CPU time of this process (user + system) over S seconds (default
    10) connected to the idle gpsd (target ≤ 0.05 s). Needs gpsd at /usr/sbin/gpsd.
    """

  /// Epochs sent before measuring: gpsd reports the first epoch after each sentence
  /// until it has learnt which sentence ends the receiver's cycle.
  static let warmUp = 3

  static func run(_ args: Arguments, console: Console) throws -> HeadUnitCommand.Status {
    if args.value("runs") != nil || args.value("points") != nil || args.value("fixes") != nil {
      throw UsageError(
        "bench gpsd: takes --reports and --seconds (--runs, --points and "
          + "--fixes are for bench guidance)")
    }
    let reports = try args.int("reports", default: 200, range: 10...100_000)
    let seconds = try args.int("seconds", default: 10, range: 1...3_600)
    guard FileManager.default.isExecutableFile(atPath: GPSDDaemon.defaultExecutable) else {
      console.err(
        "headunit bench gpsd: gpsd is not installed (expected \(GPSDDaemon.defaultExecutable);"
          + " apt install gpsd)")
      return .failure
    }
    let (drive, epochs) = try driveEpochs()
    let measured = min(reports, epochs.count - warmUp)
    if measured < reports {
      console.err("headunit bench gpsd: \(drive) has \(epochs.count) epochs; measuring \(measured)")
    }

    let daemon = try GPSDDaemon.start()
    defer { daemon.kill() }
    let sender = try NMEASender(port: daemon.udpPort)
    console.out(
      "bench gpsd: gpsd on 127.0.0.1:\(daemon.port), NMEA from \(drive) over UDP port "
        + "\(daemon.udpPort)")

    let arrivals = Arrivals()
    let source = GPSDPositionSource(port: daemon.port)
    let consumer = Task {
      for await event in source.events() { arrivals.record(event, at: .now) }
    }
    defer { consumer.cancel() }
    guard arrivals.waitUntilConnected(timeout: 5) else {
      console.err("headunit bench gpsd: the source did not connect to gpsd within 5 s")
      return .failure
    }

    var latencies: [Double] = []
    var triggers: [String: Int] = [:]
    var missing = 0
    for (index, epoch) in epochs.prefix(warmUp + measured).enumerated() {
      // Sentences go out 20 ms apart, so the fix is tied to the sentence that made gpsd
      // report it (which one depends on what gpsd learnt of the receiver's cycle): the
      // last one sent before the fix arrived. Each time is taken just before its send,
      // so a preemption between the send and the clock read cannot shorten a latency.
      var sent: [(at: ContinuousClock.Instant, sentence: String)] = []
      for sentence in epoch.sentences {
        sent.append((.now, sentence))
        try sender.send(sentence)
        Thread.sleep(forTimeInterval: 0.02)
      }
      if let arrived = arrivals.waitForFix(at: epoch.time, timeout: 1),
        let trigger = sent.last(where: { $0.at <= arrived })
      {
        if index >= warmUp {
          latencies.append(trigger.at.duration(to: arrived).milliseconds)
          triggers[String(trigger.sentence.dropFirst(3).prefix(3)), default: 0] += 1
        }
      } else {
        missing += 1
      }
    }
    latencies.sort()
    guard !latencies.isEmpty else {
      console.err("headunit bench gpsd: no fix came back from gpsd")
      return .failure
    }
    let median = latencies[latencies.count / 2]
    let p95 = latencies[
      min(latencies.count - 1, Int((0.95 * Double(latencies.count)).rounded(.up)) - 1)]
    console.out(
      "  latency, the sentence that completes a fix sent → fix event delivered"
        + " (\(latencies.count) epochs; gpsd reported at "
        + triggers.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)×" }.joined(
          separator: ", ") + "):")
    console.out(
      String(
        format:
          "    median %.3f ms, p95 %.3f ms, min %.3f ms, max %.3f ms — target median ≤ 2 ms: %@",
        median, p95, latencies[0], latencies[latencies.count - 1], median <= 2 ? "met" : "MISSED"))
    if missing > 0 { console.out("    \(missing) epoch(s) gave no fix within 1 s") }

    // Idle: gpsd has nothing more to say; the source goes stale after 2 s and then
    // should sleep in poll until something happens.
    let before = cpuSeconds()
    Thread.sleep(forTimeInterval: Double(seconds))
    let used = cpuSeconds() - before
    let limit = 0.05 * Double(seconds) / 10
    console.out(
      String(
        format:
          "  CPU time, user + system, connected to idle gpsd for %d s: %.4f s — target ≤ %.3f s: %@",
        seconds, used, limit, used <= limit ? "met" : "MISSED"))
    console.out(
      "  statuses: " + arrivals.statuses.map(GPSCommand.FixPrinter.describe).joined(separator: ", ")
    )
    return .success
  }

  /// One epoch of the drive: its sentences and the time of the fix they make.
  struct Epoch {
    var sentences: [String]
    var time: Date
  }

  /// The longest clean embedded drive, split into epochs at each RMC.
  private static func driveEpochs() throws -> (String, [Epoch]) {
    let drives = EmbeddedData.drives.filter { $0.hasSuffix("-clean") }
    var best: (String, [Epoch])?
    for drive in drives {
      guard let url = EmbeddedData.trackURL(forDrive: drive) else { continue }
      let text = String(decoding: try Data(contentsOf: url), as: UTF8.self)
      let groups = try EmbeddedData.epochs(forDrive: drive)
      let fixes = try NMEAReader.read(text).fixes
      guard fixes.count == groups.count else { continue }
      let epochs = zip(groups, fixes).map { Epoch(sentences: $0, time: $1.time) }
      if epochs.count > best?.1.count ?? 0 { best = (drive, epochs) }
    }
    guard let best, best.1.count > warmUp else {
      throw BoardError(.unavailable, "no embedded clean drive to send to gpsd")
    }
    return best
  }

  /// This process's CPU time so far, user + system, in seconds (`getrusage`).
  private static func cpuSeconds() -> Double {
    var usage = rusage()
    guard getrusage(RUSAGE_SELF.rawValue, &usage) == 0 else { return .nan }
    func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
    return seconds(usage.ru_utime) + seconds(usage.ru_stime)
  }

  /// When each fix time first arrived at the consumer, for the sending thread to wait on.
  final class Arrivals: Sendable {
    private let state = Mutex<(fixes: [Date: ContinuousClock.Instant], statuses: [PositionStatus])>(
      ([:], []))
    private let changed = DispatchSemaphore(value: 0)

    /// Called by the consumer task for each event.
    func record(_ event: PositionEvent, at instant: ContinuousClock.Instant) {
      state.withLock { state in
        switch event {
        case .fix(let fix): if state.fixes[fix.time] == nil { state.fixes[fix.time] = instant }
        case .status(let status): state.statuses.append(status)
        }
      }
      changed.signal()
    }

    var statuses: [PositionStatus] { state.withLock { $0.statuses } }

    /// Blocks the calling thread until the source reports `.connected`.
    func waitUntilConnected(timeout: Double) -> Bool {
      wait(timeout: timeout) { $0.statuses.contains(.connected) ? true : nil } != nil
    }

    /// Blocks the calling thread until a fix with `time` has arrived; its arrival.
    func waitForFix(at time: Date, timeout: Double) -> ContinuousClock.Instant? {
      wait(timeout: timeout) { $0.fixes[time] }
    }

    private func wait<T>(
      timeout: Double,
      _ check: ((fixes: [Date: ContinuousClock.Instant], statuses: [PositionStatus])) -> T?
    ) -> T? {
      let deadline = DispatchTime.now() + timeout
      while true {
        if let found = state.withLock({ check($0) }) { return found }
        if changed.wait(timeout: deadline) == .timedOut { return state.withLock { check($0) } }
      }
    }
  }
}

extension Duration {
  /// The duration in milliseconds.
  fileprivate var milliseconds: Double {
    Double(components.seconds) * 1e3 + Double(components.attoseconds) * 1e-15
  }
}

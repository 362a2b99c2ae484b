import Commands
import Core
import Foundation
import HeadUnit
import Navigation
import Readers

/// `headunit bench guidance|gpsd [OPTIONS]`: performance figures.
public enum BenchCommand {
  static let help = """
    usage: headunit bench guidance [--points N] [--fixes N] [--runs N]

    guidance: replays a synthetic noisy drive (default ≥ 10,000 route points, ≥ 10,000
    fixes) through matching, the session and the prompt planner, and prints microseconds
    per fix (best and median of --runs, default 5) and the process's peak resident memory.
    """

  /// The benchmarks besides `guidance`, by name.
  static let others:
    [(
      name: String, help: String,
      run: @Sendable (Arguments, Console) throws -> HeadUnitCommand.Status
    )] = [
      ("gpsd", GPSDBenchmark.help, GPSDBenchmark.run),
      ("speech", SpeechBenchmark.help, SpeechBenchmark.run),
      ("render", RenderBenchmark.help, RenderBenchmark.run),
      ("saves", SaveBenchmark.help, SaveBenchmark.run),
      ("fleet-queue", FleetQueueBenchmark.help, FleetQueueBenchmark.run),
      ("fleet", FleetBenchmark.help, FleetBenchmark.run),
      ("startup", StartupBenchmark.help, StartupBenchmark.run),
      ("maps", MapBenchmark.help, MapBenchmark.run),
      ("routing", RoutingBenchmark.help, RoutingBenchmark.run),
      ("contraction", ContractionBenchmark.help, ContractionBenchmark.run),
      ("search", SearchBenchmark.help, SearchBenchmark.run),
      ("bridge", BridgeBenchmark.help, BridgeBenchmark.run),
      ("drive", DriveBenchmark.help, DriveBenchmark.run),
    ]

  public static func run(_ words: [String], console: Console) throws -> HeadUnitCommand.Status {
    let args = try Arguments(
      words,
      options: [
        "points", "fixes", "runs", "seconds", "reports", "prompts", "device", "lang", "size",
        "dir", "count", "map", "queries", "osrm", "valhalla", "inputs", "spacing", "pbf",
        "differences", "threads", "drive", "rates", "speed", "interval", "duration", "format",
        "avoid",
      ],
      flags: ["help", "trace", "pairs"])
    if args.flag("help") {
      console.out(([help] + others.map(\.help)).joined(separator: "\n"))
      return .success
    }
    let names = (["guidance"] + others.map(\.name)).joined(separator: ", ")
    guard let what = args.positional.first else {
      throw UsageError("bench: which benchmark? (\(names))")
    }
    guard args.positional.count == 1,
      what == "guidance" || others.contains(where: { $0.name == what })
    else {
      throw UsageError(
        "bench: unknown benchmark '\(args.positional.joined(separator: " "))' (expected: \(names))")
    }
    if let other = others.first(where: { $0.name == what }) { return try other.run(args, console) }
    let points = try args.int("points", default: 10_000, range: 100...10_000_000)
    let fixes = try args.int("fixes", default: 10_000, range: 100...10_000_000)
    let runs = try args.int("runs", default: 5, range: 1...100)

    let phrases = try Phrasebook(language: "en")
    // First the longest embedded drive, as `headunit replay` runs it: its peak memory is
    // read before the big synthetic drive is built.
    if let longest = EmbeddedData.longestDrive,
      let routeURL = EmbeddedData.routeURL(forDrive: longest),
      let trackURL = EmbeddedData.trackURL(forDrive: longest)
    {
      let track = try TrackReader.read(contentsOf: trackURL)
      let route = try ReplayCommand.loadRoute(routeURL)
      let clock = ContinuousClock()
      let elapsed = clock.measure {
        _ = Replay(route: route, fixes: track.fixes, phrases: phrases).run()
      }
      console.out(
        String(
          format: "bench guidance: replay of %@ (%d fixes): %.2f ms, peak RSS %.1f MB", longest,
          track.fixes.count, elapsed.seconds * 1e3, ResourceUsage.peakResidentMegabytes))
    }
    let drive = SyntheticDrive(points: points, fixes: fixes)
    let replay = Replay(route: drive.route, fixes: drive.fixes, phrases: phrases)
    var timings: [Double] = []
    var summary = ReplaySummary()
    for _ in 0..<runs {
      let clock = ContinuousClock()
      var timeline: [TimelineEntry] = []
      let elapsed = clock.measure { timeline = replay.run() }
      if case .summary(let s)? = timeline.last?.kind { summary = s }
      timings.append(elapsed.seconds * 1e6 / Double(drive.fixes.count))
    }
    timings.sort()
    let geometry = drive.route.geometry.count
    console.out(
      "bench guidance: route \(geometry) points, \(drive.route.steps.count) steps, \(Int(drive.route.distance / 1000)) km; \(drive.fixes.count) fixes"
    )
    console.out(
      "  prompts \(summary.announcements), off-route \(summary.offRoute), arrived \(summary.arrived)"
    )
    console.out(
      String(
        format: "  µs per fix: best %.2f, median %.2f (%d runs)", timings[0],
        timings[timings.count / 2], runs))
    console.out(String(format: "  peak RSS: %.1f MB", ResourceUsage.peakResidentMegabytes))
    return .success
  }
}

/// The process's own resource counters.
enum ResourceUsage {
  /// Peak resident set size in MiB (`getrusage`, `ru_maxrss` is in KiB on Linux).
  static var peakResidentMegabytes: Double {
    var usage = rusage()
    guard getrusage(RUSAGE_SELF.rawValue, &usage) == 0 else { return .nan }
    return Double(usage.ru_maxrss) / 1024
  }
}

import Commands
import Core
import Foundation
import Geo
import HeadUnit

/// `headunit bench fleet-queue [--dir DIR] [--reports N] [--count N]`: how long saving the
/// fleet reporter's queue takes on this disk, as the service saves it while the endpoint
/// cannot be reached (`AtomicFile`: temporary file, `fsync`, `rename`, directory `fsync`).
///
/// The reports are those of an outage on the embedded `helsinki-1` route, 100 m apart:
/// each carries every field (nothing acknowledged since the outage began), the remaining
/// route among them (the 2.6 km route driven round again and again: an hour's queue). Saves the queue as it grows from 1 to `--reports` reports, then the
/// full queue `--count` more times, and reads the full file back as a start does.
enum FleetQueueBenchmark {
  static let help = """
    usage: headunit bench fleet-queue [--dir DIR] [--reports N] [--count N]

    fleet-queue: saves the fleet queue of an outage as it grows to N reports (default 360,
    an hour at 10 s; every report with the remaining route of the embedded helsinki-1
    drive), then the full queue --count times (default 50), as the daemon does (temporary
    file, fsync, rename, directory fsync) into DIR (default a temporary folder); prints the
    time per save of one report and of the full queue (median, 95th percentile, max), per
    report queued, the file size, and the time to read the full file back.
    """

  static func run(_ args: Arguments, console: Console) throws -> HeadUnitCommand.Status {
    let reports = try args.int("reports", default: 360, range: 1...100_000)
    let count = try args.int("count", default: 50, range: 1...100_000)
    let temporary = args.value("dir") == nil
    let directory =
      args.value("dir").map { URL(fileURLWithPath: $0, isDirectory: true) }
      ?? FileManager.default.temporaryDirectory.appendingPathComponent(
        "headunit-bench-fleet-queue-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { if temporary { try? FileManager.default.removeItem(at: directory) } }

    let line = try SaveBenchmark.firstSnapshot().route?.geometry ?? []
    let queue = (1...reports).map { report($0, along: line) }
    let file = FleetQueueFile(directory: directory)
    let clock = ContinuousClock()
    var growing: [Double] = []
    for n in 1...reports {
      let backlog = FleetBacklog(reports: Array(queue.prefix(n)), nextSequence: n + 100)
      growing.append(try clock.measure { try file.save(backlog) }.milliseconds)
    }
    var full: [Double] = []
    let backlog = FleetBacklog(reports: queue, nextSequence: reports + 100)
    for _ in 0..<count { full.append(try clock.measure { try file.save(backlog) }.milliseconds) }
    let size = (try? FileManager.default.attributesOfItem(atPath: file.url.path)[.size]) as? Int
    var loaded = 0
    let load = clock.measure { loaded = file.load(limit: reports).backlog.reports.count }
    guard loaded == reports else {
      console.err(
        "headunit: bench fleet-queue: the saved queue read back \(loaded) of \(reports) reports")
      return .failure
    }
    let one = growing[0]
    let median = full.sorted()[full.count / 2]
    console.out(
      String(
        format: "bench fleet-queue: one report saved in %.2f ms; %d reports (%.1f KB) saved "
          + "%d times: median %.2f ms (%.3f ms a report queued), p95 %.2f ms, max %.2f ms; "
          + "growing 1 to %d: %.1f ms in all; read back at start %.1f ms",
        one, reports, Double(size ?? 0) / 1024, count, median, median / Double(reports),
        percentile(full, 0.95), full.max() ?? 0, reports, growing.reduce(0, +),
        load.milliseconds))
    return .success
  }

  /// Report `sequence` of the outage: `sequence` × 100 m along `line` (round again from
  /// its start at the end), the route ahead.
  static func report(_ sequence: Int, along line: [Coordinate]) -> FleetReport {
    let length = max(1, Polyline(line).cumulative.last ?? 1)
    let offset = (Double(sequence) * 100).truncatingRemainder(dividingBy: length)
    let remaining = FleetSnapshot.remaining(of: line, after: offset)
    let here = remaining.first ?? Coordinate(latitude: 60.17, longitude: 24.94)
    let start = Date(timeIntervalSince1970: 1_800_000_000)
    return FleetReport(
      vehicleId: "van-7", sequence: sequence, time: start.addingTimeInterval(Double(sequence) * 10),
      values: FleetSnapshot(
        location: here, heading: 92.5, speed: 10, route: remaining,
        remainingDistance: length - offset, eta: start.addingTimeInterval(900)),
      fields: Set(FleetField.allCases))
  }

  private static func percentile(_ values: [Double], _ fraction: Double) -> Double {
    let sorted = values.sorted()
    return sorted[min(sorted.count - 1, Int(Double(sorted.count) * fraction))]
  }
}

extension Duration {
  fileprivate var milliseconds: Double {
    Double(components.seconds) * 1e3 + Double(components.attoseconds) * 1e-15
  }
}

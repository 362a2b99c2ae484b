import Commands
import Core
import Foundation
import HeadUnit
import Navigation

/// `headunit bench saves [--dir DIR] [--count N] [--trace]`: how long saving the trip
/// takes on this disk, every save durable (`fsync` of the file and the directory).
///
/// Saves the trip along the embedded `helsinki-1` route `--count` times into `DIR`
/// (default a temporary folder, removed after), continuing the sequence of a trip already
/// there; with `--trace` prints `saved N` after each save has returned — the point from
/// which a power cut keeps it. The crash-consistency test kills this command at random
/// moments and checks what the next start finds.
enum SaveBenchmark {
  static let help = """
    usage: headunit bench saves [--dir DIR] [--count N] [--trace]

    saves: writes the trip snapshot of a real route N times (default 200) as the daemon
    does (temporary file, fsync, rename, directory fsync) into DIR (default a temporary
    folder) and prints the time per save (median, 95th percentile, max) and the file size.
    --trace prints "saved N" as each save becomes durable.
    """

  static func run(_ args: Arguments, console: Console) throws -> HeadUnitCommand.Status {
    let count = try args.int("count", default: 200, range: 1...100_000_000)
    let trace = args.flag("trace")
    let temporary = args.value("dir") == nil
    let directory =
      args.value("dir").map { URL(fileURLWithPath: $0, isDirectory: true) }
      ?? FileManager.default.temporaryDirectory.appendingPathComponent(
        "headunit-bench-saves-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { if temporary { try? FileManager.default.removeItem(at: directory) } }

    let store = TripStore(directory: directory)
    var snapshot = try store.load().snapshot ?? firstSnapshot()
    let route = snapshot.route ?? Route(legs: [], distance: 0, duration: 0)
    let line = route.geometry
    var timings: [Double] = []
    let clock = ContinuousClock()
    for i in 0..<count {
      snapshot.sequence += 1
      snapshot.savedAt = Date()
      if !line.isEmpty {
        let fraction = Double(i % 1000) / 1000
        snapshot.progress = TripSnapshot.Progress(
          offset: route.distance * fraction, distanceRemaining: route.distance * (1 - fraction),
          nextStep: 1, position: line[Int(fraction * Double(line.count - 1))])
      }
      let elapsed = try clock.measure { try store.save(snapshot) }
      timings.append(elapsed.seconds * 1e3)
      if trace { console.out("saved \(snapshot.sequence)") }
    }
    timings.sort()
    let size = (try? FileManager.default.attributesOfItem(atPath: store.url.path)[.size]) as? Int
    console.out(
      String(
        format: "bench saves: %d saves of %.1f KB in %@: median %.2f ms, p95 %.2f ms, max %.2f ms",
        count, Double(size ?? 0) / 1024, directory.path, timings[timings.count / 2],
        timings[min(timings.count - 1, timings.count * 95 / 100)], timings.last ?? 0))
    return .success
  }

  /// The trip along the route embedded drive `drive` follows (by default the first
  /// route's), to the place at its end, never saved before.
  static func firstSnapshot(forDrive drive: String = "helsinki-1-clean") throws -> TripSnapshot {
    let provider = try EmbeddedRouteProvider.loadEmbedded()
    guard let url = EmbeddedData.routeURL(forDrive: drive) else {
      throw NavigationError(.noData, "the embedded routes are missing")
    }
    let route = try ReplayCommand.loadRoute(url)
    guard let place = provider.places.first(where: { $0.coordinate == route.destination }),
      let trip = provider.trip(to: place, from: nil),
      let choice = trip.routeChoices.firstIndex(where: { $0.route == route })
    else {
      throw NavigationError(
        .noData, "no embedded place at the end of \(url.deletingPathExtension().lastPathComponent)")
    }
    return TripSnapshot(sequence: 0, savedAt: Date(), place: place, trip: trip, choice: choice)
  }
}

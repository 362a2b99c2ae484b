import Foundation
import Testing

@testable import Bench
@testable import Commands

/// `snapshot --at` outside the drive, and a route replayed with a track of another drive.
@Suite("Route and track checks")
struct DriveCheckTests {
  func run(_ args: [String]) -> (HeadUnitCommand.Status, Captured) {
    let captured = Captured()
    let status = HeadUnitCommand.run(args, console: captured.console)
    return (status, captured)
  }

  /// A GPX track of `count` fixes a second apart, heading north from `latitude, longitude`
  /// at about 10 m a second.
  static func gpx(latitude: Double, longitude: Double, count: Int) throws -> URL {
    var points = ""
    for i in 0..<count {
      let lat = latitude + Double(i) * 0.00009
      points += """
        <trkpt lat="\(lat)" lon="\(longitude)"><ele>100</ele>\
        <time>2026-05-04T08:00:\(String(format: "%02d", i))Z</time></trkpt>

        """
    }
    let text = """
      <?xml version="1.0" encoding="UTF-8"?>
      <gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1">
      <trk><trkseg>
      \(points)</trkseg></trk></gpx>
      """
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("headunit-elsewhere-\(UUID().uuidString).gpx")
    try text.write(to: url, atomically: true, encoding: .utf8)
    return url
  }

  func snapshot(at: String, track: String = Paths.drive("helsinki-1-clean"), out: URL)
    -> (HeadUnitCommand.Status, Captured)
  {
    run([
      "snapshot", "--route", Paths.route(1), "--track", track, "--at", at, "--out", out.path,
    ])
  }

  static func temporaryPNG() -> URL {
    FileManager.default.temporaryDirectory
      .appendingPathComponent("headunit-check-\(UUID().uuidString).png")
  }

  @Test("snapshot --at past the end or before the start of the drive exits 2 naming its length")
  func momentOutsideTheDrive() throws {
    let out = Self.temporaryPNG()
    defer { try? FileManager.default.removeItem(at: out) }
    let fixes = try ReplayCommand.loadTrack(
      URL(fileURLWithPath: Paths.drive("helsinki-1-clean")), console: Captured().console
    ).fixes
    let length = DriveCheck.length(of: fixes)
    #expect(length > 100)
    let shown = DriveCheck.format(length)
    for at in ["9999", "-5", DriveCheck.format(length + 1)] {
      let (status, captured) = snapshot(at: at, out: out)
      #expect(status == .usage, "--at \(at)")
      #expect(
        captured.err.contains("--at \(at): the drive is \(shown) s long (0–\(shown))"),
        "stderr was: \(captured.err)")
      #expect(!FileManager.default.fileExists(atPath: out.path), "--at \(at) drew a screen")
    }
    let (status, captured) = snapshot(at: shown, out: out)
    #expect(status == .success, "the last moment: \(captured.err)")
    #expect(!captured.err.contains("warning"))
  }

  @Test("a track from elsewhere: snapshot and replay warn once, naming both files and the distance")
  func trackFromAnotherDrive() throws {
    // Tampere, about 150 km from the Helsinki route.
    let track = try Self.gpx(latitude: 61.4978, longitude: 23.7610, count: 20)
    defer { try? FileManager.default.removeItem(at: track) }
    let out = Self.temporaryPNG()
    defer { try? FileManager.default.removeItem(at: out) }

    let (snapshotStatus, snapshot) = snapshot(at: "10", track: track.path, out: out)
    let (replayStatus, replay) = run(["replay", "--route", Paths.route(1), "--track", track.path])
    for (status, captured) in [(snapshotStatus, snapshot), (replayStatus, replay)] {
      #expect(status == .success, "a warning, not an error: \(captured.err)")
      let warnings = captured.err.split(separator: "\n").filter { $0.contains("warning") }
      #expect(warnings.count == 1, "stderr was: \(captured.err)")
      let warning = String(warnings.first ?? "")
      #expect(warning.contains(track.path))
      #expect(warning.contains(Paths.route(1)))
      let km = try #require(
        warning.split(separator: "(nearest ").last?.split(separator: " ").first.flatMap {
          Double($0)
        }, "no distance in: \(warning)")
      #expect(km > 100 && km < 200, "\(warning)")
    }
  }

  @Test("a track of the route's own drive gives no warning; one of a neighbouring street does")
  func nearestApproach() throws {
    let route = try ReplayCommand.loadRoute(URL(fileURLWithPath: Paths.route(1)))
    let own = try ReplayCommand.loadTrack(
      URL(fileURLWithPath: Paths.drive("helsinki-1-noisy")), console: Captured().console)
    #expect(
      DriveCheck.mismatch(
        route: route, routePath: "r", fixes: own.fixes, trackPath: "t") == nil)
    #expect((DriveCheck.nearestApproach(of: own.fixes, to: route) ?? .infinity) < 50)
    // 1.1 km south of the route's southernmost point, going north for 40 m.
    let south = try #require(route.geometry.min { $0.latitude < $1.latitude })
    let track = try Self.gpx(latitude: south.latitude - 0.01, longitude: south.longitude, count: 5)
    defer { try? FileManager.default.removeItem(at: track) }
    let far = try ReplayCommand.loadTrack(track, console: Captured().console)
    let nearest = try #require(DriveCheck.nearestApproach(of: far.fixes, to: route))
    #expect(nearest > 1_000 && nearest < 1_200)
    let warning = try #require(
      DriveCheck.mismatch(route: route, routePath: "r.json", fixes: far.fixes, trackPath: "t.gpx"))
    #expect(warning.contains("r.json") && warning.contains("t.gpx"))
  }
}

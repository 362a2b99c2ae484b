import Board
import Commands
import Core
import Foundation
import HeadUnit
import Navigation
import Readers
import Rendering

/// `headunit bench render [--runs N] [--size WxH]`: how long the navigation screen takes
/// to draw, full and incremental.
///
/// Frames come from the embedded default drive, a tenth of a second apart (the vehicle
/// moves between updates). Each figure is the median of `--runs` × 30 frames.
enum RenderBenchmark {
  static let help = """
    usage: headunit bench render [--runs N] [--size WxH]

    render: draws the navigation screen of the embedded drive (default 800x480) and prints
    median milliseconds per frame, each also as a multiple of one frame's memcpy: a full
    frame (nothing cached), a full frame with the overlays' surfaces kept (the map drawn
    again, as when the camera leaves the cached view), an incremental frame with the vehicle moved and the camera
    following it (the cached map turned and moved, cards reused), an incremental frame with
    the vehicle moved under a still camera (only its rows repainted), the route overview of
    the longest embedded route, and the whole drive at 5 frames a second (median, 95th
    percentile and slowest frame: the map drawn again in bends and zoom changes).
    """

  /// What a section of the benchmark gets to work with: the renderer holding the last
  /// frame drawn, and more scenes of the drive to draw.
  struct Context {
    var renderer: NavigationRenderer
    var scenes: [NavigationScene]
    var runs: Int
    /// The whole drive, for frames at any moment of it.
    var replay: ScreenReplay
    var seconds: Double
    /// Milliseconds to copy one frame's bytes: the least any display path must do.
    var memcpy: Double

    /// `ms` and its multiple of a frame's memcpy, for a line of the report.
    func figure(_ ms: Double) -> String {
      String(format: "%6.2f ms median (%.0f× a memcpy)", ms, ms / memcpy)
    }
  }

  /// The figures printed, in order. Another section (pixel conversion for the
  /// framebuffer, say) is one more function here.
  static var sections: [(Context, Console) throws -> Void] {
    [renderSection, overviewSection, driveSection, conversionSection]
  }

  static func run(_ args: Arguments, console: Console) throws -> HeadUnitCommand.Status {
    let runs = try args.int("runs", default: 5, range: 1...100)
    let size = try SnapshotCommand.size(args)
    let drive = EmbeddedData.defaultDrive
    guard let routeURL = EmbeddedData.routeURL(forDrive: drive),
      let trackURL = EmbeddedData.trackURL(forDrive: drive)
    else { throw UsageError("bench render: the embedded drive is missing") }
    let route = try ReplayCommand.loadRoute(routeURL)
    let track = try TrackReader.read(contentsOf: trackURL)
    let phrases = try Phrasebook(language: "en")
    // 30 frames 0.1 s apart from 32 s in: driving towards a turn, one update in between.
    let times = (0..<30).map { 32 + Double($0) / 10 }
    let replay = ScreenReplay(route: route, fixes: track.fixes, phrases: phrases)
    let scenes = replay.models(at: times).map { $0.model.scene(at: $0.at, size: size) }
    let seconds = (track.fixes.last?.time).map { $0.timeIntervalSince(track.fixes[0].time) }
    let context = Context(
      renderer: try NavigationRenderer(size: size), scenes: scenes, runs: runs,
      replay: replay, seconds: seconds ?? 0,
      memcpy: frameCopy(width: size.width, height: size.height, runs: 100 * runs))
    console.out("bench render: \(size), \(drive), \(scenes.count) frames × \(runs) runs")
    for section in sections { try section(context, console) }
    return .success
  }

  static func renderSection(_ context: Context, console: Console) throws {
    let renderer = context.renderer
    let scenes = context.scenes
    let clock = ContinuousClock()
    func median(_ body: (NavigationScene) -> Void) -> Double {
      var times: [Double] = []
      for _ in 0..<context.runs {
        for scene in scenes {
          times.append(clock.measure { body(scene) }.seconds * 1e3)
        }
      }
      times.sort()
      return times[times.count / 2]
    }
    let full = median { scene in
      renderer.invalidate(dropping: .all)
      renderer.render(scene)
    }
    let mapAgain = median { scene in
      renderer.invalidate(dropping: .map)
      renderer.render(scene)
    }
    // Same words on the cards throughout, so the frames differ by the vehicle (and map).
    let following = scenes.map { scene -> NavigationScene in
      var s = scene
      s.maneuver = scenes[0].maneuver
      s.secondary = scenes[0].secondary
      s.trip = scenes[0].trip
      s.status = scenes[0].status
      return s
    }
    renderer.render(following[0])
    var index = 0
    let incremental = median { _ in
      index = (index + 1) % following.count
      renderer.render(following[index])
    }
    let still = following.map { scene -> NavigationScene in
      var s = scene
      s.camera = following[0].camera
      return s
    }
    renderer.render(still[0])
    var rows = 0
    var frames = 0
    index = 0
    let partial = median { _ in
      index = (index + 1) % still.count
      let frame = renderer.render(still[index])
      rows += frame.changedRowCount
      frames += 1
    }
    console.out("  full frame:                                 \(context.figure(full))")
    console.out("  full frame, overlays kept (a view change):  \(context.figure(mapAgain))")
    console.out(
      "  incremental, vehicle moved, camera follows: \(context.figure(incremental))"
        + String(format: ", %.1f× faster", full / incremental))
    console.out(
      "  incremental, vehicle moved, camera still:   \(context.figure(partial))"
        + String(format: ", %.0f× faster, %d rows", full / partial, rows / max(1, frames)))
  }

  /// The framebuffer's part: ARGB32 → RGB565 for a whole frame and for a 20-row change,
  /// against a plain copy of one frame's bytes (the least any display path must do).
  static func conversionSection(_ context: Context, console: Console) throws {
    let width = context.renderer.size.width
    let height = context.renderer.size.height
    let timing = try Framebuffer.benchmarkConversion(
      width: width, height: height, format: .rgb565, runs: 100 * context.runs)
    let bytes = width * height * 4
    let copy = context.memcpy
    let full = timing.fullConversion.seconds * 1e3
    let rows = timing.twentyRowUpdate.seconds * 1e3
    console.out(
      String(format: "  memcpy of one frame (%d bytes):         %6.3f ms median", bytes, copy))
    console.out(
      String(
        format: "  to RGB565, full frame:                      %6.3f ms median (%.1f× a memcpy)",
        full, full / copy))
    console.out(
      String(
        format: "  to RGB565, 20 changed rows (all compared):  %6.3f ms median (%.1f× a memcpy)",
        rows, rows / copy))
  }

  /// Median milliseconds to copy one `width` × `height` ARGB32 frame's bytes.
  static func frameCopy(width: Int, height: Int, runs: Int) -> Double {
    let bytes = width * height * 4
    let source = [UInt8](repeating: 0x5A, count: bytes)
    var target = [UInt8](repeating: 0, count: bytes)
    let clock = ContinuousClock()
    var copies: [Double] = []
    for _ in 0..<runs {
      copies.append(
        clock.measure {
          target.withUnsafeMutableBytes { to in
            source.withUnsafeBytes { from in
              to.baseAddress!.copyMemory(from: from.baseAddress!, byteCount: bytes)
            }
          }
        }.seconds * 1e3)
    }
    copies.sort()
    return copies[copies.count / 2]
  }
}

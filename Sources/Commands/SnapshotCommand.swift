import Board
import Foundation
import HeadUnit
import MapFile
import Navigation
import Rendering
import Routing
import Templates

/// `headunit snapshot --route R --track T --at SECONDS [--size WxH] [--theme day|night]
/// [--out FILE.png] [--framebuffer DEVICE]` (at least one of `--out` and `--framebuffer`)
public enum SnapshotCommand {
  static let help = """
    usage: headunit snapshot --route FILE --track FILE --at SECONDS
                             [--out FILE.png] [--framebuffer DEVICE]
                             [--size WxH] [--theme day|night] [--north-up] [--muted]
                             [--lang CODE] [--units metric|imperial]

    Replays a recorded drive through the navigation session up to SECONDS after its first
    fix and draws the navigation screen as it is at that moment into a PNG file, onto a
    framebuffer, or both (at least one of --out and --framebuffer).
      --out FILE.png        write the screen as a PNG file
      --framebuffer DEVICE  show it on a framebuffer, e.g. /dev/fb0 (a frame of
                            another size than the screen is centred and cropped)
      --size WxH            screen size, 200 to 4096 each (default 800x480; laid out
                            for 320x240, 480x320, 1024x600, 1280x720, 1280x400,
                            1920x720, 768x1024; others take the nearest of those)
      --theme T             day (default) or night
      --north-up            north up instead of the direction of travel
      --muted               show voice guidance as muted
      --lang CODE           screen language: \(Phrasebook.supportedLanguages.joined(separator: ", ")) (default en)
      --units U             metric (default) or imperial (in English, the 12-hour clock)
    """

  static func run(_ words: [String], console: Console) throws -> HeadUnitCommand.Status {
    guard
      let args = try Arguments.unlessHelp(
        words,
        options: [
          "route", "track", "at", "size", "theme", "out", "framebuffer", "lang", "units",
        ],
        flags: ["north-up", "muted", "help"], help: help, console: console)
    else { return .success }
    try args.noPositional("snapshot")
    let out = args.value("out")
    let device = args.value("framebuffer")
    guard out != nil || device != nil else { throw UsageError("missing --out or --framebuffer") }
    let atText = try args.required("at")
    guard let seconds = Double(atText), seconds.isFinite else {
      throw UsageError("--at must be a number of seconds, not '\(atText)'")
    }
    let size = try self.size(args)
    let theme = try self.theme(args)
    let phrases = try ReplayCommand.phrasebook(args)
    let routePath = try args.required("route")
    let trackPath = try args.required("track")
    if let out { try OutputFile.check(out, notOver: [routePath, trackPath]) }
    let route = try ReplayCommand.loadRoute(URL(fileURLWithPath: routePath))
    let track = try ReplayCommand.loadTrack(URL(fileURLWithPath: trackPath), console: console)
    try DriveCheck.moment(seconds, text: atText, within: track.fixes)
    if let warning = DriveCheck.mismatch(
      route: route, routePath: routePath, fixes: track.fixes, trackPath: trackPath)
    {
      console.err(warning)
    }
    guard
      let (first, instant) = ScreenReplay(route: route, fixes: track.fixes, phrases: phrases)
        .models(at: [seconds]).first
    else { throw UsageError("the track holds no fixes") }
    var model = first
    model.theme = theme
    model.isMuted = args.flag("muted")
    model.template = .guidance(muted: model.isMuted, text: phrases.screenText)
    if args.flag("north-up") { model.camera.orientation = .northUp }
    model.mapSpeedLimit = Self.mapSpeedLimit(model)
    let renderer = try NavigationRenderer(size: size)
    console.err("headunit: " + DisplayProfile.note(for: size))
    renderer.render(model.scene(at: instant, size: size))
    if let out { try OutputFile.write(out) { try renderer.writePNG(to: $0) } }
    if let device { try present(renderer, on: device, console: console) }
    let targets = [out, device].compactMap { $0 }.joined(separator: ", ")
    console.out("snapshot at \(atText) s (\(model.state)), \(size), \(theme.name): \(targets)")
    return .success
  }

  /// Shows the renderer's current frame on the framebuffer at `path`; what it shows stays
  /// after the command exits. Size mismatches are reported on stderr.
  static func present(
    _ renderer: NavigationRenderer, on path: String, console: Console
  ) throws {
    let framebuffer = try Framebuffer(path: path, notice: { console.err("headunit: \($0)") })
    _ = try renderer.withPixels { pixels, width, height, stride in
      try framebuffer.present(pixels, width: width, height: height, stride: stride)
    }
  }

  public static func size(_ args: Arguments) throws(UsageError) -> ScreenSize {
    guard let text = args.value("size") else { return .standard }
    guard let size = ScreenSize(text) else {
      throw UsageError("--size must be WIDTHxHEIGHT from 200 to 4096 each, not '\(text)'")
    }
    return size
  }

  static func theme(_ args: Arguments) throws(UsageError) -> Theme {
    let name = args.value("theme") ?? "day"
    guard let theme = Theme.named(name) else {
      throw UsageError("--theme must be day or night, not '\(name)'")
    }
    return theme
  }

  /// The embedded map's limit for the road under the vehicle at the model's latest update,
  /// in its direction of travel; nil off that map or when it does not know one.
  static func mapSpeedLimit(_ model: NavigationScreenModel) -> SpeedLimit? {
    guard let update = model.latest, let url = EmbeddedData.mapURL,
      let map = try? RoadMap(contentsOf: url)
    else { return nil }
    let heading = model.route.guidance.line.bearing(at: update.offset)
    return map.drivenEdge(near: update.position, heading: heading).flatMap {
      map.speedLimit(ofEdge: $0)
    }
  }
}

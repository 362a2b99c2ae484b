import Foundation
import Navigation
import Rendering
import Templates

/// `headunit snapshot --route R --track T --at SECONDS [--size WxH] [--theme day|night]
/// --out FILE.png`
enum SnapshotCommand {
  static let help = """
    usage: headunit snapshot --route FILE --track FILE --at SECONDS --out FILE.png
                             [--size WxH] [--theme day|night] [--north-up] [--muted]
                             [--lang CODE] [--units metric|imperial]

    Replays a recorded drive through the navigation session up to SECONDS after its first
    fix and draws the navigation screen as it is at that moment into a PNG file.
      --size WxH    screen size (default 800x480; also 748x456, 768x1024, 1920x720…)
      --theme T     day (default) or night
      --north-up    north up instead of the direction of travel
      --muted       show voice guidance as muted
    """

  static func run(_ words: [String], console: Console) throws -> HeadUnitCommand.Status {
    let args = try Arguments(
      words, options: ["route", "track", "at", "size", "theme", "out", "lang", "units"],
      flags: ["north-up", "muted", "help"])
    if args.flag("help") {
      console.out(help)
      return .success
    }
    try args.noPositional("snapshot")
    let out = try args.required("out")
    let atText = try args.required("at")
    guard let seconds = Double(atText), seconds >= 0, seconds.isFinite else {
      throw UsageError("--at must be a number of seconds ≥ 0, not '\(atText)'")
    }
    let size = try self.size(args)
    let theme = try self.theme(args)
    let phrases = try ReplayCommand.phrasebook(args)
    let route = try ReplayCommand.loadRoute(URL(fileURLWithPath: try args.required("route")))
    let track = try ReplayCommand.loadTrack(
      URL(fileURLWithPath: try args.required("track")), console: console)
    guard
      var (model, instant) = ScreenReplay(route: route, fixes: track.fixes, phrases: phrases)
        .models(at: [seconds]).first
    else { throw UsageError("the track holds no fixes") }
    model.theme = theme
    model.isMuted = args.flag("muted")
    model.template = .guidance(muted: model.isMuted)
    if args.flag("north-up") { model.camera.orientation = .northUp }
    let renderer = try NavigationRenderer(size: size)
    renderer.render(model.scene(at: instant, size: size))
    try renderer.writePNG(to: out)
    console.out("snapshot at \(atText) s (\(model.state)), \(size), \(theme.name): \(out)")
    return .success
  }

  static func size(_ args: Arguments) throws(UsageError) -> ScreenSize {
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
}

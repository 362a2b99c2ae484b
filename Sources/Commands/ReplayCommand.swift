import Foundation
import HeadUnit
import Maneuvers
import Navigation
import Readers
import Routing

/// `headunit replay --route FILE --track FILE [--map FILE] [--lang CODE]
/// [--units metric|imperial] [--json]`
public enum ReplayCommand {
  static let help = """
    usage: headunit replay --route FILE --track FILE [--map FILE] [--lang CODE] [--units metric|imperial] [--json]

    Runs a recorded drive through the navigation session as fast as possible and prints
    the guidance timeline. FILE formats: routes as OSRM/Valhalla JSON or GPX; tracks as
    NMEA 0183, gpsd JSON (gpspipe -w) or GPX.
      --map FILE    reroute with the offline router on this map file when the car
                    leaves the route (without it, guidance waits for the car to return)
      --lang CODE   prompt and screen language: \(Phrasebook.supportedLanguages.joined(separator: ", ")) (default en)
      --units U     metric (default) or imperial (feet and miles)
      --json        one JSON object per line instead of text
    """

  static func run(_ words: [String], console: Console) throws -> HeadUnitCommand.Status {
    guard
      let args = try Arguments.unlessHelp(
        words, options: ["route", "track", "map", "lang", "units"], flags: ["json", "help"],
        help: help, console: console)
    else { return .success }
    try args.noPositional("replay")
    let phrases = try phrasebook(args)
    let routePath = try args.required("route")
    let trackPath = try args.required("track")
    let route = try loadRoute(URL(fileURLWithPath: routePath))
    let track = try loadTrack(URL(fileURLWithPath: trackPath), console: console)
    if let warning = DriveCheck.mismatch(
      route: route, routePath: routePath, fixes: track.fixes, trackPath: trackPath)
    {
      console.err(warning)
    }
    var router: Replay.Router?
    if let path = args.value("map") {
      let offline = Router(graph: try RouteCommand.loadMap(path))
      router = { request in Rerouting.answer(request, using: offline) }
    }
    let timeline = Replay(route: route, fixes: track.fixes, phrases: phrases, router: router)
      .run()
    print(timeline, json: args.flag("json"), console: console)
    return .success
  }

  /// The phrasebook for `--lang` and `--units`.
  static func phrasebook(_ args: Arguments) throws -> Phrasebook {
    let units: UnitSystem
    switch args.value("units") ?? "metric" {
    case "metric": units = .metric
    case "imperial": units = .imperial
    case let other: throw UsageError("--units must be metric or imperial, not '\(other)'")
    }
    return try Phrasebook(language: args.value("lang") ?? "en", units: units)
  }

  public static func loadRoute(_ url: URL) throws -> Route {
    try RouteReader.firstRoute(contentsOf: url)
  }

  static func loadTrack(_ url: URL, console: Console) throws -> TrackReadResult {
    let track = try TrackReader.read(contentsOf: url)
    if track.badSentences > 0 {
      let first = track.firstProblem.map { " (first: \($0))" } ?? ""
      console.err(
        "headunit: note: skipped \(track.badSentences) bad record(s) in \(url.path)\(first)")
    }
    return track
  }

  static func print(_ timeline: [TimelineEntry], json: Bool, console: Console) {
    for entry in timeline {
      console.out(json ? entry.json.serialized : entry.text)
    }
  }
}

import Foundation
import Navigation

/// `headunit demo [--drive NAME] [--lang CODE] [--units U] [--out DIR] [--json]`
enum DemoCommand {
  static let help = """
    usage: headunit demo [--drive NAME] [--lang CODE] [--units metric|imperial] [--out DIR] [--json]

    Replays a drive embedded in the program (central Helsinki; OpenStreetMap data
    © OpenStreetMap contributors, ODbL) through route matching, the navigation session
    and voice prompts, with no hardware, and prints the timeline. The JSON timeline is
    also written to DIR/timeline.jsonl (default ./demo-out).
      --drive NAME  one of the embedded drives (default \(EmbeddedData.defaultDrive)):
                    \(EmbeddedData.drives.joined(separator: ", "))
    """

  static func run(_ words: [String], console: Console) throws -> HeadUnitCommand.Status {
    let args = try Arguments(
      words, options: ["drive", "lang", "units", "out"], flags: ["json", "help"])
    if args.flag("help") {
      console.out(help)
      return .success
    }
    try args.noPositional("demo")
    let drive = args.value("drive") ?? EmbeddedData.defaultDrive
    guard EmbeddedData.drives.contains(drive),
      let routeURL = EmbeddedData.routeURL(forDrive: drive),
      let trackURL = EmbeddedData.trackURL(forDrive: drive)
    else {
      throw UsageError(
        "no embedded drive '\(drive)' (expected one of: \(EmbeddedData.drives.joined(separator: ", ")))"
      )
    }
    let phrases = try ReplayCommand.phrasebook(args)
    let route = try ReplayCommand.loadRoute(routeURL)
    let track = try ReplayCommand.loadTrack(trackURL, console: console)

    let out = URL(fileURLWithPath: args.value("out") ?? "demo-out", isDirectory: true)
    let timeline = Replay(route: route, fixes: track.fixes, phrases: phrases).run()
    console.out(
      "headunit demo: \(drive), \(track.fixes.count) fixes, \(route.steps.count) steps, language \(phrases.language)"
    )
    ReplayCommand.print(timeline, json: args.flag("json"), console: console)
    do {
      try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
      let lines = timeline.map { $0.json.serialized + "\n" }.joined()
      try Data(lines.utf8).write(to: out.appendingPathComponent("timeline.jsonl"), options: .atomic)
      console.out("timeline written to \(out.appendingPathComponent("timeline.jsonl").path)")
    } catch {
      console.err("headunit: cannot write to \(out.path): \(error.localizedDescription)")
      return .failure
    }
    return .success
  }
}

import Audio
import Foundation
import HeadUnit
import Maneuvers
import Navigation
import Routing

/// `headunit demo [--drive NAME] [--lang CODE] [--units U] [--out DIR] [--json]`
enum DemoCommand {
  static let help = """
    usage: headunit demo [--drive NAME] [--lang CODE] [--units metric|imperial] [--out DIR] [--json]

    Replays a drive embedded in the program (central Helsinki; OpenStreetMap data
    © OpenStreetMap contributors, ODbL) through the car's own core — the built-in app,
    the navigation session, the screens and the voice prompts — with no hardware, on a
    virtual clock, and prints the timeline (the same as `replay --map` on the embedded
    map: a drive that leaves the route is rerouted, as in the car). The JSON timeline is
    also written to DIR/timeline.jsonl (default ./demo-out), and the prompts as a person
    would hear them to DIR/voice.wav: spoken by espeak-ng in the demo's language, each
    after a short chime at its time in the drive, silence between, one due while another
    plays right after it — unless it is a final prompt, which cuts a less urgent one off
    (the prompt player's rules). 16-bit mono WAV as long as the drive; skipped, with a
    note, when espeak-ng cannot be used. The navigation screen at each key moment
    (depart, every maneuver, GPS outages, pauses, arrival) goes to DIR/frames/ and all of
    them, captioned, to DIR/contact-sheet.png.
      --drive NAME  one of the embedded drives (default \(EmbeddedData.defaultDrive)):
                    \(EmbeddedData.drives.joined(separator: ", "))
    """

  static func run(_ words: [String], console: Console) throws -> HeadUnitCommand.Status {
    guard
      let args = try Arguments.unlessHelp(
        words, options: ["drive", "lang", "units", "out"], flags: ["json", "help"], help: help,
        console: console)
    else { return .success }
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
    // As the car would: the embedded map answers when the drive leaves the route.
    let map = try RouteCommand.loadMap(nil)
    let router = Router(graph: map)
    let origin = track.fixes.first?.time ?? Date(timeIntervalSince1970: 0)
    let replay = Replay(
      route: route, fixes: track.fixes, phrases: phrases,
      router: { Rerouting.answer($0, using: router) })
    let outcome = replay.run(capturing: [])
    let timeline = outcome.timeline
    // What the replay's prompt sink was told, when: the voice the car would have spoken.
    let cues = outcome.prompts.map { prompt -> (t: Double, cue: PromptMixdown.Cue) in
      let t = prompt.at.timeIntervalSince(origin)
      switch prompt.cue {
      case .speak(let announcement): return (t, .announce(announcement))
      case .maneuverChanged(let next): return (t, .maneuverChanged(next: next))
      }
    }
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
    guard
      writeFrames(of: replay, timeline: timeline, to: out, console: console) == .success
    else { return .failure }
    return writeVoice(
      cues, length: timeline.last?.t ?? 0, language: phrases.language,
      to: out.appendingPathComponent("voice.wav"), console: console)
  }

  /// Renders the prompts the core handed the prompt player (`cues`, seconds from the first
  /// fix) with espeak-ng into `url`, `length` seconds long, and says where and how long;
  /// says the audio was skipped when espeak-ng is unavailable. Blocks while it synthesizes.
  static func writeVoice(
    _ cues: [(t: Double, cue: PromptMixdown.Cue)], length: Double, language: String,
    to url: URL, console: Console
  ) -> HeadUnitCommand.Status {
    let mixdown: PromptMixdown
    do {
      let synthesizer = try EspeakSynthesizer()
      mixdown = try PromptMixdown.render(
        cues, length: length, synthesizer: synthesizer, language: language,
        earcon: .chime)
    } catch {
      console.out("voice.wav skipped: espeak-ng cannot speak '\(language)': \(error.message)")
      return .success
    }
    do {
      try? FileManager.default.removeItem(at: url)
      let output = WAVFileOutput(url: url)
      try output.write(mixdown.samples, format: mixdown.format)
      output.close()
    } catch {
      console.err("headunit: cannot write \(url.path): \(error.message)")
      return .failure
    }
    let cut = mixdown.placements.filter(\.interrupted).count
    console.out(
      String(
        format:
          "voice written to %@: %.1f s, %d Hz mono 16-bit, %d prompts (%d cut off, %d dropped)",
        url.path, mixdown.duration, mixdown.format.sampleRate, mixdown.placements.count, cut,
        mixdown.dropped.count))
    for drop in mixdown.dropped {
      let why: String
      switch drop.reason {
      case .passed: why = "its maneuver was passed before it could play"
      case .superseded(let by): why = "superseded by prompt \(by)"
      case .muted: why = "muted"
      case .failed(let error): why = "failed: \(error.message)"
      case .shutdown: why = "the player closed"
      }
      let covered = drop.announcement.maneuvers.map(String.init).joined(separator: "+")
      console.out(
        String(format: "  dropped %@ (%.1f s) ", drop.id.description, drop.due)
          + "[\(drop.announcement.stage.rawValue) \(covered)] \"\(drop.announcement.text)\": \(why)"
      )
    }
    return .success
  }
}

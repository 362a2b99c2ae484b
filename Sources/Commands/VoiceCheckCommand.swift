import Audio
import Foundation
import HeadUnit
import JSON
import Navigation

/// `headunit voice-check [--lang CODE|all] [--out DIR] [--config FILE | --rate WPM --gain G]`:
/// renders every kind of prompt the guidance can give, as the player would play it, writes
/// each to a WAV file, measures it and checks it.
enum VoiceCheckCommand {
  static let help = """
    usage: headunit voice-check [--lang CODE|all] [--out DIR] [--config FILE | --rate WPM --gain G]
                                [--pitch P] [--amplitude A]

    Synthesizes every kind of prompt the guidance can give in a language — each maneuver
    the phrasebook words differently, without and with a road name, early prompts at
    several distances, depart in each direction, arrivals, "then" chains, continue-for —
    applies the gain as the prompt player does (above 1 through its limiter), writes each
    to DIR/LANG/NAME.wav (16-bit mono) and prints a table: duration, synthesis time, time
    to the first sample, peak and RMS level, clipped samples, the limiter's deepest gain
    reduction. Exits 1 when a prompt is silent (RMS below \(Int(VoiceCheck.silenceThreshold)) dBFS), clips, or is a
    final prompt longer than \(VoicePrompt.finalLimit) s for each maneuver it announces.
      --lang CODE   \(Phrasebook.supportedLanguages.joined(separator: ", ")), or all (default en)
      --out DIR     where the WAV files go (default ./voice-check-out)
      --config FILE the daemon's configuration: its audio.rate (per language) and
                    audio.volume, as the car would speak
      --rate, --gain, --pitch, --amplitude   as for `headunit say`
    """

  static func run(_ words: [String], console: Console) throws -> HeadUnitCommand.Status {
    guard
      let args = try Arguments.unlessHelp(
        words, options: SayCommand.voiceOptions.union(["lang", "out", "config"]),
        flags: ["help"], help: help, console: console)
    else { return .success }
    try args.noPositional("voice-check")
    let requested = args.value("lang") ?? "en"
    let languages =
      requested == "all"
      ? Phrasebook.supportedLanguages : [try Phrasebook(language: requested).language]
    var settings = try SayCommand.settings(args)
    var gain = try SayCommand.gain(args)
    if let path = args.value("config") {
      guard args.value("rate") == nil && args.value("gain") == nil else {
        throw UsageError(
          "voice-check: --config sets the rate and the gain; give it or --rate and --gain")
      }
      do {
        let audio = try DaemonConfiguration(contentsOf: path).audio
        settings.rates = audio.speechRates.byLanguage
        gain = audio.volume
      } catch {
        console.err("headunit: \(error.message)")
        return .usage
      }
    }
    let out = URL(fileURLWithPath: args.value("out") ?? "voice-check-out", isDirectory: true)

    let synthesizer: EspeakSynthesizer
    do {
      synthesizer = try EspeakSynthesizer(settings: settings)
    } catch {
      console.err("headunit: \(error.message)")
      return .failure
    }
    let check = VoiceCheck(synthesizer: synthesizer, gain: gain)
    var summaries: [String] = []
    var failures = 0
    for language in languages {
      let phrases = try Phrasebook(language: language)
      let prompts = VoicePromptInventory.prompts(phrases)
      let directory = out.appendingPathComponent(language, isDirectory: true)
      do {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      } catch {
        console.err("headunit: cannot create \(directory.path): \(error.localizedDescription)")
        return .failure
      }
      let voice = try synthesizer.voice(for: language)
      console.out(
        "voice-check \(language): voice \(voice.name), \(voice.rate) wpm, pitch \(settings.pitch), amplitude \(settings.amplitude), gain \(JSONValue.format(gain)), \(prompts.count) prompts → \(directory.path)"
      )
      console.out(header)
      var results: [VoiceCheck.Result] = []
      for prompt in prompts {
        let result: VoiceCheck.Result
        do throws(AudioError) {
          result = try check.run(prompt, language: language)
          try WAVFile(format: synthesizer.format, samples: result.samples)
            .write(to: directory.appendingPathComponent(prompt.name + ".wav"))
        } catch {
          console.err("headunit: voice-check \(language) \(prompt.name): \(error.message)")
          return .failure
        }
        console.out(row(result))
        results.append(result)
      }
      let bad = results.filter { !$0.problems.isEmpty }
      failures += bad.count
      let summary = summary(language, results)
      summaries.append(summary)
      console.out(summary)
      for result in bad {
        console.err(
          "headunit: voice-check \(language) \(result.prompt.name): "
            + result.problems.map(\.description).joined(separator: ", ")
            + " — \"\(result.prompt.text)\"")
      }
    }
    if languages.count > 1 {
      console.out("")
      summaries.forEach(console.out)
    }
    console.out(
      failures == 0
        ? "voice-check: all prompts pass"
        : "voice-check: \(failures) prompt(s) fail (see standard error)")
    return failures == 0 ? .success : .failure
  }

  static let header =
    pad("name", 42) + " " + pad("stage", 8) + " " + right("dur s", 6) + " " + right("synth ms", 8)
    + " " + right("first ms", 8) + " " + right("peak dB", 7) + " " + right("RMS dB", 7) + " "
    + right("clipped", 7) + " " + right("limit dB", 8) + "  check"

  /// One table line.
  static func row(_ result: VoiceCheck.Result) -> String {
    let stats = result.statistics
    let first = result.firstSampleTime.map { String(format: "%.1f", $0 * 1e3) } ?? "-"
    let check =
      result.problems.isEmpty ? "ok" : result.problems.map(\.description).joined(separator: ", ")
    return pad(result.prompt.name, 42) + " " + pad(result.prompt.stageLabel, 8) + " "
      + right(String(format: "%.2f", stats.duration), 6) + " "
      + right(String(format: "%.1f", result.synthesisTime * 1e3), 8) + " " + right(first, 8) + " "
      + right(decibels(stats.peakDBFS), 7) + " " + right(decibels(stats.rmsDBFS), 7) + " "
      + right(String(stats.clippedSamples), 7) + " "
      + right(String(format: "%.1f", result.limiting), 8) + "  " + check
  }

  /// The language's line at the end: counts and the longest final prompts.
  static func summary(_ language: String, _ results: [VoiceCheck.Result]) -> String {
    let finals = results.filter { $0.prompt.stage == .final }
    let single = finals.filter { $0.prompt.maneuvers == 1 }
      .max { $0.statistics.duration < $1.statistics.duration }
    let chain = finals.filter { $0.prompt.maneuvers > 1 }
      .max {
        $0.statistics.duration / Double($0.prompt.maneuvers) < $1.statistics.duration
          / Double($1.prompt.maneuvers)
      }
    let failed = results.filter { !$0.problems.isEmpty }.count
    let firsts = results.compactMap(\.firstSampleTime).sorted()
    var line = "\(language): \(results.count) prompts, \(failed) failing"
    if let single {
      line += String(
        format: "; longest final %@ %.2f s (limit %.1f)", single.prompt.name,
        single.statistics.duration, VoicePrompt.finalLimit)
    }
    if let chain {
      line += String(
        format: "; longest chain %@ %.2f s (limit %.1f)", chain.prompt.name,
        chain.statistics.duration, chain.prompt.maximumDuration ?? 0)
    }
    if let worst = firsts.last {
      line += String(
        format: "; first sample median %.1f ms, max %.1f ms", firsts[firsts.count / 2] * 1e3,
        worst * 1e3)
    }
    let limited = results.filter { $0.limiting < 0 }
    if let deepest = limited.map(\.limiting).min() {
      let times = results.map(\.gainTime).sorted()
      line += String(
        format: "; limiter on %d, at most %.1f dB, %.2f ms a prompt (median)", limited.count,
        deepest, times[times.count / 2] * 1e3)
    }
    return line
  }

  static func seconds(_ d: Duration) -> Double {
    Double(d.components.seconds) + Double(d.components.attoseconds) * 1e-18
  }

  private static func pad(_ text: String, _ width: Int) -> String {
    text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
  }

  private static func right(_ text: String, _ width: Int) -> String {
    text.count >= width ? text : String(repeating: " ", count: width - text.count) + text
  }

  private static func decibels(_ value: Double) -> String {
    value.isFinite ? String(format: "%.1f", value) : "-inf"
  }
}

import Audio
import Foundation
import HeadUnit
import JSON
import Navigation

/// `headunit say TEXT [--lang CODE] [--device PCM | --wav FILE] [--rate WPM] [--pitch P]
/// [--gain G] [--amplitude A]`: speaks a phrase with the in-process espeak-ng voice.
enum SayCommand {
  static let help = """
    usage: headunit say TEXT [--lang CODE] [--device PCM | --wav FILE] [--rate WPM] [--pitch P] [--gain G] [--amplitude A]

    Speaks TEXT (UTF-8; several words need no quotes) with the in-process espeak-ng voice,
    on an ALSA device or into a WAV file (16-bit mono, 22050 Hz).
      --lang CODE   \(Phrasebook.supportedLanguages.joined(separator: ", ")) (default en)
      --device PCM  ALSA PCM to play on (default "default")
      --wav FILE    write the speech to FILE instead of playing it
      --rate WPM    words per minute, \(rates) (default per language, \(defaultRates))
      --pitch P     base pitch 0…100 (default 50)
      --gain G      gain 0…2 on the speech, as the configuration's audio.volume: above 1
                    through the player's limiter, never clipping (default 1)
      --amplitude A espeak-ng's own amplitude 0…200 (default 100; above it espeak-ng
                    itself may clip)
    """

  /// The longest text spoken at once: a paragraph, far beyond any prompt, and a bound on
  /// the samples held in memory.
  static let longestText = 2_000

  static let rates =
    "\(EspeakSynthesizer.Settings.rates.lowerBound)…\(EspeakSynthesizer.Settings.rates.upperBound)"
  static let defaultRates = EspeakSynthesizer.defaultRates.sorted { $0.key < $1.key }
    .map { "\($0.key) \($0.value)" }.joined(separator: ", ")

  static func run(_ words: [String], console: Console) throws -> HeadUnitCommand.Status {
    guard
      let args = try Arguments.unlessHelp(
        words, options: voiceOptions.union(["lang", "device", "wav"]), flags: ["help"],
        help: help, console: console)
    else { return .success }
    let text = args.positional.joined(separator: " ").trimmingCharacters(in: .whitespaces)
    guard !text.isEmpty else { throw UsageError("say: what should it say? (headunit say TEXT)") }
    guard text.count <= Self.longestText else {
      throw UsageError(
        "say: the text is \(text.count) characters; at most \(Self.longestText) are spoken at once")
    }
    guard text.contains(where: { $0.isLetter || $0.isNumber }) else {
      throw UsageError("say: the text has no letters or digits to speak")
    }
    if let path = args.value("wav") { try OutputFile.check(path) }
    if args.value("device") != nil && args.value("wav") != nil {
      throw UsageError("say: --device plays, --wav writes a file; give one of them")
    }
    let language = try Phrasebook(language: args.value("lang") ?? "en").language
    let settings = try self.settings(args)
    let gain = try self.gain(args)
    let synthesizer: EspeakSynthesizer
    do {
      synthesizer = try EspeakSynthesizer(settings: settings)
    } catch {
      console.err("headunit: \(error.message)")
      return .failure
    }
    let voice = try synthesizer.voice(for: language)

    if let path = args.value("wav") {
      let url = URL(fileURLWithPath: path)
      var samples: [Int16] = []
      do throws(AudioError) {
        try synthesizer.synthesize(text, language: language) { chunk in
          samples.append(contentsOf: chunk)
          return true
        }
      } catch {
        console.err("headunit: say: \(error.message)")
        return .failure
      }
      guard samples.contains(where: { abs(Int($0)) > 64 }) else {
        throw UsageError("say: the text gives no speech (no letters or digits espeak-ng can say)")
      }
      samples = PeakLimiter.applying(gain, to: samples, sampleRate: synthesizer.format.sampleRate)
      let wav = WAVFile(format: synthesizer.format, samples: samples)
      do {
        try OutputFile.write(path) { temporary throws(AudioError) in
          try wav.write(to: URL(fileURLWithPath: temporary))
        }
      } catch let error as AudioError {
        console.err("headunit: say: \(error.message)")
        return .failure
      }
      let seconds = Double(samples.count) / Double(synthesizer.format.sampleRate)
      console.out(
        String(
          format: "wrote %@: %.2f s, %d Hz mono, voice %@ at %d wpm", url.path, seconds,
          synthesizer.format.sampleRate, voice.name, voice.rate))
      return .success
    }
    let device = args.value("device") ?? "default"
    return play(
      text, language: language, on: device, synthesizer: synthesizer, gain: gain,
      console: console)
  }

  /// Speaks `text` on the ALSA PCM `device`, writing each chunk as it is synthesized, and
  /// waits until it has played.
  static func play(
    _ text: String, language: String, on device: String, synthesizer: EspeakSynthesizer,
    gain: Double, console: Console
  ) -> HeadUnitCommand.Status {
    let clock = ContinuousClock()
    let start = clock.now
    var frames = 0
    var limiter = PeakLimiter(gain: gain, sampleRate: synthesizer.format.sampleRate)
    do throws(AudioError) {
      let output = try ALSAOutput(device: device)
      defer { output.close() }
      var failure: AudioError?
      func write(_ samples: [Int16]) throws(AudioError) {
        guard !samples.isEmpty else { return }
        try output.write(samples, format: synthesizer.format)
        frames += samples.count / synthesizer.format.channels
      }
      try synthesizer.synthesize(text, language: language) { chunk in
        do throws(AudioError) {
          try write(limiter.process(chunk))
          return true
        } catch {
          failure = error
          return false
        }
      }
      if let failure { throw failure }
      try write(limiter.flush())
      try output.drain()
    } catch {
      // The daemon's wording adds that prompts show on screen; here nothing does.
      let reason = error.message.components(separatedBy: " — prompts on screen").first
      console.err("headunit: say: spoke nothing on '\(device)': \(reason ?? error.message)")
      return .failure
    }
    guard frames > 0 else {
      console.err("headunit: say: spoke nothing on '\(device)': no sound was written")
      return .failure
    }
    console.out(
      String(
        format: "said %.2f s on %@ (%.2f s with synthesis and playback)",
        Double(frames) / Double(synthesizer.format.sampleRate), device,
        VoiceCheckCommand.seconds(start.duration(to: clock.now))))
    return .success
  }

  /// The options of the voice `say` and `voice-check` share; `volume` only to say what
  /// took its place.
  static let voiceOptions: Set<String> = ["rate", "pitch", "gain", "amplitude", "volume"]

  /// The voice settings from `--rate`, `--pitch` and `--amplitude`.
  static func settings(_ args: Arguments) throws(UsageError) -> EspeakSynthesizer.Settings {
    typealias Settings = EspeakSynthesizer.Settings
    if args.value("volume") != nil {
      throw UsageError(
        "--volume is ambiguous and no longer taken: --gain G is the configuration's gain "
          + "(audio.volume, 0–2), --amplitude A espeak-ng's amplitude (0–200)")
    }
    let rate: Int? =
      args.value("rate") == nil ? nil : try args.int("rate", default: 0, range: Settings.rates)
    return Settings(
      rate: rate, pitch: try args.int("pitch", default: 50, range: Settings.pitches),
      amplitude: try args.int("amplitude", default: 100, range: Settings.amplitudes))
  }

  /// `--gain`: the gain on the speech, in the configuration's range; 1 without it.
  static func gain(_ args: Arguments) throws(UsageError) -> Double {
    guard let text = args.value("gain") else { return 1 }
    let range = PeakLimiter.gains
    guard let gain = Double(text), range.contains(gain) else {
      throw UsageError(
        "--gain must be a number from \(JSONValue.format(range.lowerBound)) to "
          + "\(JSONValue.format(range.upperBound)), not '\(text)'")
    }
    return gain
  }
}

import Foundation
import Navigation

/// Speech from espeak-ng, synthesized in process: the first samples of a prompt come out
/// after one clause is translated, with no process to start.
///
/// All synthesizers share the process's one espeak-ng (`EspeakEngine`): synthesis is
/// serialized, one utterance at a time, and runs on the thread that calls `synthesize`.
/// Output is mono S16 at espeak-ng's rate (22050 Hz).
public struct EspeakSynthesizer: SpeechSynthesizer {
  /// How the voice speaks.
  public struct Settings: Hashable, Sendable {
    /// Words per minute (80…450) by phrasebook language code ("en"); a language not
    /// listed speaks at its `defaultRates` entry.
    public var rates: [String: Int]
    /// Base pitch, 0…100 (50 is the voice's normal).
    public var pitch: Int
    /// espeak-ng's amplitude, 0…200 (100 is normal): how loud espeak-ng itself
    /// synthesizes. Not the gain the prompt player applies (`audio.volume`,
    /// `voice-check --gain`); above 100 espeak-ng may clip, which nothing downstream
    /// can undo.
    public var amplitude: Int

    /// - Parameters:
    ///   - rate: Words per minute for every language; nil for each language's own.
    ///   - rates: Words per minute by language, over `rate`.
    public init(rate: Int? = nil, rates: [String: Int] = [:], pitch: Int = 50, amplitude: Int = 100)
    {
      var all: [String: Int] = [:]
      if let rate { for code in EspeakSynthesizer.voices.keys { all[code] = rate } }
      self.rates = all.merging(rates) { $1 }
      self.pitch = pitch
      self.amplitude = amplitude
    }

    /// The accepted ranges, as espeak-ng documents them.
    public static let rates = 80...450
    public static let pitches = 0...100
    public static let amplitudes = 0...200
  }

  /// The espeak-ng voice for each phrasebook language.
  ///
  /// English is "en" (British, as the phrasebook spells it); "en-US" asks for "en-us".
  /// Chinese is "cmn-latn-pinyin", not "cmn": in espeak-ng 1.51 (Debian 12, Raspberry Pi
  /// OS bookworm) "cmn" turns characters into tone-numbered pinyin and then reads that
  /// as English ("左转" comes out as "zuo three zhuan three"; espeak-ng issues #1236,
  /// #1370), while "cmn-latn-pinyin" reads the same pinyin as Mandarin.
  public static let voices: [String: String] = [
    "de": "de", "en": "en", "es": "es", "it": "it", "ru": "ru", "zh": "cmn-latn-pinyin",
  ]

  /// Words per minute for each language when `Settings.rate` is nil.
  ///
  /// The slowest rate, in steps of 5, at which every final prompt (the one a driver hears
  /// a few seconds before the maneuver) lasts at most 3.45 s, road name included, as
  /// `headunit voice-check` measures it: 3.5 s is the limit, and espeak-ng carries state
  /// from one utterance to the next, so the same prompt varies by up to 60 ms with what
  /// was said before it. espeak-ng's normal rate is 175; what forces each language up is
  /// its longest maneuver phrase with the longest road name (Töölönlahdenkatu):
  /// - it 180: "Alla rotonda prendi la seconda uscita e imbocca …"
  /// - de 195: "In den Kreisverkehr einfahren und auf … ausfahren"
  /// - es 195: "En la bifurcación, mantente a la izquierda hacia …"
  /// - en 205: "Enter the roundabout and take the second exit onto …"
  /// - zh 260: espeak-ng's Mandarin at 175 says about 3.3 syllables a second, slower than
  ///   people speak (4–5); at 260 it says "进入环岛，从第三个出口驶出，进入…" at about 4.8
  /// - ru 195: "На кольце развернитесь, на …" (the phrasebook says "на кольце", as drivers
  ///   do, rather than the longer "на круговом движении")
  public static let defaultRates: [String: Int] = [
    "de": 195, "en": 205, "es": 195, "it": 180, "ru": 195, "zh": 260,
  ]

  public let format: AudioFormat
  public let settings: Settings

  private let engine: EspeakEngine

  /// Initializes espeak-ng (once per process) and checks `settings`.
  ///
  /// - Parameter dataPath: the `espeak-ng-data` directory or its parent; nil for
  ///   espeak-ng's default. A process has one: a second, different one is refused.
  /// - Throws: `AudioError` `.invalid` for settings out of range, `.unavailable` when
  ///   the espeak-ng data is missing.
  public init(settings: Settings = Settings(), dataPath: String? = nil) throws(AudioError) {
    for (code, rate) in settings.rates.sorted(by: { $0.key < $1.key }) {
      guard Self.voices[code] != nil else {
        throw AudioError(
          .invalid,
          "no espeak-ng voice for '\(code)' (expected one of: \(Self.voices.keys.sorted().joined(separator: ", ")))"
        )
      }
      guard Settings.rates.contains(rate) else {
        throw AudioError(
          .invalid,
          "speaking rate must be \(Settings.rates.lowerBound)…\(Settings.rates.upperBound) words per minute, not \(rate)"
        )
      }
    }
    guard Settings.pitches.contains(settings.pitch) else {
      throw AudioError(.invalid, "pitch must be 0…100, not \(settings.pitch)")
    }
    guard Settings.amplitudes.contains(settings.amplitude) else {
      throw AudioError(.invalid, "amplitude must be 0…200, not \(settings.amplitude)")
    }
    engine = .shared
    format = AudioFormat(sampleRate: try engine.start(dataPath: dataPath), channels: 1)
    self.settings = settings
  }

  /// The espeak-ng voice and rate for `language`, any form `Phrasebook` accepts ("en",
  /// "en-US", "de_DE", "cmn").
  ///
  /// - Throws: `AudioError` `.invalid` naming the supported languages.
  public func voice(for language: String) throws(AudioError) -> (name: String, rate: Int) {
    let code: String
    do {
      code = try Phrasebook(language: language).language
    } catch {
      throw AudioError(.invalid, error.message)
    }
    guard let name = Self.voices[code] else {
      throw AudioError(
        .invalid,
        "no espeak-ng voice for '\(language)' (expected one of: \(Self.voices.keys.sorted().joined(separator: ", ")))"
      )
    }
    let normalised = language.lowercased().replacingOccurrences(of: "_", with: "-")
    let voice = code == "en" && normalised.hasPrefix("en-us") ? "en-us" : name
    return (voice, settings.rates[code] ?? Self.defaultRates[code] ?? 175)
  }

  /// Synthesizes `text` (UTF-8, any script) in `language`; see `SpeechSynthesizer`.
  ///
  /// Blocks the calling thread for the utterance, and longer while another thread's
  /// utterance finishes. `chunk` gets about 50 ms of samples at a time on this thread,
  /// and must not call back into speech synthesis.
  ///
  /// - Throws: `AudioError` `.invalid` for an unknown language, `.unavailable` when its
  ///   voice is not installed, `.failed` when espeak-ng fails.
  public func synthesize(_ text: String, language: String, chunk: ([Int16]) -> Bool)
    throws(AudioError)
  {
    let voice = try voice(for: language)
    _ = try engine.synthesize(
      text, voice: voice.name, rate: voice.rate, pitch: settings.pitch,
      amplitude: settings.amplitude,
      chunk: chunk)
  }
}

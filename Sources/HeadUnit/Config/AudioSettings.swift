import Audio
import JSON

/// The `audio` section: where and how the voice prompts play.
public struct AudioSettings: ConfigurationSection {
  /// Whether prompts play at all.
  public var enabled = true
  /// The ALSA PCM prompts play on.
  public var device = "default"
  /// Gain on the prompts, 0–2; above 1 through the player's limiter, never clipping.
  public var volume = 1.0
  /// Whether guidance starts muted.
  public var muted = false
  /// Whether a chime plays before each prompt.
  public var earcon = true
  /// Words per minute for each language.
  public var speechRates = SpeechRates()

  /// Every setting at its default.
  public init() {}

  static let name = "audio"

  static var keys: [ConfigurationKey<Self>] {
    [
      .sectionSwitch("enabled", \.enabled),
      .text(
        "device", \.device,
        allowed: "an ALSA PCM name, not empty (`\"plughw:CARD=Headphones,DEV=0\"`)"),
      .number(
        "volume", \.volume, in: PeakLimiter.gains,
        doc: "gain on the prompts; above 1 a limiter holds peaks under −1 dBFS instead of "
          + "clipping them (`voice-check --gain` shows the result)"),
      .bool("muted", \.muted),
      .bool("earcon", \.earcon, doc: "the chime before a prompt"),
      ConfigurationKey(
        "rate",
        allowed: "an object of words per minute by language, each "
          + "\(EspeakSynthesizer.Settings.rates.lowerBound)–"
          + "\(EspeakSynthesizer.Settings.rates.upperBound) (`{\"en\": 210}`), a language "
          + "not named at its own rate; or one number for every language",
        doc: "`config check` refuses a rate at which a final prompt would last over "
          + "\(VoicePrompt.finalLimit) s",
        defaultText: "each language's own: "
          + SpeechRates().byLanguage.sorted { $0.key < $1.key }.map { "`\($0.key)` \($0.value)" }
          .joined(separator: ", "),
        shown: .init(text: { $0.speechRates.summary }),
        read: { settings, node throws(JSONError) in
          settings.speechRates = try SpeechRates(node: node)
        },
        write: { $0.speechRates.json }),
    ]
  }
}

import Audio

/// The `audio` section: where and how the voice prompts play.
public struct AudioSettings: ConfigurationSection {
  /// Whether prompts play at all.
  public var enabled = true
  /// The ALSA PCM prompts play on.
  public var device = "default"
  /// Gain on the prompts, 0–2.
  public var volume = 1.0
  /// Whether guidance starts muted.
  public var muted = false
  /// Whether a chime plays before each prompt.
  public var earcon = true
  /// Words per minute; `nil` for the language's own rate.
  public var speechRate: Int?

  /// Every setting at its default.
  public init() {}

  static let name = "audio"

  static var keys: [ConfigurationKey<Self>] {
    [
      .sectionSwitch("enabled", \.enabled),
      .text(
        "device", \.device,
        allowed: "an ALSA PCM name, not empty (`\"plughw:CARD=Headphones,DEV=0\"`)"),
      .number("volume", \.volume, in: 0...2, doc: "gain on the prompts"),
      .bool("muted", \.muted),
      .bool("earcon", \.earcon, doc: "the chime before a prompt"),
      .integer(
        "rate", \.speechRate, in: EspeakSynthesizer.Settings.rates, unit: "wpm",
        doc: "words per minute",
        none: "none: the language's own rate"),
    ]
  }
}

/// The `music` section: the unit's own music source (MPD), and how prompts lower it.
public struct MusicSettings: ConfigurationSection {
  /// Whether the unit has a music source: the Music button on the map, the strip, ducking.
  public var enabled = false
  /// MPD's host and port.
  public var host = "127.0.0.1"
  public var port = 6600
  /// How long one answer from MPD may take.
  public var timeout: Duration = .seconds(2)
  /// What prompts lower: MPD's own volume, an ALSA mixer element, or nothing.
  public var duck = "mpd"
  /// The ALSA mixer card and element lowered with `duck: "alsa"`.
  public var mixerCard = "default"
  public var mixerElement = "Music"
  /// Percentage points the music goes down while a prompt plays.
  public var duckPercent = 30

  /// Every setting at its default.
  public init() {}

  static let name = "music"

  static var keys: [ConfigurationKey<Self>] {
    [
      .sectionSwitch(
        "enabled", \.enabled,
        doc: "browse and play MPD's library from the map's Music button; prompts lower it"),
      .text("host", \.host, allowed: "a host name or address, not empty", doc: "MPD's"),
      .integer("port", \.port, in: 1...65_535),
      .duration(
        "timeoutSeconds", \.timeout, in: 1...60,
        doc: "how long one answer from MPD may take before it counts as gone"),
      .choice(
        "duck", \.duck, ["mpd", "alsa", "off"],
        doc: "what prompts lower: MPD's volume (`setvol`), the ALSA mixer element "
          + "`mixerElement` on `mixerCard`, or nothing"),
      .text("mixerCard", \.mixerCard, allowed: "an ALSA mixer name: `default`, `hw:0`"),
      .text("mixerElement", \.mixerElement, allowed: "a simple mixer element's name"),
      .integer(
        "duckPercent", \.duckPercent, in: 0...100, unit: "%",
        doc: "percentage points taken off the music while a prompt plays (100 silences it)"),
    ]
  }
}

/// The `trip` section: how the trip in progress is kept across a stop.
public struct TripSettings: ConfigurationSection {
  /// How old a saved trip may be and still resume at start-up; zero means never resume.
  public var resumeWithin: Duration = .seconds(30 * 60)
  /// How often the trip in progress is saved.
  public var saveInterval: Duration = .seconds(10)

  /// Every setting at its default.
  public init() {}

  static let name = "trip"

  static var keys: [ConfigurationKey<Self>] {
    [
      .duration(
        "resumeWithinMinutes", \.resumeWithin, in: 0...1440, unit: .minutes, zeroIsNever: true,
        doc: "how old a saved trip may be and still resume at start-up"),
      .duration(
        "saveIntervalSeconds", \.saveInterval, in: 1...300,
        doc: "how often the trip in progress is saved"),
    ]
  }
}

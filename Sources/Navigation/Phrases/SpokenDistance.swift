/// A distance as the voice says it: the words, and the distance they mean.
///
/// The words are rounded (see `Phrasebook.spokenDistance(_:)`), so `metres` differs from
/// the distance that was asked for; it is what a driver hears, for checking that the two
/// never differ by more than 25 % or 30 m.
public struct SpokenDistance: Hashable, Sendable {
  /// "300 metres", "a quarter mile", "1,5 Kilometern", "0.2 miles".
  public var words: String
  /// The distance `words` say, metres: 300, 402.336, 1500, 321.9.
  public var metres: Double
}

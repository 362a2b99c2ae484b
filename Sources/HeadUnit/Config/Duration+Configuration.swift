import JSON

extension Duration {
  /// The duration in seconds, as a number in the file: a duration read from a number of
  /// seconds gives that number back (dividing by 1e18 rounds once; multiplying by 1e-18,
  /// an inexact constant, can be off by one unit in the last place).
  var secondsInFile: Double {
    Double(components.seconds) + Double(components.attoseconds) / 1e18
  }

  /// The duration as a number of seconds for people: `10`, `1.5`.
  var secondsText: String { JSONValue.format(secondsInFile) }
}

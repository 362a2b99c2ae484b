import JSON

extension DaemonConfiguration {
  /// The configuration as a document, as `config defaults` prints it: keys in file order and
  /// `null` for fields set to none, which `init(json:)` reads back to an equal value as long
  /// as ``board`` is `nil`.
  ///
  /// `board` is always left out: resolved GPIO lines cannot be written back as the pins
  /// they were written with.
  public var document: JSONValue { json }
}

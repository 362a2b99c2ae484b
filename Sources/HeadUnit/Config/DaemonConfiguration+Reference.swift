extension DaemonConfiguration {
  /// The README's table of every key, made from the keys' descriptions: one row per key,
  /// dotted path, default and what it accepts, in file order.
  public static var referenceTable: String {
    let rows = keys.flatMap(\.rows).map {
      "| `\($0.key)` | \($0.defaultValue) | \($0.allowed) |"
    }
    return (["| key | default | allowed values |", "|---|---|---|"] + rows)
      .joined(separator: "\n")
  }
}

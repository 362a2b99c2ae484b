/// `headunit inputs [--config FILE]`: live encoder, button and power events.
enum InputsCommand {
  static func run(_ words: [String], console: Console) throws -> HeadUnitCommand.Status {
    throw UsageError("inputs: not available yet")
  }
}

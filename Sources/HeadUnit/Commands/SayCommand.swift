/// `headunit say`.
enum SayCommand {
  static func run(_ words: [String], console: Console) throws -> HeadUnitCommand.Status {
    throw UsageError("say: not available yet")
  }
}

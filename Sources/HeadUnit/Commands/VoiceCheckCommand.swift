/// `headunit voice-check`.
enum VoiceCheckCommand {
  static func run(_ words: [String], console: Console) throws -> HeadUnitCommand.Status {
    throw UsageError("voice-check: not available yet")
  }
}

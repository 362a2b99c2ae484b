/// `headunit bench speech`: prompt due → first frame written, in-process against spawning
/// `espeak-ng --stdout | aplay` per prompt.
enum SpeechBenchmark {
  static let help = ""
  static func run(_ args: Arguments, console: Console) throws -> HeadUnitCommand.Status {
    throw UsageError("bench speech: not available yet")
  }
}

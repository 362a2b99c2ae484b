import Navigation

/// Whether a speaking rate keeps every final prompt of a language within its limit,
/// decided by synthesizing the few final prompts most likely to run over.
extension VoiceCheck {
  /// How many final prompts `longestFinals(_:count:)` gives by default: enough that the
  /// one that runs longest at any rate is among them (a test checks this at a rate where
  /// some run over, in every language).
  public static let longestFinalCount = 8

  /// The final prompts of the inventory with the most characters per maneuver announced,
  /// most first (ties by name): the ones that run longest for the time they have.
  public static func longestFinals(_ phrases: Phrasebook, count: Int = longestFinalCount)
    -> [VoicePrompt]
  {
    VoicePromptInventory.prompts(phrases).filter { $0.stage == .final }
      .map { (prompt: $0, weight: Double($0.text.count) / Double(max($0.maneuvers, 1))) }
      .sorted { ($0.weight, $1.prompt.name) > ($1.weight, $0.prompt.name) }
      .prefix(count).map(\.prompt)
  }

  /// Synthesizes `prompts` in order until one lasts longer than its limit, and returns
  /// that one's result; nil when every one fits. Blocks for the synthesis.
  ///
  /// - Throws: the synthesizer's `AudioError`.
  public func firstTooLong(_ prompts: [VoicePrompt], language: String) throws(AudioError)
    -> Result?
  {
    for prompt in prompts {
      let result = try run(prompt, language: language)
      if result.problems.contains(where: {
        if case .tooLong = $0 { true } else { false }
      }) {
        return result
      }
    }
    return nil
  }
}

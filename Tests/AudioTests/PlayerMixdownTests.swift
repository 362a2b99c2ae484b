import Audio
import Navigation
import Testing

/// `PromptMixdown`: a drive's prompts laid out offline as the player would play them.
@Suite("PromptMixdown")
struct PlayerMixdownTests {
  typealias Announce = TestAnnouncements

  static let synthesizer = TonePromptSynthesizer(delay: 0)

  static func render() throws -> PromptMixdown {
    try PromptMixdown.render(
      [
        (0, .maneuverChanged(next: 1)),
        (0, .announce(Announce.early(1, length: 100, letter: "a"))),  // 0.0–1.0
        (0.5, .announce(Announce.early(2, length: 20, letter: "b"))),  // waits: 1.0–1.2
        (2.0, .announce(Announce.early(3, length: 100, letter: "c"))),  // 2.0–, cut at 2.5
        (2.5, .announce(Announce.final(4, length: 4, letter: "F"))),  // 2.5–2.54
        (3.0, .maneuverChanged(next: 5)),
        (3.1, .announce(Announce.early(4, length: 10, letter: "d"))),  // passed
      ], length: 4, synthesizer: synthesizer, language: "en")
  }

  static func level(_ mixdown: PromptMixdown, at t: Double) -> Int16 {
    abs(mixdown.samples[Int(t * 16_000)])
  }

  @Test func promptsArePlacedAtTheirTimesOrRightAfterThePreviousOne() throws {
    let mixdown = try Self.render()
    #expect(abs(mixdown.duration - 4) < 1e-9)
    let spans = mixdown.placements.map { [$0.due, $0.start, $0.end] }
    let expected: [[Double]] = [[0, 0, 1], [0.5, 1, 1.2], [2, 2, 2.5], [2.5, 2.5, 2.54]]
    #expect(spans.count == expected.count)
    for (span, want) in zip(spans, expected) {
      #expect(zip(span, want).allSatisfy { abs($0 - $1) < 1e-6 }, "\(span) vs \(want)")
    }
    #expect(mixdown.placements.map(\.interrupted) == [false, false, true, false])
    #expect(Self.level(mixdown, at: 0.25) == TonePromptSynthesizer.level("a"))
    #expect(Self.level(mixdown, at: 1.1) == TonePromptSynthesizer.level("b"))
    #expect(Self.level(mixdown, at: 1.5) == 0)
    #expect(Self.level(mixdown, at: 2.25) == TonePromptSynthesizer.level("c"))
    #expect(Self.level(mixdown, at: 2.52) == TonePromptSynthesizer.level("F"))
    #expect(Self.level(mixdown, at: 2.6) == 0)
    #expect(mixdown.samples[Int(3.0 * 16_000)...].allSatisfy { $0 == 0 })
  }

  @Test func aCutOffPromptFadesOutAtTheCut() throws {
    let mixdown = try Self.render()
    let cut = Int(2.5 * 16_000)
    let full = Int(TonePromptSynthesizer.level("c"))
    #expect(abs(Int(mixdown.samples[cut - 1])) < full / 10)
    #expect(abs(Int(mixdown.samples[cut - 80])) == full)
  }

  @Test func passedPromptsAreDroppedNotPlayed() throws {
    let mixdown = try Self.render()
    #expect(mixdown.dropped.map(\.id) == [PromptID(5)])
    #expect(mixdown.dropped.map(\.reason) == [.passed])
  }

  @Test func earconLeadsEachPrompt() throws {
    let mixdown = try PromptMixdown.render(
      [(1, .announce(Announce.final(1, length: 2)))], length: 2, synthesizer: Self.synthesizer,
      language: "en", earcon: .chime)
    let chime = Earcon.chime.samples(format: Self.synthesizer.format)
    #expect(Array(mixdown.samples[16_000..<16_000 + chime.count]) == chime)
    #expect(abs(mixdown.placements[0].end - (1 + Earcon.chime.duration + 0.02)) < 1e-3)
  }

  @Test func aPromptRunningPastTheEndLengthensTheTrack() throws {
    let mixdown = try PromptMixdown.render(
      [(0.9, .announce(Announce.early(1, length: 50)))], length: 1,
      synthesizer: Self.synthesizer, language: "en")
    #expect(abs(mixdown.duration - 1.4) < 1e-6)
  }
}

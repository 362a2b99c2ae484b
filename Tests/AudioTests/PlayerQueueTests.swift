import Audio
import Navigation
import Testing

/// `PromptQueue` on its own: events in, effects out, no audio, no threads.
@Suite("PromptQueue")
struct PlayerQueueTests {
  typealias Prompt = PromptQueue.Prompt

  static func prompt(
    _ id: Int, _ stage: Announcement.Stage, _ maneuver: Int,
    priority: Announcement.Priority? = nil
  ) -> Prompt {
    let fallback: Announcement.Priority =
      switch stage {
      case .final: .high
      case .continue: .low
      case .depart, .early: .normal
      }
    return Prompt(
      id: PromptID(id),
      announcement: Announcement(
        maneuvers: [maneuver], stage: stage, text: "\(stage) \(maneuver)", distance: 100,
        priority: priority ?? fallback))
  }

  static let depart0 = prompt(1, .depart, 0)
  static let early2 = prompt(2, .early, 2)
  static let final2 = prompt(3, .final, 2)
  static let early3 = prompt(4, .early, 3)
  static let final3 = prompt(5, .final, 3)
  static let continue3 = prompt(6, .continue, 3)
  static let early2Again = prompt(7, .early, 2)

  /// One scenario: events fed in order, the effects each must produce, and what is
  /// playing and waiting at the end.
  struct Case: CustomTestStringConvertible, Sendable {
    var name: String
    var steps: [(PromptQueue.Event, [PromptQueue.Effect])]
    var playing: PromptID?
    var waiting: [PromptID]
    var testDescription: String { name }
  }

  static let cases: [Case] = [
    Case(
      name: "a prompt into an idle queue plays at once",
      steps: [(.enqueue(early2), [.play(early2)])],
      playing: early2.id, waiting: []),
    Case(
      name: "same priority waits its turn, then plays when the first finishes",
      steps: [
        (.enqueue(depart0), [.play(depart0)]),
        (.enqueue(early2), []),
        (.finished(depart0.id), [.play(early2)]),
        (.finished(early2.id), []),
      ],
      playing: nil, waiting: []),
    Case(
      name: "a final prompt interrupts a playing early prompt of another maneuver",
      steps: [
        (.enqueue(early3), [.play(early3)]),
        (.enqueue(final2), [.interrupt(early3.id, by: final2.id), .play(final2)]),
      ],
      playing: final2.id, waiting: []),
    Case(
      name: "a final prompt does not interrupt another final prompt",
      steps: [
        (.enqueue(final2), [.play(final2)]),
        (.enqueue(final3), []),
      ],
      playing: final2.id, waiting: [final3.id]),
    Case(
      name: "an early prompt interrupts a playing continue prompt (low)",
      steps: [
        (.enqueue(continue3), [.play(continue3)]),
        (.enqueue(early2), [.interrupt(continue3.id, by: early2.id), .play(early2)]),
      ],
      playing: early2.id, waiting: []),
    Case(
      name: "waiting prompts are ordered by priority, then by arrival",
      steps: [
        (.enqueue(final2), [.play(final2)]),
        (.enqueue(continue3), []),
        (.enqueue(prompt(8, .early, 4)), []),
        (.enqueue(prompt(9, .final, 5)), []),
        (.enqueue(prompt(10, .early, 6)), []),
      ],
      playing: final2.id,
      waiting: [PromptID(9), PromptID(8), PromptID(10), continue3.id]),
    Case(
      name: "a prompt for a passed maneuver is dropped when it arrives",
      steps: [
        (.maneuverChanged(next: 3), []),
        (.enqueue(early2), [.drop(early2.id, .passed)]),
      ],
      playing: nil, waiting: []),
    Case(
      name: "a waiting prompt is dropped when its maneuver is passed; the playing one is not cut",
      steps: [
        (.enqueue(final2), [.play(final2)]),
        (.enqueue(early3), []),
        (.enqueue(prompt(8, .early, 4)), []),
        (.maneuverChanged(next: 3), []),
        (.maneuverChanged(next: 4), [.drop(early3.id, .passed)]),
        (.finished(final2.id), [.play(prompt(8, .early, 4))]),
      ],
      playing: PromptID(8), waiting: []),
    Case(
      name: "the depart prompt stays current while maneuver 1 is next",
      steps: [
        (.maneuverChanged(next: 1), []),
        (.enqueue(depart0), [.play(depart0)]),
      ],
      playing: depart0.id, waiting: []),
    Case(
      name: "the depart prompt is passed once maneuver 1 is",
      steps: [
        (.maneuverChanged(next: 2), []),
        (.enqueue(depart0), [.drop(depart0.id, .passed)]),
      ],
      playing: nil, waiting: []),
    Case(
      name: "a waiting early prompt is superseded by its final prompt",
      steps: [
        (.enqueue(final3), [.play(final3)]),
        (.enqueue(early2), []),
        (.enqueue(final2), [.drop(early2.id, .superseded(by: final2.id))]),
      ],
      playing: final3.id, waiting: [final2.id]),
    Case(
      name: "a final prompt supersedes the waiting early one and interrupts the playing one",
      steps: [
        (.enqueue(depart0), [.play(depart0)]),
        (.enqueue(early2), []),
        (
          .enqueue(final2),
          [
            .drop(early2.id, .superseded(by: final2.id)),
            .interrupt(depart0.id, by: final2.id), .play(final2),
          ]
        ),
      ],
      playing: final2.id, waiting: []),
    Case(
      name: "a newer prompt at the same stage replaces the waiting one",
      steps: [
        (.enqueue(final3), [.play(final3)]),
        (.enqueue(early2), []),
        (.enqueue(early2Again), [.drop(early2.id, .superseded(by: early2Again.id))]),
      ],
      playing: final3.id, waiting: [early2Again.id]),
    Case(
      name: "an early prompt arriving after its final one is dropped",
      steps: [
        (.enqueue(final2), [.play(final2)]),
        (.enqueue(early2), [.drop(early2.id, .superseded(by: final2.id))]),
      ],
      playing: final2.id, waiting: []),
    Case(
      name: "the next maneuver moving back (a new route) drops everything waiting",
      steps: [
        (.maneuverChanged(next: 2), []),
        (.enqueue(final2), [.play(final2)]),
        (.enqueue(early3), []),
        (.maneuverChanged(next: 1), [.drop(early3.id, .passed)]),
      ],
      playing: final2.id, waiting: []),
    Case(
      name: "muting stops the playing prompt and drops the waiting ones and new ones",
      steps: [
        (.enqueue(final2), [.play(final2)]),
        (.enqueue(early3), []),
        (.setMuted(true), [.stop(final2.id, .muted), .drop(early3.id, .muted)]),
        (.enqueue(final3), [.drop(final3.id, .muted)]),
        (.setMuted(true), []),
        (.setMuted(false), []),
        (.enqueue(early2), [.play(early2)]),
      ],
      playing: early2.id, waiting: []),
    Case(
      name: "a failed prompt is dropped and the next one tried",
      steps: [
        (.enqueue(final2), [.play(final2)]),
        (.enqueue(early3), []),
        (
          .failed(final2.id, AudioError(.unavailable, "no device")),
          [.drop(final2.id, .failed(AudioError(.unavailable, "no device"))), .play(early3)]
        ),
      ],
      playing: early3.id, waiting: []),
    Case(
      name: "news about a prompt that is not playing changes nothing",
      steps: [
        (.enqueue(final2), [.play(final2)]),
        (.finished(early3.id), []),
        (.failed(early3.id, AudioError(.failed, "x")), []),
      ],
      playing: final2.id, waiting: []),
    Case(
      name: "shutdown stops everything and refuses new prompts",
      steps: [
        (.enqueue(final2), [.play(final2)]),
        (.enqueue(final3), []),
        (.shutdown, [.stop(final2.id, .shutdown), .drop(final3.id, .shutdown)]),
        (.enqueue(early2), [.drop(early2.id, .shutdown)]),
        (.shutdown, []),
      ],
      playing: nil, waiting: []),
  ]

  @Test(arguments: cases)
  func scenario(_ scenario: Case) {
    var queue = PromptQueue()
    for (index, (event, expected)) in scenario.steps.enumerated() {
      let effects = queue.handle(event)
      #expect(effects == expected, "step \(index): \(event)")
    }
    #expect(queue.playing?.id == scenario.playing)
    #expect(queue.waiting.map(\.id) == scenario.waiting)
  }

  @Test func startsMutedWhenConfigured() {
    var queue = PromptQueue(muted: true)
    #expect(queue.handle(.enqueue(Self.final2)) == [.drop(Self.final2.id, .muted)])
    #expect(queue.muted)
  }
}

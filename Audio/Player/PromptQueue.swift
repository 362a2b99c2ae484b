import Navigation

/// Which voice prompt plays, which waits and which is thrown away: the decisions of
/// `PromptPlayer`, as a pure state machine with no clock, audio or threads.
///
/// Rules:
/// - Waiting prompts are ordered by priority, then by arrival.
/// - A prompt of higher priority than the playing one cuts it off (`.interrupt`), so a
///   final "turn left now" (`.high`) never waits behind an early "in 300 metres" (`.normal`).
/// - A prompt whose maneuver has been passed (`maneuverChanged(next:)` moved beyond it)
///   is dropped before it plays. A depart prompt ("Head north on …", step 0) describes the
///   leg up to the first maneuver and stays current until that one is passed: the session
///   announces maneuver 1 as next before it announces the departure.
/// - A waiting prompt is superseded by a newer one for the same maneuver at the same or a
///   later stage (early → final); a new prompt for a maneuver that already has a later
///   stage waiting or playing is dropped at once.
/// - `maneuverChanged(next:)` to a lower index means a new route: everything waiting was
///   about the old one and is dropped.
/// - Muted: the playing prompt stops, nothing waits, nothing new is accepted.
/// - The playing prompt is never cut because its maneuver was passed: a final prompt is
///   usually still being spoken as the car turns.
///
/// Tested with tables of events and effects; `PromptPlayer` feeds it on its thread.
public struct PromptQueue: Sendable, Equatable {
  /// A prompt the queue holds: the announcement and the name the player gave it.
  public struct Prompt: Hashable, Sendable {
    public var id: PromptID
    public var announcement: Announcement

    public init(id: PromptID, announcement: Announcement) {
      self.id = id
      self.announcement = announcement
    }

    /// The maneuver the prompt is about (`maneuvers[0]`; 0 for an empty list).
    public var maneuver: Int { announcement.maneuvers.first ?? 0 }
  }

  /// Why a prompt was thrown away instead of being played to its end.
  public enum DropReason: Equatable, Sendable {
    /// Its maneuver was passed before it could play.
    case passed
    /// A newer prompt for the same maneuver, at the same or a later stage, replaced it.
    case superseded(by: PromptID)
    /// The player is muted.
    case muted
    /// Synthesis or the output failed while it played.
    case failed(AudioError)
    /// The player was closed.
    case shutdown
  }

  public enum Event: Equatable, Sendable {
    /// A new prompt to play.
    case enqueue(Prompt)
    /// The next maneuver is now step `next`: the ones before it are passed.
    case maneuverChanged(next: Int)
    /// The playing prompt played to its end.
    case finished(PromptID)
    /// The playing prompt could not be played to its end.
    case failed(PromptID, AudioError)
    case setMuted(Bool)
    /// The player is closing: nothing more plays.
    case shutdown
  }

  /// What the player must do, in order.
  public enum Effect: Equatable, Sendable {
    /// Start playing the prompt (nothing else is playing).
    case play(Prompt)
    /// Cut off the playing prompt at once for a more urgent one, whose `.play` follows.
    case interrupt(PromptID, by: PromptID)
    /// Cut off the playing prompt at once; nothing replaces it.
    case stop(PromptID, DropReason)
    /// The prompt, waiting or just given, will never play.
    case drop(PromptID, DropReason)
  }

  /// The prompt being played, if any.
  public private(set) var playing: Prompt?
  /// Prompts waiting to play, the next one first.
  public private(set) var waiting: [Prompt] = []
  /// The step index of the next maneuver, as last told.
  public private(set) var nextManeuver = 0
  public private(set) var muted: Bool
  public private(set) var closed = false

  public init(muted: Bool = false) {
    self.muted = muted
  }

  public mutating func handle(_ event: Event) -> [Effect] {
    switch event {
    case .enqueue(let prompt): return enqueue(prompt)
    case .maneuverChanged(let next): return maneuverChanged(next: next)
    case .finished(let id):
      guard playing?.id == id else { return [] }
      playing = nil
      return startNext()
    case .failed(let id, let error):
      guard playing?.id == id else { return [] }
      playing = nil
      return [.drop(id, .failed(error))] + startNext()
    case .setMuted(let mute):
      guard mute != muted else { return [] }
      muted = mute
      return mute ? clear(.muted) : []
    case .shutdown:
      guard !closed else { return [] }
      closed = true
      return clear(.shutdown)
    }
  }

  private mutating func enqueue(_ prompt: Prompt) -> [Effect] {
    if closed { return [.drop(prompt.id, .shutdown)] }
    if muted { return [.drop(prompt.id, .muted)] }
    if isPassed(prompt) { return [.drop(prompt.id, .passed)] }
    if let later = ([playing].compactMap { $0 } + waiting).first(where: {
      $0.maneuver == prompt.maneuver && Self.rank($0) > Self.rank(prompt)
    }) {
      return [.drop(prompt.id, .superseded(by: later.id))]
    }
    var effects: [Effect] = []
    waiting.removeAll { old in
      guard old.maneuver == prompt.maneuver, Self.rank(old) <= Self.rank(prompt) else {
        return false
      }
      effects.append(.drop(old.id, .superseded(by: prompt.id)))
      return true
    }
    guard let current = playing else {
      playing = prompt
      return effects + [.play(prompt)]
    }
    if prompt.announcement.priority > current.announcement.priority {
      playing = prompt
      return effects + [.interrupt(current.id, by: prompt.id), .play(prompt)]
    }
    let at =
      waiting.firstIndex { $0.announcement.priority < prompt.announcement.priority }
      ?? waiting.endIndex
    waiting.insert(prompt, at: at)
    return effects
  }

  private mutating func maneuverChanged(next: Int) -> [Effect] {
    let rerouted = next < nextManeuver
    nextManeuver = next
    let stale = waiting.filter { rerouted || isPassed($0) }
    waiting.removeAll { prompt in stale.contains { $0.id == prompt.id } }
    return stale.map { .drop($0.id, .passed) }
  }

  private mutating func startNext() -> [Effect] {
    guard playing == nil, !waiting.isEmpty else { return [] }
    let next = waiting.removeFirst()
    playing = next
    return [.play(next)]
  }

  private mutating func clear(_ reason: DropReason) -> [Effect] {
    var effects: [Effect] = []
    if let current = playing { effects.append(.stop(current.id, reason)) }
    effects += waiting.map { .drop($0.id, reason) }
    playing = nil
    waiting = []
    return effects
  }

  private func isPassed(_ prompt: Prompt) -> Bool {
    let lastCurrent = prompt.announcement.stage == .depart ? prompt.maneuver + 1 : prompt.maneuver
    return lastCurrent < nextManeuver
  }

  /// Order of stages within one maneuver's approach.
  private static func rank(_ prompt: Prompt) -> Int {
    switch prompt.announcement.stage {
    case .depart: 0
    case .continue: 1
    case .early: 2
    case .final: 3
    }
  }
}

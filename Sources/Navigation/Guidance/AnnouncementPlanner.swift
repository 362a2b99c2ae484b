import Foundation

/// Decides which voice prompts to give, and when, as the vehicle advances along a route.
///
/// Timing follows speed rather than fixed distances (the Valhalla model): the final
/// prompt starts when the time left to the maneuver is its own speaking time plus
/// `finalMargin`, so it ends a few seconds before the turn; the early prompt comes about
/// `earlyLead` seconds ahead when the step is long enough to fit it, and never so late
/// that it would run into the final one. Maneuvers that follow closer than the next one's
/// final lead are chained ("…, then …"). Each (maneuver, stage) is spoken at most once
/// and a maneuver already passed is never announced.
///
/// Some steps are shown but never spoken (`isTold`): a name change along the road (the
/// card shows the new name; the driver has nothing to do) and the exit of a roundabout
/// whose entry was told with its exit number. Prompts go to the next step that is told,
/// over the silent ones between.
///
/// All wordings are composed once, when the planner is made; `update` only compares
/// numbers, so it is cheap enough to run on every fix.
public struct AnnouncementPlanner: Sendable {
  /// Seconds between the end of a final prompt and the maneuver.
  public static let finalMargin = 3.0
  /// The final prompt is never later than this many metres before the maneuver.
  public static let finalMinimumDistance = 20.0
  /// Seconds ahead of the maneuver for the early prompt.
  public static let earlyLead = 30.0
  /// An early prompt needs a step that takes at least this long.
  public static let earlyMinimumStepTime = 25.0
  /// Steps longer than this (m) get a "continue for …" prompt after their maneuver.
  public static let continueMinimumDistance = 2000.0

  public let route: GuidanceRoute
  public let phrases: Phrasebook
  /// Per step: ways to say its maneuver, longest first (with the road or the signpost,
  /// then without).
  private let wordings: [[String]]
  /// Per step: the maneuvers its final prompt covers and that prompt's wordings.
  private let finals: [(covers: [Int], texts: [String])]
  /// Per step: whether its maneuver is spoken (`isTold`).
  private let told: [Bool]
  private var spoken: Set<Key> = []

  private struct Key: Hashable {
    var maneuver: Int
    var stage: Announcement.Stage
  }

  /// - Parameter departed: true when the trip is already under way (after a reroute), so
  ///   no depart prompt is given.
  public init(route: GuidanceRoute, phrases: Phrasebook, departed: Bool = false) {
    self.route = route
    self.phrases = phrases
    let wordings = route.steps.map { Self.wordings(for: $0, phrases: phrases) }
    self.wordings = wordings
    let told = route.steps.indices.map { Self.isTold(route.steps, $0) }
    self.told = told
    func toldAfter(_ i: Int) -> Int { Self.first(after: i, in: told) }
    // A final prompt names at most one place a sign points to, so it ends in time.
    let finalWordings = route.steps.map { step in
      var one = step
      one.signpost = step.signpost?.naming(atMost: 1)
      return Self.wordings(for: one, phrases: phrases)
    }
    finals = route.steps.indices.map { i in
      // Chain the maneuvers that follow too closely for a final prompt of their own, even
      // in its shortest wording.
      var covers = [i]
      while let m = covers.last, m + 1 < route.steps.count, covers.count < 3,
        route.steps[m..<toldAfter(m)].reduce(0, { $0 + $1.duration })
          < Self.lead(finalWordings[toldAfter(m)].last ?? "")
      {
        covers.append(toldAfter(m))
      }
      let long = covers.dropFirst().reduce(finalWordings[i][0]) {
        phrases.then($0, finalWordings[$1][0])
      }
      let short = covers.dropFirst().reduce(finalWordings[i].last ?? "") {
        phrases.then($0, finalWordings[$1].last ?? "")
      }
      return (covers, long == short ? [long] : [long, short])
    }
    if departed { spoken.insert(Key(maneuver: 0, stage: .depart)) }
  }

  /// Ways to say the maneuver of `step`, longest first: with the road or the signpost, then
  /// without them (an exit number is kept: it is short and what the driver looks for).
  private static func wordings(for step: RouteStep, phrases: Phrasebook) -> [String] {
    if step.maneuver.kind == .arrive { return [phrases.arrival(for: step)] }
    var bare = step
    bare.name = ""
    bare.ref = nil
    bare.signpost = step.signpost?.exitOnly
    let full = phrases.instruction(for: step)
    let short = phrases.instruction(for: bare)
    return short == full ? [full] : [full, short]
  }

  /// Whether the maneuver of `steps[i]` is spoken: every one but a name change straight on
  /// or bearing gently along the road (one at a corner is told: the driver would doubt),
  /// the exit of a roundabout right after its entry (which told the exit), and a
  /// notification.
  public static func isTold(_ steps: [RouteStep], _ i: Int) -> Bool {
    let m = steps[i].maneuver
    switch m.kind {
    case .newName:
      return ![nil, .straight, .slightLeft, .slightRight].contains(m.modifier)
    case .exitRoundabout, .exitRotary:
      return i == 0 || ![.roundabout, .rotary].contains(steps[i - 1].maneuver.kind)
    case .notification:
      return false
    default:
      return true
    }
  }

  /// The first step after `i` whose maneuver is told (the arrival at the latest).
  private func toldAfter(_ i: Int) -> Int { Self.first(after: i, in: told) }

  /// The first index after `i` that is true in `told`, else the last index.
  private static func first(after i: Int, in told: [Bool]) -> Int {
    var n = i + 1
    while n < told.count - 1 && !told[n] { n += 1 }
    return n
  }

  /// The last step at or before `i` whose maneuver is told (the start at the earliest).
  private func toldAtOrBefore(_ i: Int) -> Int {
    var n = i
    while n > 0 && !told[n] { n -= 1 }
    return n
  }

  /// Whether `maneuver` has had its prompt at `stage`.
  public func hasSpoken(_ maneuver: Int, _ stage: Announcement.Stage) -> Bool {
    spoken.contains(Key(maneuver: maneuver, stage: stage))
  }

  /// The sentence for maneuver `i` on its own: the instruction, or the arrival phrase.
  public func headline(for i: Int) -> String { wordings[i][0] }

  /// Prompts due with the vehicle at `offset` metres along the route moving at `speed` m/s.
  public mutating func update(offset: Double, speed: Double) -> [Announcement] {
    let current = route.stepIndex(at: offset)
    guard current + 1 < route.steps.count else { return [] }
    let next = toldAfter(current)
    let spanStart = toldAtOrBefore(current)
    var out: [Announcement] = []
    let distance = max(0, route.stepStart[next] - offset)

    if current == 0, !hasSpoken(0, .depart) {
      spoken.insert(Key(maneuver: 0, stage: .depart))
      out.append(depart(offset: offset, distance: distance))
    }
    if hasSpoken(next, .final) { return out }

    let v = max(speed, 0.5)
    let final = finals[next]
    if distance <= finalDistance(next, speed: v) {
      for m in final.covers { spoken.insert(Key(maneuver: m, stage: .final)) }
      out.append(
        Announcement(
          maneuvers: final.covers, stage: .final,
          text: Self.longest(final.texts, fitting: distance / v - 1), distance: distance,
          priority: .high))
      return out
    }

    if spanStart > 0, !hasSpoken(spanStart, .continue),
      route.stepStart[next] - route.stepStart[spanStart] >= Self.continueMinimumDistance,
      offset - route.stepStart[spanStart] < 200
    {
      spoken.insert(Key(maneuver: spanStart, stage: .continue))
      out.append(
        Announcement(
          maneuvers: [next], stage: .continue, text: phrases.continueFor(distance),
          distance: distance, priority: .low,
          spokenDistance: phrases.distanceSaid(distance).metres))
      return out
    }

    let spanDuration = route.steps[spanStart..<next].reduce(0) { $0 + $1.duration }
    if !hasSpoken(next, .early), spanDuration >= Self.earlyMinimumStepTime,
      distance <= earlyDistance(current)
    {
      let expectedSpeed = route.expectedSpeed(current)
      let text = phrases.inDistance(distance, wordings[next][0])
      let timeLeft =
        (distance - finalDistance(next, speed: expectedSpeed)) / max(v, expectedSpeed * 0.5)
      if timeLeft >= Announcement.speakingTime(text) + 2 {
        spoken.insert(Key(maneuver: next, stage: .early))
        out.append(
          Announcement(
            maneuvers: [next], stage: .early, text: text, distance: distance, priority: .normal,
            spokenDistance: phrases.distanceSaid(distance, afterPreposition: true).metres))
      }
    }
    return out
  }

  /// How close the vehicle is to the next maneuver, for the maneuver state on screen.
  public func maneuverState(offset: Double, speed: Double) -> ManeuverState {
    let current = route.stepIndex(at: offset)
    guard current + 1 < route.steps.count else { return .execute }
    let next = toldAfter(current)
    let distance = route.stepStart[next] - offset
    if distance <= finalDistance(next, speed: max(speed, 0.5)) { return .execute }
    if distance <= earlyDistance(current) { return .prepare }
    return toldAtOrBefore(current) == 0 ? .initial : .continue
  }

  /// Metres before maneuver `i` at which its final prompt starts, at `speed`.
  private func finalDistance(_ i: Int, speed: Double) -> Double {
    max(speed * Self.lead(finals[i].texts[0]), Self.finalMinimumDistance)
  }

  /// Metres before the end of step `current` at which the early prompt is due.
  private func earlyDistance(_ current: Int) -> Double {
    max(route.expectedSpeed(current) * Self.earlyLead, 100)
  }

  /// The depart prompt, chained with the first maneuver when that one comes too soon for
  /// a prompt of its own; worded to fit the time a car needs to get there from standing.
  private mutating func depart(offset: Double, distance: Double) -> Announcement {
    var step = route.steps[0]
    let full = phrases.depart(for: step)
    step.name = ""
    step.ref = nil
    let bare = phrases.depart(for: step)
    let first = toldAfter(0)
    let final = finals[first]
    let expected = route.expectedTime(from: offset, toManeuver: first)
    guard expected < Announcement.speakingTime(full) + Self.lead(final.texts[0]) + 1 else {
      return Announcement(
        maneuvers: [0], stage: .depart, text: full, distance: distance, priority: .normal)
    }
    for m in final.covers { spoken.insert(Key(maneuver: m, stage: .final)) }
    // From standing, at a gentle 1 m/s², reaching `distance` takes √(2d) seconds.
    let budget = max(expected, (2 * distance).squareRoot()) - 0.5
    let candidates =
      [phrases.then(full, final.texts[0])] + final.texts.map { phrases.then(bare, $0) }
    return Announcement(
      maneuvers: [0] + final.covers, stage: .depart,
      text: Self.longest(candidates, fitting: budget), distance: distance, priority: .normal)
  }

  /// Seconds before a maneuver that a final prompt of `text` should start.
  private static func lead(_ text: String) -> Double {
    Announcement.speakingTime(text) + finalMargin
  }

  /// The first of `texts` (longest first) that can be spoken within `seconds`, else the
  /// shortest.
  static func longest(_ texts: [String], fitting seconds: Double) -> String {
    texts.first { Announcement.speakingTime($0) <= seconds }
      ?? texts.min { $0.count < $1.count } ?? ""
  }
}

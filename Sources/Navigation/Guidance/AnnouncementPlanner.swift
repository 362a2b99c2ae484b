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
public struct AnnouncementPlanner: Sendable {
  /// Seconds between the end of a final prompt and the maneuver.
  public var finalMargin = 3.0
  /// The final prompt is never later than this many metres before the maneuver.
  public var finalMinimumDistance = 20.0
  /// Seconds ahead of the maneuver for the early prompt.
  public var earlyLead = 30.0
  /// An early prompt needs a step that takes at least this long.
  public var earlyMinimumStepTime = 25.0
  /// Steps longer than this (m) get a "continue for …" prompt after their maneuver.
  public var continueMinimumDistance = 2000.0

  public let route: GuidanceRoute
  public let phrases: Phrasebook
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
    if departed { spoken.insert(Key(maneuver: 0, stage: .depart)) }
  }

  /// Whether `maneuver` has had its prompt at `stage`.
  public func hasSpoken(_ maneuver: Int, _ stage: Announcement.Stage) -> Bool {
    spoken.contains(Key(maneuver: maneuver, stage: stage))
  }

  /// Prompts due with the vehicle at `offset` metres along the route moving at `speed` m/s.
  public mutating func update(offset: Double, speed: Double) -> [Announcement] {
    let current = route.stepIndex(at: offset)
    let next = current + 1
    guard next < route.steps.count else { return [] }
    var out: [Announcement] = []
    let distance = max(0, route.stepStart[next] - offset)

    if current == 0, !hasSpoken(0, .depart) {
      spoken.insert(Key(maneuver: 0, stage: .depart))
      out.append(depart(offset: offset, distance: distance))
    }
    if hasSpoken(next, .final) { return out }

    let v = max(speed, 0.5)
    let final = finalText(for: next)
    if distance <= max(v * lead(final.texts[0]), finalMinimumDistance) {
      for m in final.covers { spoken.insert(Key(maneuver: m, stage: .final)) }
      out.append(
        Announcement(
          maneuvers: final.covers, stage: .final,
          text: Self.longest(final.texts, fitting: distance / v - 1), distance: distance,
          priority: .high))
      return out
    }

    if current > 0, !hasSpoken(current, .continue), route.stepLength(current) >= continueMinimumDistance,
      offset - route.stepStart[current] < 200
    {
      spoken.insert(Key(maneuver: current, stage: .continue))
      out.append(
        Announcement(maneuvers: [next], stage: .continue, text: phrases.continueFor(distance),
          distance: distance, priority: .low))
      return out
    }

    if !hasSpoken(next, .early), route.steps[current].duration >= earlyMinimumStepTime {
      let expectedSpeed = route.expectedSpeed(current)
      let earlyDistance = max(expectedSpeed * earlyLead, 100)
      let text = phrases.inDistance(distance, headline(for: next))
      let finalDistance = max(expectedSpeed * lead(final.texts[0]), finalMinimumDistance)
      let timeLeft = (distance - finalDistance) / max(v, expectedSpeed * 0.5)
      if distance <= earlyDistance, timeLeft >= Announcement.speakingTime(text) + 2 {
        spoken.insert(Key(maneuver: next, stage: .early))
        out.append(
          Announcement(maneuvers: [next], stage: .early, text: text, distance: distance,
            priority: .normal))
      }
    }
    return out
  }

  /// Whether the vehicle is inside the final-prompt zone of the next maneuver (for the
  /// maneuver state shown on screen).
  public func isExecuting(offset: Double, speed: Double) -> Bool {
    let next = route.stepIndex(at: offset) + 1
    guard next < route.steps.count else { return false }
    let distance = route.stepStart[next] - offset
    return distance <= max(max(speed, 0.5) * lead(headline(for: next)), finalMinimumDistance)
  }

  /// Whether the vehicle is inside the early-prompt zone of the next maneuver.
  public func isPreparing(offset: Double) -> Bool {
    let current = route.stepIndex(at: offset)
    guard current + 1 < route.steps.count else { return false }
    let distance = route.stepStart[current + 1] - offset
    return distance <= max(route.expectedSpeed(current) * earlyLead, 100)
  }

  /// The sentence for maneuver `i` on its own: the instruction, or the arrival phrase.
  public func headline(for i: Int) -> String { headlines(for: i)[0] }

  /// Ways to say maneuver `i`, longest first: naming the road, then without it.
  func headlines(for i: Int) -> [String] {
    var step = route.steps[i]
    if step.maneuver.kind == .arrive { return [phrases.arrival(for: step)] }
    let full = phrases.instruction(for: step)
    step.name = ""
    step.ref = nil
    let short = phrases.instruction(for: step)
    return short == full ? [full] : [full, short]
  }

  /// The depart prompt, chained with the first maneuver when that one comes too soon for
  /// a prompt of its own; worded to fit the time a car needs to get there from standing.
  private mutating func depart(offset: Double, distance: Double) -> Announcement {
    var step = route.steps[0]
    let full = phrases.depart(for: step)
    step.name = ""
    step.ref = nil
    let departs = [full, phrases.depart(for: step)]
    let final = finalText(for: 1)
    let expected = route.expectedTime(from: offset, toManeuver: 1)
    guard expected < Announcement.speakingTime(full) + lead(final.texts[0]) + 1 else {
      return Announcement(
        maneuvers: [0], stage: .depart, text: full, distance: distance, priority: .normal)
    }
    for m in final.covers { spoken.insert(Key(maneuver: m, stage: .final)) }
    // From standing, at a gentle 1 m/s², reaching `distance` takes √(2d) seconds.
    let budget = max(expected, (2 * distance).squareRoot()) - 0.5
    let candidates =
      [phrases.then(departs[0], final.texts[0])]
      + final.texts.map { phrases.then(departs[1], $0) }
    return Announcement(
      maneuvers: [0] + final.covers, stage: .depart,
      text: Self.longest(candidates, fitting: budget), distance: distance, priority: .normal)
  }

  /// Seconds before a maneuver that a final prompt of `text` should start.
  private func lead(_ text: String) -> Double { Announcement.speakingTime(text) + finalMargin }

  /// Maneuver `i` and the ones chained to it because each follows too closely.
  private func finalCoverage(_ i: Int) -> [Int] {
    var covers = [i]
    var m = i
    while m + 1 < route.steps.count, covers.count < 3,
      route.steps[m].duration < lead(headline(for: m + 1)) + 2
    {
      m += 1
      covers.append(m)
    }
    return covers
  }

  /// The final prompt for maneuver `i` and those chained to it, longest wording first.
  private func finalText(for i: Int) -> (texts: [String], covers: [Int]) {
    let covers = finalCoverage(i)
    let texts = (0..<2).map { variant in
      covers.dropFirst().reduce(headlines(for: i).last(where: { _ in variant == 1 }) ?? headline(for: i)) {
        phrases.then($0, variant == 0 ? headline(for: $1) : headlines(for: $1).last ?? "")
      }
    }
    return (texts[0] == texts[1] ? [texts[0]] : texts, covers)
  }

  /// The first of `texts` (longest first) that can be spoken within `seconds`, else the
  /// shortest.
  static func longest(_ texts: [String], fitting seconds: Double) -> String {
    texts.first { Announcement.speakingTime($0) <= seconds } ?? texts.min { $0.count < $1.count } ?? ""
  }
}

import Foundation
import Geo
import Testing

@testable import Navigation

/// A prompt and where along the route the planner gave it.
struct IssuedPrompt {
  var offset: Double
  var announcement: Announcement
  var stage: Announcement.Stage { announcement.stage }
  var maneuvers: [Int] { announcement.maneuvers }
  var text: String { announcement.text }
}

@Suite struct AnnouncementPlannerTests {
  typealias Leg = GuidanceTestRoutes.Leg

  static func planner(_ legs: [Leg], arrival: Maneuver.Modifier? = nil) throws
    -> AnnouncementPlanner
  {
    AnnouncementPlanner(
      route: GuidanceRoute(GuidanceTestRoutes.route(legs, arrival: arrival)),
      phrases: try Phrasebook(language: "en"))
  }

  /// Offsets one second apart at `speed` from `start` to `end` (included).
  static func ticks(from start: Double = 0, to end: Double, speed: Double) -> [Double] {
    Array(stride(from: start, to: end, by: speed)) + [end]
  }

  /// Feeds `offsets` to the planner at `speed`, collecting the prompts.
  static func drive(_ planner: inout AnnouncementPlanner, _ offsets: [Double], speed: Double)
    -> [IssuedPrompt]
  {
    offsets.flatMap { offset in
      planner.update(offset: offset, speed: speed).map {
        IssuedPrompt(offset: offset, announcement: $0)
      }
    }
  }

  /// Every (maneuver, stage) a prompt stands for: its first maneuver at its stage, the
  /// chained ones at `.final`.
  static func keys(_ prompts: [IssuedPrompt]) -> [String] {
    prompts.flatMap { p in
      ["\(p.maneuvers[0]) \(p.stage)"] + p.maneuvers.dropFirst().map { "\($0) final" }
    }
  }

  // MARK: - Chaining

  @Test func closeManeuversShareOneFinalPrompt() throws {
    var planner = try Self.planner([
      .depart("First Street", length: 400),
      .turn(.right, "X", bearing: 90, length: 15, speed: 7.5),
      .turn(.left, "Y", bearing: 0, length: 300),
    ])
    #expect(planner.route.steps[1].duration == 2)
    let prompts = Self.drive(&planner, Self.ticks(to: planner.route.length, speed: 10), speed: 10)
    let finals = prompts.filter { $0.stage == .final && $0.maneuvers.contains(2) }
    try #require(finals.count == 1)
    let final = finals[0]
    #expect(final.maneuvers == [1, 2])
    #expect(final.text == "Turn right onto X, then turn left onto Y")
    #expect(final.text == planner.phrases.then(planner.headline(for: 1), planner.headline(for: 2)))
    #expect(final.offset < planner.route.stepStart[1])
    #expect(!prompts.contains { $0.maneuvers.first == 2 })
    #expect(planner.hasSpoken(2, .final))
  }

  @Test func departPromptCoversAManeuverRightAfterTheStart() throws {
    var planner = try Self.planner([
      .depart("First Street", length: 10),
      .turn(.right, "X", bearing: 90, length: 400),
    ])
    let prompts = Self.drive(&planner, Self.ticks(to: planner.route.length, speed: 10), speed: 10)
    let depart = try #require(prompts.first)
    #expect(depart.stage == .depart)
    #expect(depart.offset == 0)
    #expect(depart.maneuvers == [0, 1])
    #expect(depart.text.hasPrefix("Head north"))
    #expect(depart.text.contains(", then "))
    #expect(depart.text.hasSuffix("turn right onto X") || depart.text.hasSuffix("turn right"))
    #expect(prompts.dropFirst().allSatisfy { !$0.maneuvers.contains(1) })
  }

  @Test func departPromptAloneWhenTheFirstManeuverIsFar() throws {
    var planner = try Self.planner([
      .depart("First Street", length: 600),
      .turn(.right, "X", bearing: 90, length: 400),
    ])
    let prompts = Self.drive(&planner, [0], speed: 0)
    try #require(prompts.count == 1)
    #expect(prompts[0].stage == .depart)
    #expect(prompts[0].maneuvers == [0])
    #expect(prompts[0].text == "Head north on First Street")
  }

  // MARK: - Early prompt

  @Test func longStepGetsOneEarlyPromptBeforeTheFinal() throws {
    var planner = try Self.planner([
      .depart("First Street", length: 600),
      .turn(.right, "X", bearing: 90, length: 400),
    ])
    let prompts = Self.drive(&planner, Self.ticks(to: planner.route.length, speed: 13), speed: 13)
    let early = prompts.enumerated().filter {
      $0.element.stage == .early && $0.element.maneuvers == [1]
    }
    try #require(early.count == 1)
    let (index, prompt) = early[0]
    #expect(prompt.text.hasPrefix("In "))
    // About 290 m before the turn, spoken rounded to the nearest 50 m.
    #expect(abs(prompt.announcement.distance - 290) < 15)
    #expect(prompt.text == "In 300 metres, turn right onto X")
    #expect(
      prompt.text
        == planner.phrases.inDistance(prompt.announcement.distance, planner.headline(for: 1)))
    let final = try #require(
      prompts.firstIndex { $0.stage == .final && $0.maneuvers.first == 1 })
    #expect(index < final)
  }

  @Test func shortStepGetsNoEarlyPrompt() throws {
    var planner = try Self.planner([
      .depart("First Street", length: 200),
      .turn(.right, "X", bearing: 90, length: 200),
    ])
    #expect(planner.route.steps[0].duration < AnnouncementPlanner.earlyMinimumStepTime)
    let prompts = Self.drive(&planner, Self.ticks(to: planner.route.length, speed: 10), speed: 10)
    #expect(!prompts.contains { $0.stage == .early })
    #expect(prompts.contains { $0.stage == .final && $0.maneuvers == [1] })
  }

  // MARK: - Final prompt timing

  /// Distance before maneuver 1 at which its final prompt comes, driving at `speed`.
  static func finalDistance(speed: Double) throws -> (distance: Double, text: String) {
    var planner = try Self.planner([
      .depart("First Street", length: 600),
      .turn(.right, "X", bearing: 90, length: 400),
    ])
    let prompts = Self.drive(
      &planner, Self.ticks(to: planner.route.stepStart[1] + 50, speed: speed), speed: speed)
    let final = try #require(prompts.first { $0.stage == .final && $0.maneuvers == [1] })
    #expect(abs(final.announcement.distance - (planner.route.stepStart[1] - final.offset)) < 1e-9)
    return (final.announcement.distance, final.text)
  }

  @Test func finalPromptComesEarlierAtHigherSpeed() throws {
    let fast = try Self.finalDistance(speed: 20)
    let slow = try Self.finalDistance(speed: 5)
    #expect(fast.distance > slow.distance)
    let lead = Announcement.speakingTime(fast.text) + AnnouncementPlanner.finalMargin
    // Issued at the first one-second tick inside `speed × lead`.
    #expect(fast.distance <= 20 * lead && fast.distance > 20 * lead - 20)
    #expect(slow.distance <= max(5 * lead, 20) && slow.distance > max(5 * lead, 20) - 5)
  }

  @Test(arguments: [0.5, 1.0, 2.0, 5.0])
  func finalPromptIsNeverCloserThanTwentyMetres(_ speed: Double) throws {
    let (distance, _) = try Self.finalDistance(speed: speed)
    #expect(distance <= AnnouncementPlanner.finalMinimumDistance)
    #expect(distance > AnnouncementPlanner.finalMinimumDistance - speed)
  }

  // MARK: - Continue prompt

  @Test func veryLongStepGetsAContinuePromptAfterItsManeuver() throws {
    var planner = try Self.planner([
      .depart("First Street", length: 300),
      .turn(.right, "X", bearing: 90, length: 2500),
      .turn(.left, "Y", bearing: 0, length: 1500),
    ])
    let route = planner.route
    let prompts = Self.drive(&planner, Self.ticks(to: route.length, speed: 20), speed: 20)
    let continues = prompts.filter { $0.stage == .continue }
    try #require(continues.count == 1)
    let prompt = continues[0]
    #expect(prompt.maneuvers == [2])
    #expect(prompt.offset >= route.stepStart[1] && prompt.offset < route.stepStart[1] + 200)
    #expect(prompt.announcement.priority == .low)
    #expect(prompt.text == planner.phrases.continueFor(prompt.announcement.distance))
    #expect(prompt.text == "Continue for 2.5 kilometres")
    // It is the first thing said after the turn.
    #expect(prompts.first { $0.offset >= route.stepStart[1] }?.stage == .continue)
  }

  // MARK: - Each prompt once, passed maneuvers never

  @Test func noPromptTwiceWithNoisyOffsets() throws {
    var planner = try Self.planner(
      [
        .depart("First Street", length: 700),
        .turn(.right, "X", bearing: 90, length: 15, speed: 7.5),
        .turn(.left, "Y", bearing: 0, length: 2200, speed: 15),
        .turn(.right, "Z", bearing: 90, length: 300),
        .turn(.left, "W", bearing: 0, length: 10, speed: 10),
      ], arrival: .right)
    let route = planner.route
    // Deterministic noise in [-5, 5] m (a linear congruential generator).
    var state: UInt64 = 42
    var offsets: [Double] = []
    for second in 0..<Int(route.length / 10) + 5 {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      let noise = Double(state >> 33) / Double(1 << 31) * 10 - 5
      offsets.append(min(route.length, max(0, Double(second) * 10 + noise)))
    }
    // And an explicit back-and-forth around every maneuver.
    let wobble = route.stepStart.dropFirst().flatMap { s in
      [s - 4, s + 4, s - 4, s + 4, s - 5, s + 5]
    }
    let prompts = Self.drive(&planner, (offsets + wobble).map { max(0, $0) }, speed: 10)
    let keys = Self.keys(prompts)
    #expect(Set(keys).count == keys.count, "repeated: \(keys)")
    // Every maneuver still had its final prompt, on its own or chained.
    for m in 1..<route.steps.count {
      #expect(keys.contains("\(m) final"), "maneuver \(m) in \(keys)")
    }
  }

  @Test func skippedManeuverIsNeverAnnounced() throws {
    var planner = try Self.planner([
      .depart("First Street", length: 600),
      .turn(.right, "X", bearing: 90, length: 400),
      .turn(.left, "Y", bearing: 0, length: 400),
    ])
    let route = planner.route
    let offsets =
      Self.ticks(to: 200, speed: 10) + Self.ticks(from: 650, to: route.length, speed: 10)
    let prompts = Self.drive(&planner, offsets, speed: 10)
    #expect(!prompts.contains { $0.maneuvers.contains(1) }, "\(prompts.map(\.text))")
    #expect(prompts.contains { $0.stage == .final && $0.maneuvers.first == 2 })
  }

  @Test func maneuverPassedAfterItsEarlyPromptGetsNoFinal() throws {
    var planner = try Self.planner([
      .depart("First Street", length: 600),
      .turn(.right, "X", bearing: 90, length: 400),
      .turn(.left, "Y", bearing: 0, length: 400),
    ])
    let route = planner.route
    let offsets =
      Self.ticks(to: 400, speed: 10) + Self.ticks(from: 620, to: route.length, speed: 10)
    let prompts = Self.drive(&planner, offsets, speed: 10)
    #expect(prompts.contains { $0.stage == .early && $0.maneuvers == [1] })
    #expect(!prompts.contains { $0.stage == .final && $0.maneuvers.contains(1) })
    #expect(!prompts.contains { $0.offset >= 620 && $0.maneuvers.contains(1) })
  }

  // MARK: - Maneuver state

  @Test func maneuverStateFollowsTheApproach() throws {
    let planner = try Self.planner([
      .depart("First Street", length: 600),
      .turn(.right, "X", bearing: 90, length: 1000),
    ])
    let route = planner.route
    #expect(planner.maneuverState(offset: 0, speed: 10) == .initial)
    var states: [ManeuverState] = []
    for offset in Self.ticks(to: route.length, speed: 10) {
      let state = planner.maneuverState(offset: offset, speed: 10)
      if states.last != state { states.append(state) }
    }
    #expect(states == [.initial, .prepare, .execute, .continue, .prepare, .execute])
    #expect(planner.maneuverState(offset: route.stepStart[1] + 50, speed: 10) == .continue)
    #expect(planner.maneuverState(offset: route.stepStart[1] - 100, speed: 10) == .prepare)
    #expect(planner.maneuverState(offset: route.stepStart[1] - 15, speed: 10) == .execute)
  }
}

import Board
import Testing

private func ms(_ value: Int) -> Duration { .milliseconds(value) }

@Suite("Ignition debouncer")
struct IgnitionDebouncerTests {
  @Test func onIsPrompt() {
    var ignition = IgnitionDebouncer(initial: false)
    #expect(ignition.update(on: true, at: ms(1000)) == nil)
    #expect(ignition.nextDeadline == ms(1050))
    #expect(ignition.tick(at: ms(1049)) == nil)
    #expect(ignition.tick(at: ms(1050)) == true)
    #expect(ignition.isOn == true)
  }

  @Test func oneSecondCrankingDipIsIgnored() {
    var ignition = IgnitionDebouncer(initial: true)
    #expect(ignition.update(on: false, at: .seconds(10)) == nil)
    #expect(ignition.tick(at: .seconds(10) + ms(999)) == nil)
    #expect(ignition.update(on: true, at: .seconds(11)) == nil)
    #expect(ignition.nextDeadline == nil)
    #expect(ignition.tick(at: .seconds(60)) == nil)
    #expect(ignition.isOn == true)
  }

  @Test func threeSecondsOffCounts() {
    var ignition = IgnitionDebouncer(initial: true)
    #expect(ignition.update(on: false, at: .seconds(10)) == nil)
    #expect(ignition.nextDeadline == .seconds(12))
    #expect(ignition.tick(at: .seconds(12)) == false)
    #expect(ignition.update(on: true, at: .seconds(13)) == nil)
    #expect(ignition.tick(at: .seconds(13) + ms(50)) == true)
  }

  /// A dip that bounces on its way back still counts from its last edge.
  @Test func bouncyDip() {
    var ignition = IgnitionDebouncer(initial: true)
    var reported: [Bool] = []
    let edges: [(Int, Bool)] = [(0, false), (3, true), (5, false), (900, true), (901, false)]
    for (time, level) in edges {
      if let state = ignition.update(on: level, at: ms(time)) { reported.append(state) }
    }
    #expect(ignition.nextDeadline == ms(2901))
    if let state = ignition.update(on: true, at: ms(1200)) { reported.append(state) }
    #expect(reported == [])
    #expect(ignition.tick(at: .seconds(10)) == nil)
  }

  @Test func configurableOffDelay() {
    var ignition = IgnitionDebouncer(offDelay: .seconds(5), initial: true)
    _ = ignition.update(on: false, at: .zero)
    #expect(ignition.tick(at: .seconds(3)) == nil)
    #expect(ignition.tick(at: .seconds(5)) == false)
  }

  /// From an unknown state either level counts after the short delay.
  @Test func unknownStartUsesShortDelay() {
    var ignition = IgnitionDebouncer()
    #expect(ignition.isOn == nil)
    _ = ignition.update(on: false, at: ms(100))
    #expect(ignition.nextDeadline == ms(150))
    #expect(ignition.tick(at: ms(150)) == false)
  }

  @Test func seed() {
    var ignition = IgnitionDebouncer()
    #expect(ignition.seed(on: true) == true)
    #expect(ignition.seed(on: true) == nil)
  }
}

import Foundation
import Testing

@testable import Templates

@Suite struct SpellerTests {
  static let names = [
    "Töölönlahdenkatu", "Töölöntori", "Mannerheimintie", "Pohjoinen Mannerheimintie",
    "Mäkelänkatu", "Malminkatu", "Aleksanterinkatu",
  ]

  @Test func matchingIgnoresCaseAndAccentsAndFindsWordStarts() {
    let m = PlaceMatcher(names: Self.names)
    #expect(m.matches("toolo") == ["Töölönlahdenkatu", "Töölöntori"])
    #expect(m.matches("TÖÖLÖNL") == ["Töölönlahdenkatu"])
    #expect(m.matches("mann") == ["Mannerheimintie", "Pohjoinen Mannerheimintie"])
    #expect(m.matches("katu").isEmpty, "inside a word does not match")
    #expect(m.matches("poh mann") == ["Pohjoinen Mannerheimintie"])
    #expect(m.matches("make") == ["Mäkelänkatu"])
  }

  @Test func theLikeliestNextLettersComeFirst() {
    var s = RotarySpeller(placeNames: Self.names)
    s.type("ma")
    #expect(s.suggestions == ["n", "k", "l"])  // Mannerheimintie ×2, then alphabetical
    #expect(s.keys.prefix(3) == [.letter("n"), .letter("k"), .letter("l")])
    #expect(s.keys.suffix(2) == [.space, .delete])
    #expect(Set(s.keys).count == 26 + 10 + 2)
    #expect(
      s.results == ["Mäkelänkatu", "Malminkatu", "Mannerheimintie", "Pohjoinen Mannerheimintie"])
    s.type(.delete)
    #expect(s.text == "m")
  }

  @Test func theKnobSpellsAndChoosesAResult() {
    var c = Fixture.onMap()
    _ = c.handle(.push(1, .search(SearchTemplate(id: "s", placeNames: Self.names))), at: Fixture.t0)
    #expect(c.focusedElementID == "key.m", "m and t start the most names after a/p... first key")
    // Type "to": find the "t" key on the ring and press it, then the first key again.
    func typeKey(_ letter: Character) {
      guard case .search(let s) = c.topTemplate else { return }
      let order = s.focusOrder
      let target = order.firstIndex(of: "key.\(letter)")!
      let current = order.firstIndex(of: c.focusedElementID!)!
      _ = c.handle(.encoder(target - current), at: Fixture.t0)
      _ = c.handle(.press(.select, long: false), at: Fixture.t0)
    }
    typeKey("t")
    #expect(c.focusedElementID == "key.o", "after t, o is the likeliest and focused")
    for letter in "oolo" { typeKey(letter) }
    guard case .search(let s) = c.topTemplate else { return #expect(Bool(false)) }
    #expect(s.speller.text == "toolo")
    #expect(s.speller.results == ["Töölönlahdenkatu", "Töölöntori"])
    // The results follow the keys; one detent back from the first key wraps to the last.
    _ = c.handle(.encoder(-1), at: Fixture.t0)
    #expect(c.focusedElementID == "result.Töölöntori")
    #expect(
      c.handle(.press(.select, long: false), at: Fixture.t0) == [
        .selected(templateID: "s", elementID: "result.Töölöntori")
      ])
  }
}

@Suite struct DrivingLimitTests {
  @Test func listsAreCutAndTheSpellerIsOffWhileDriving() {
    var c = Fixture.onMap()
    _ = c.handle(.push(1, Fixture.list("l", items: 20)), at: Fixture.t0)
    _ = c.handle(.encoder(15), at: Fixture.t0)
    #expect(c.focusedElementID == "l.i15")
    let effects = c.handle(.vehicleSpeed(10 / 3.6), at: Fixture.t0)
    #expect(effects.contains(.drivingLimitsChanged(true)))
    #expect(effects.contains(.render(.template("l"))))
    guard case .list(let list) = c.topTemplate else { return #expect(Bool(false)) }
    #expect(list.visibleSections.flatMap(\.items).count == 12 && list.isTruncated)
    #expect(c.focusedElementID == "l.i0", "the focused row was cut")
    // A search pushed while driving has its speller off; results stay.
    _ = c.handle(
      .push(2, .search(SearchTemplate(id: "s", placeNames: SpellerTests.names))), at: Fixture.t0)
    guard case .search(let s) = c.topTemplate else { return #expect(Bool(false)) }
    #expect(s.disabledMessage == SearchTemplate.drivingMessage() && s.focusOrder.isEmpty)
    #expect(c.handle(.press(.select, long: false), at: Fixture.t0) == [])
    // Slowing down lifts the limits.
    #expect(c.handle(.vehicleSpeed(5 / 3.6), at: Fixture.t0).contains(.drivingLimitsChanged(false)))
    guard case .search(let open) = c.topTemplate else { return #expect(Bool(false)) }
    #expect(open.disabledMessage == nil && c.focusedElementID != nil)
    #expect(c.handle(.vehicleSpeed(6 / 3.6), at: Fixture.t0) == [], "no change, no effects")
  }

  @Test func theThresholdIsConfigurable() {
    var c = Fixture.onMap(InterfaceConfiguration(drivingSpeed: 20 / 3.6, drivingListItemLimit: 5))
    _ = c.handle(.push(1, Fixture.list("l", items: 10)), at: Fixture.t0)
    #expect(
      !c.handle(.vehicleSpeed(15 / 3.6), at: Fixture.t0).contains(.drivingLimitsChanged(true)))
    _ = c.handle(.vehicleSpeed(25 / 3.6), at: Fixture.t0)
    guard case .list(let list) = c.topTemplate else { return #expect(Bool(false)) }
    #expect(list.focusOrder.count == 5)
  }
}

@Suite("Search ranked by distance")
struct RankedSearchTests {
  @Test("names given nearest first keep that order among matches; start matches still first")
  func ranked() {
    let names = ["Pohjoinen Mannerheimintie", "Mannerheimintie", "Töölönlahdenkatu", "Mannerkatu"]
    let m = PlaceMatcher(names: names, ranked: true)
    #expect(m.matches("mann") == ["Mannerheimintie", "Mannerkatu", "Pohjoinen Mannerheimintie"])
    #expect(m.matches("") == names)
    #expect(m.matches("toolon") == ["Töölönlahdenkatu"])
    let alphabetical = PlaceMatcher(names: ["Mannerkatu", "Mannerheimintie"])
    #expect(alphabetical.matches("mann") == ["Mannerheimintie", "Mannerkatu"])
  }
}

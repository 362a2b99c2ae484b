import Foundation
import Testing

@testable import Navigation

@Suite struct RoadReferenceTests {
  @Test(
    arguments: [
      ("E 18", "E18"), ("A 9", "A9"), ("B 85", "B85"), ("I 81", "I-81"), ("I-81", "I-81"),
      ("US 322", "US 322"), ("PA  230", "PA 230"), ("St 2183", "St 2183"), ("A-6", "A-6"),
      ("CG-2", "CG-2"), ("A1(M)", "A1(M)"), ("М-11", "М-11"), (" 7 ", "7"), ("E45", "E45"),
    ])
  func normalisedToTheWrittenForm(raw: String, written: String) {
    #expect(RoadReference.normalised(raw) == written)
  }

  @Test func splitsListsOnEverySeparator() {
    #expect(RoadReference.split("7; 15; E 18") == ["7", "15", "E18"])
    #expect(RoadReference.split("I 83;US 322") == ["I-83", "US 322"])
    #expect(RoadReference.split("A 1, A 10") == ["A1", "A10"])
    #expect(RoadReference.split("B 2/B 3") == ["B2", "B3"])
    #expect(RoadReference.split("E 18;E18; ;") == ["E18"])
    #expect(RoadReference.split(String(repeating: "1;", count: 50)) == ["1"])
    #expect(RoadReference.split((1...50).map(String.init).joined(separator: ";")).count == 8)
    #expect(RoadReference.split(String(repeating: "A", count: 40)).isEmpty)
  }

  @Test func principalIsTheMostSignificant() {
    #expect(RoadReference.principal("7; 15; E 18") == "E18")
    #expect(RoadReference.principal("B 85;E 48") == "E48")
    #expect(RoadReference.principal("St 2183;B 85") == "B85")
    #expect(RoadReference.principal("I 83;US 322") == "I-83")
    #expect(RoadReference.principal("US 322;I 83") == "US 322")
    #expect(RoadReference.principal("PA 441;SR3032") == "PA 441")
    #expect(RoadReference.principal("CG3i4; CG-3") == "CG3i4")
    #expect(RoadReference.principal("7") == "7")
    #expect(RoadReference.principal(" ; ") == nil)
    #expect(RoadReference.principal(nil) == nil)
  }

  @Test func ranks() {
    #expect(RoadReference.rank("E18") == .european)
    #expect(RoadReference.rank("E 45") == .european)
    for national in ["A9", "M1", "I-81", "US 322", "B85", "N7", "S5", "AP-7", "М-11"] {
      #expect(RoadReference.rank(national) == .national, "\(national)")
    }
    for other in ["7", "PA 230", "St 2183", "L73", "CG-2", "Mannerheimintie"] {
      #expect(RoadReference.rank(other) == .other, "\(other)")
    }
  }

  @Test func referencesAreToldFromPlaces() {
    for reference in ["A 10", "E45", "PA 283", "US 322", "B85", "St 2183", "CS-101", "7", "12A"] {
      #expect(RoadReference.looksLikeReference(reference), "\(reference)")
    }
    for place in [
      "Vaduz", "Bindlacher Berg", "Harrisburg International Airport", "Pennsylvania Turnpike",
      "Airport",
    ] {
      #expect(!RoadReference.looksLikeReference(place), "\(place)")
    }
  }

  @Test func stepsNameTheirPrincipalReference() {
    #expect(step(.turn, .right, ref: "7; 15; E 18").principalRef == "E18")
    #expect(step(.turn, .right, ref: "7; 15; E 18").roadLabel?.text == "E18")
    #expect(step(.turn, .right, ref: "7; 15; E 18").roadLabel?.isReference == true)
    #expect(step(.turn, .right, name: "Itäväylä", ref: "E 18").roadLabel?.text == "Itäväylä")
    #expect(step(.turn, .right, name: " ", ref: " ").roadLabel == nil)
  }
}

@Suite struct SignpostTests {
  @Test func readsOSRMDestinations() throws {
    let sign = try #require(Signpost(osrmDestinations: "A 1, A 10: Vaduz, Feldkirch", exits: "4"))
    #expect(sign.exits == ["4"])
    #expect(sign.refs == ["A1", "A10"])
    #expect(sign.destinations == ["Vaduz", "Feldkirch"])
    #expect(sign.towards == ["Vaduz", "Feldkirch"])
    #expect(
      sign.towardsVariants == [
        "A1, A10 · Vaduz, Feldkirch", "Vaduz, Feldkirch", "Vaduz", "A1, A10", "A1",
      ])
    let places = try #require(Signpost(osrmDestinations: "Vaduz, Feldkirch, Buchs", exits: nil))
    #expect(places.refs.isEmpty && places.destinations == ["Vaduz", "Feldkirch", "Buchs"])
    #expect(places.towards == ["Vaduz", "Feldkirch"])
    let roads = try #require(Signpost(osrmDestinations: "A 1, A 10", exits: "12A;12B"))
    #expect(roads.refs == ["A1", "A10"] && roads.destinations.isEmpty)
    #expect(roads.towards == ["A1", "A10"] && roads.exit == "12A")
    #expect(Signpost(osrmDestinations: " , ", exits: "") == nil)
    #expect(Signpost(osrmDestinations: nil, exits: nil) == nil)
  }

  @Test func readsOSMTags() throws {
    let sign = try #require(
      Signpost(destination: "PA 230;Highspire", destinationRef: nil, exit: "1B"))
    #expect(sign.refs == ["PA 230"] && sign.destinations == ["Highspire"] && sign.exit == "1B")
    let both = try #require(
      Signpost(destination: "Würzburg;Bamberg", destinationRef: "A 70", exit: nil))
    #expect(both.refs == ["A70"] && both.destinations == ["Würzburg", "Bamberg"])
    #expect(Signpost(destination: nil, destinationRef: nil, exit: nil) == nil)
  }

  @Test func holdsWhatAFileSaysToItsLimits() throws {
    let many = (1...40).map { "Place \($0)x" }.joined(separator: ", ")
    let sign = try #require(Signpost(osrmDestinations: many, exits: nil))
    #expect(sign.destinations.count == Signpost.maximumCount)
    let long = String(repeating: "x", count: 500)
    #expect(Signpost(osrmDestinations: long, exits: nil) == nil)
    let decoded = try JSONDecoder().decode(
      Signpost.self,
      from: Data(
        #"{"exits":["1","1","2"],"refs":["E 18"],"destinations":["\#(long)","Turku"]}"#.utf8))
    #expect(decoded == Signpost(exits: ["1", "2"], refs: ["E18"], destinations: ["Turku"]))
    let saved = try JSONEncoder().encode(sign)
    #expect(try JSONDecoder().decode(Signpost.self, from: saved) == sign)
  }

  @Test func exitOnlyKeepsTheNumber() {
    let sign = Signpost(exits: ["4"], refs: ["A1"], destinations: ["Vaduz"])
    #expect(sign.exitOnly == Signpost(exits: ["4"]))
    #expect(Signpost(destinations: ["Vaduz"]).exitOnly == nil)
  }
}

import Foundation
import Geo
import Readers
import Testing

@testable import Navigation

/// An OSRM route leaving a motorway at a signposted exit (`Tests/Fixtures/osrm`).
@Suite struct SignpostReaderTests {
  static let file = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fixtures/osrm/rheintal-exit.json")

  static func steps() throws -> [RouteStep] {
    try #require(try OSRMRouteReader.read(contentsOf: file).first).steps
  }

  @Test func readsDestinationsAndExits() throws {
    let steps = try Self.steps()
    #expect(
      steps.map(\.signpost) == [
        nil, Signpost(exits: ["4"], refs: ["A1", "A10"], destinations: ["Vaduz", "Feldkirch"]), nil,
        nil,
      ])
    // The source's ref list is kept as written; guidance names its main reference.
    #expect(steps[0].ref == "A 13; E 43")
    #expect(steps[0].principalRef == "E43")
    #expect(steps[2].principalRef == "7")
  }

  @Test(
    arguments: [
      (
        "en",
        [
          "Head south on E43", "Take exit 4 on the right towards Vaduz and Feldkirch",
          "Turn right onto Zollstrasse",
        ]
      ),
      (
        "de",
        [
          "Auf der E43 nach Süden fahren",
          "Rechts die Ausfahrt 4 Richtung Vaduz und Feldkirch nehmen",
          "Rechts abbiegen auf Zollstrasse",
        ]
      ),
      (
        "es",
        [
          "Dirígete al sur por la E43",
          "Toma la salida 4 de la derecha en dirección a Vaduz y Feldkirch",
          "Gira a la derecha hacia Zollstrasse",
        ]
      ),
      (
        "it",
        [
          "Procedi in direzione sud sulla E43",
          "Prendi l'uscita 4 a destra verso Vaduz e Feldkirch", "Svolta a destra in Zollstrasse",
        ]
      ),
      (
        "ru",
        [
          "Двигайтесь на юг по E43", "Сверните на съезд 4 справа в направлении Vaduz и Feldkirch",
          "Поверните направо на Zollstrasse",
        ]
      ),
      ("zh", ["沿E43向南行驶", "从右侧4号出口驶出，前往Vaduz、Feldkirch方向", "右转，进入Zollstrasse"]),
    ])
  func spokenInEveryLanguage(language: String, expected: [String]) throws {
    let steps = try Self.steps()
    let phrases = book(language)
    #expect(steps.prefix(3).map(phrases.instruction) == expected)
  }

  /// Driving the route at 30 m/s: the early prompt names both places, the final one only
  /// the first, so it ends before the exit.
  @Test func theFinalPromptNamesOnePlace() throws {
    let route = try #require(try OSRMRouteReader.read(contentsOf: Self.file).first)
    var planner = AnnouncementPlanner(route: GuidanceRoute(route), phrases: book("en"))
    var said: [Announcement.Stage: String] = [:]
    for offset in stride(from: 0.0, through: 1900, by: 10) {
      for a in planner.update(offset: offset, speed: 30) where a.maneuvers.first == 1 {
        said[a.stage] = a.text
      }
    }
    #expect(said[.early] == "In 900 metres, take exit 4 on the right towards Vaduz and Feldkirch")
    #expect(said[.final] == "Take exit 4 on the right towards Vaduz")
    #expect(planner.headline(for: 1) == "Take exit 4 on the right towards Vaduz and Feldkirch")
  }
}

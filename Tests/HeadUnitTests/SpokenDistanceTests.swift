import Foundation
import Maneuvers
import Navigation
import Readers
import Routing
import TestSupport
import Testing

@testable import Commands
@testable import HeadUnit

/// Every prompt of every embedded drive, in both unit systems and every language, says a
/// distance no more than 25 % or 30 m (whichever is larger) from the real one — read back
/// from the words themselves, and as the planner says it meant.
@Suite("Spoken distances on the embedded drives")
struct SpokenDistanceTests {
  /// The offline router on the embedded map, so the wrong-turn drives reroute and their
  /// new routes' prompts count too.
  static let router: Replay.Router? = {
    guard let path = EmbeddedData.mapURL?.path,
      let graph = try? RouteCommand.loadMap(path)
    else { return nil }
    let offline = Router(graph: graph)
    return { Rerouting.answer($0, using: offline) }
  }()

  /// How far a spoken distance may be from the real one, metres.
  static func tolerance(_ metres: Double) -> Double { max(0.25 * metres, 30) }

  @Test(
    "every early and continue prompt says its distance within 25 % or 30 m",
    arguments: Phrasebook.supportedLanguages, [UnitSystem.metric, .imperial])
  func everyPrompt(language: String, units: UnitSystem) throws {
    let router = try #require(Self.router, "the embedded map")
    let phrases = try Phrasebook(language: language, units: units)
    var checked = 0
    var words: Set<String> = []
    for drive in EmbeddedData.drives {
      let route = try ReplayCommand.loadRoute(try #require(EmbeddedData.routeURL(forDrive: drive)))
      let track = try TrackReader.read(
        contentsOf: try #require(EmbeddedData.trackURL(forDrive: drive)))
      let timeline = Replay(route: route, fixes: track.fixes, phrases: phrases, router: router)
        .run()
      for entry in timeline {
        guard case .announce(let a) = entry.kind else { continue }
        let place = "\(drive) \(language) \(units) t=\(entry.t): \(a.text)"
        guard a.stage == .early || a.stage == .continue else {
          #expect(a.spokenDistance == nil, "\(place)")
          #expect(SpokenDistanceReader.metres(in: a.text, language: language) == nil, "\(place)")
          continue
        }
        let spoken = try #require(a.spokenDistance, "\(place)")
        let heard = try #require(
          SpokenDistanceReader.metres(in: a.text, language: language), "no distance in \(place)")
        #expect(abs(heard - spoken) < 0.5, "\(place): says \(heard) m, meant \(spoken) m")
        #expect(
          abs(heard - a.distance) <= Self.tolerance(a.distance),
          "\(place): says \(heard) m for \(a.distance) m")
        let said = phrases.distanceSaid(a.distance, afterPreposition: a.stage == .early)
        #expect(said.metres == spoken)
        #expect(a.text.contains(said.words), "\(place) lacks \"\(said.words)\"")
        words.insert(said.words)
        checked += 1
      }
    }
    // 64 early prompts over the 20 drives, at 100–330 m: in feet and in miles.
    #expect(checked >= 60, "\(language) \(units): \(checked) prompts with a distance")
    #expect(words.count >= 3, "\(words.sorted())")
  }

  @Test(
    "the rounding keeps every distance from 0 to 60 km within 25 % or 30 m",
    arguments: Phrasebook.supportedLanguages, [UnitSystem.metric, .imperial])
  func everyDistance(language: String, units: UnitSystem) throws {
    let phrases = try Phrasebook(language: language, units: units)
    var sayings: [String: Double] = [:]
    var metres = 0.0
    while metres <= 60_000 {
      for afterPreposition in [false, true] {
        let said = phrases.distanceSaid(metres, afterPreposition: afterPreposition)
        #expect(
          abs(said.metres - metres) <= Self.tolerance(metres),
          "\(language) \(units) \(metres) m: \(said.words)")
        sayings[said.words] = said.metres
      }
      // Every metre through the bands below a mile, then 0.5 % steps.
      metres = metres < 1700 ? metres + 1 : metres * 1.005
    }
    // Each wording once: what its words say is what it meant.
    for (words, meant) in sayings {
      let heard = try #require(
        SpokenDistanceReader.metres(in: words, language: language), "\(words)")
      #expect(abs(heard - meant) < 0.5, "\(words): \(meant) m")
    }
  }
}

/// Reads the distance a prompt says back out of its words, by language: a number and a
/// unit ("300 metres", "1,5 Kilometern", "0.2 miles", "500英尺"), or a fraction of a mile
/// said in words ("a quarter mile", "полмили"). Independent of the phrase catalogs, so a
/// catalog that says the wrong unit is caught.
enum SpokenDistanceReader {
  static let mile = 1609.344
  static let foot = 0.3048

  /// Unit words (regular expressions) and metres per unit.
  static let units: [String: [(String, Double)]] = [
    "en": [("kilometres?", 1000), ("metres?", 1), ("feet|foot", foot), ("miles?", mile)],
    "de": [("Kilometern?", 1000), ("Metern?", 1), ("Fuß", foot), ("Meilen?", mile)],
    "es": [("kilómetros?", 1000), ("metros?", 1), ("pies?", foot), ("millas?", mile)],
    "it": [("chilometr[oi]", 1000), ("metr[oi]", 1), ("pied[ei]", foot), ("migli[oa]", mile)],
    "ru": [
      ("километр(?:а|ов)?", 1000), ("метр(?:а|ов)?", 1), ("фут(?:а|ов)?", foot),
      ("мил(?:я|ю|и|ь)", mile),
    ],
    "zh": [("公里", 1000), ("米", 1), ("英尺", foot), ("英里", mile)],
  ]

  /// Fractions of a mile said in words, and metres.
  static let fractions: [String: [(String, Double)]] = [
    "en": [
      ("three quarters of a mile", 0.75 * mile), ("a quarter mile", 0.25 * mile),
      ("half a mile", 0.5 * mile),
    ],
    "de": [
      ("Dreiviertelmeile", 0.75 * mile), ("Viertelmeile", 0.25 * mile),
      ("halbe Meile", 0.5 * mile), ("halben Meile", 0.5 * mile),
    ],
    "es": [
      ("tres cuartos de milla", 0.75 * mile), ("un cuarto de milla", 0.25 * mile),
      ("media milla", 0.5 * mile),
    ],
    "it": [
      ("tre quarti di miglio", 0.75 * mile), ("un quarto di miglio", 0.25 * mile),
      ("mezzo miglio", 0.5 * mile),
    ],
    "ru": [
      ("три четверти мили", 0.75 * mile), ("четверть мили", 0.25 * mile),
      ("полмили", 0.5 * mile),
    ],
    "zh": [("四分之三英里", 0.75 * mile), ("四分之一英里", 0.25 * mile), ("半英里", 0.5 * mile)],
  ]

  /// The distance `text` says, metres; nil when it says none.
  static func metres(in text: String, language: String) -> Double? {
    for (phrase, metres) in fractions[language] ?? [] where text.contains(phrase) {
      return metres
    }
    for (unit, scale) in units[language] ?? [] {
      // Chinese runs the next word on: "300米右转".
      let end = language == "zh" ? "" : #"(?!\p{L})"#
      let pattern = #"(\d+(?:[.,]\d+)?) ?(?:"# + unit + ")" + end
      guard let regex = try? NSRegularExpression(pattern: pattern),
        let match = regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)),
        let range = Range(match.range(at: 1), in: text),
        let number = Double(text[range].replacingOccurrences(of: ",", with: "."))
      else { continue }
      return number * scale
    }
    return nil
  }
}

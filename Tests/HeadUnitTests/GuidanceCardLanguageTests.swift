import Foundation
import Geo
import Maneuvers
import MapFile
import Navigation
import Rendering
import Routing
import Testing

@testable import Commands
@testable import HeadUnit

/// The guidance card and the "Then" card read in the screen's language whatever language
/// the route's own instructions are in: the offline router's English, a server's English,
/// the screen's own.
@Suite("Guidance card language")
struct GuidanceCardLanguageTests {
  static let drive = "helsinki-1-clean"
  /// Moments of the drive before each of its first maneuvers, and one with a Then card.
  static let moments: [Double] = [12, 60, 100, 150, 200]

  /// The offline router's route over the embedded map between the drive's route's ends.
  static func offlineRoute() throws -> Route {
    let server = try DriveFixtures.route(drive)
    let map = try RoadMap(contentsOf: Paths.helsinki.appendingPathComponent("helsinki.map"))
    let from = try #require(server.origin)
    let to = try #require(server.destination)
    return try #require(try Router(graph: map).routes(from: from, to: to).first)
  }

  /// Every instruction text of the cards at `moments` of the drive along `route`, shown
  /// with `phrases`, each with the step it words.
  static func cards(_ route: Route, phrases: Phrasebook) throws -> [(String, RouteStep)] {
    let screens = ScreenReplay(
      route: route, fixes: try DriveFixtures.fixes(drive), phrases: phrases,
      timeZone: TimeZone(identifier: "UTC")!)
    var texts: [(String, RouteStep)] = []
    for (model, instant) in screens.models(at: moments) {
      let scene = model.scene(at: instant, size: .standard)
      guard let update = model.latest, let next = update.upcoming.first else { continue }
      for text in scene.maneuver?.instructionVariants ?? [] { texts.append((text, next.step)) }
      if case .then(let then)? = scene.secondary, update.upcoming.count > 1 {
        for text in then.instructionVariants { texts.append((text, update.upcoming[1].step)) }
      }
    }
    return texts
  }

  /// The route's own texts as a card would show them, without their full stops.
  static func ownTexts(_ route: Route) -> Set<String> {
    Set(route.steps.flatMap(\.instructionVariants).map { SentenceEnd.removing(from: $0) })
  }

  /// Checks that every card text is one the German screen writes for its step, and none is
  /// one of the route's English texts.
  static func expectGerman(_ cards: [(String, RouteStep)], route: Route) throws {
    let german = try ScreenText(language: "de")
    #expect(cards.count >= Self.moments.count)
    let english = Self.ownTexts(route)
    for (text, step) in cards {
      #expect(
        german.instructions(for: step, ended: false).contains(text), "not German: \(text)")
      #expect(!english.contains(text), "the route's English on a German card: \(text)")
    }
  }

  @Test func aGermanScreenShowsAnOfflineRouteInGerman() throws {
    let route = try Self.offlineRoute()
    #expect(route.locale == "en")
    #expect(route.steps.contains { $0.instructionVariants.first?.hasPrefix("Turn") == true })
    let cards = try Self.cards(route, phrases: try Phrasebook(language: "de"))
    try Self.expectGerman(cards, route: route)
    #expect(cards.contains { $0.0 == "Links abbiegen auf Pohjoisesplanadi" })
  }

  @Test func aGermanScreenShowsAServersEnglishRouteInGerman() throws {
    let route = try DriveFixtures.route(Self.drive)
    #expect(route.locale == "en-US")
    let cards = try Self.cards(route, phrases: try Phrasebook(language: "de"))
    try Self.expectGerman(cards, route: route)
    #expect(cards.contains { $0.0 == "Rechts abbiegen auf Mannerheimintie" })
  }

  @Test func anEnglishScreenKeepsTheOfflineRoutersWords() throws {
    let route = try Self.offlineRoute()
    let cards = try Self.cards(route, phrases: try Phrasebook(language: "en"))
    let english = Self.ownTexts(route)
    #expect(cards.contains { english.contains($0.0) })
    #expect(cards.allSatisfy { !$0.0.hasSuffix(".") })
  }

  @Test func aChangeOfLanguageShowsAtOnce() throws {
    let route = try Self.offlineRoute()
    let screens = ScreenReplay(
      route: route, fixes: try DriveFixtures.fixes(Self.drive),
      phrases: try Phrasebook(language: "en"), timeZone: TimeZone(identifier: "UTC")!)
    let (english, instant) = try #require(screens.models(at: [12]).first)
    // The same guidance, its session run in English, drawn by a screen now in Italian.
    let italian = NavigationScreenModel(
      guidance: english.guidance, route: english.route, phrases: try Phrasebook(language: "it"))
    let card = try #require(italian.scene(at: instant, size: .standard).maneuver)
    #expect(card.instructionVariants.first == "Svolta a sinistra in Pohjoisesplanadi")
  }
}

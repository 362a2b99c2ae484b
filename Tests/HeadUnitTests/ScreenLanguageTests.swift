import Foundation
import Geo
import Navigation
import Rendering
import Templates
import Testing

@testable import Commands
@testable import Core
@testable import HeadUnit

/// The configured language reaches every screen the unit words itself: the app's tour,
/// the Nearby grid, the guidance map and the Parked screen show no English catalog text in
/// another language (a word both languages share, "GPS", "Hotel", is allowed).
@Suite("Screen language")
struct ScreenLanguageTests {
  static let others = Phrasebook.supportedLanguages.filter { $0 != "en" }
  static let helsinki = Coordinate(latitude: 60.1699, longitude: 24.9384)

  /// The English catalog's words (without slots) that `language` words differently.
  static func foreign(in language: String) throws -> Set<String> {
    let english = ScreenText()
    let own = try ScreenText(language: language)
    let ownWords = Set(ScreenTextKey.allCases.flatMap { own.variants($0) })
    let englishWords = ScreenTextKey.allCases.filter(\.slots.isEmpty)
      .flatMap { english.variants($0) }
    return Set(englishWords).subtracting(ownWords)
  }

  /// Every string in `value`, skipping routes (their instructions are the router's) and map
  /// layers.
  static func strings(in value: Any, into found: inout Set<String>, depth: Int = 0) {
    if let text = value as? String {
      found.insert(text)
      return
    }
    guard depth < 40 else { return }
    let mirror = Mirror(reflecting: value)
    let type = String(describing: mirror.subjectType)
    let skipped = ["Route", "MapRoute", "GuidanceRoute", "ScreenText", "Date", "TimeZone"]
    guard !skipped.contains(type), !type.contains("Layer") else { return }
    for child in mirror.children { strings(in: child.value, into: &found, depth: depth + 1) }
  }

  static func shown(_ scene: TemplateScene) -> Set<String> {
    var found: Set<String> = []
    strings(in: scene.content, into: &found)
    strings(in: scene.modal as Any, into: &found)
    strings(in: scene.tabBar as Any, into: &found)
    if let back = scene.backTitle { found.insert(back) }
    return found
  }

  @Test(arguments: others)
  func theTourSpeaksTheLanguage(language: String) throws {
    let phrases = try Phrasebook(language: language)
    let frames = NavigationAppTour.run(
      provider: DriveFixtures.provider, phrases: phrases, position: Self.helsinki,
      start: Date(timeIntervalSince1970: 0))
    let foreign = try Self.foreign(in: language)
    var composer = FrameComposer(layers: [])
    var seen: Set<String> = []
    for frame in frames {
      guard
        case .scene(let scene) = composer.frame(
          of: frame.core, at: frame.at, size: .standard, theme: .day)
      else {
        Issue.record("\(language) \(frame.caption): nothing on screen")
        continue
      }
      #expect(scene.text.language == language)
      if case .map(let map) = scene.content { #expect(map.scene.text.language == language) }
      var found = Self.shown(scene)
      Self.strings(in: frame.controller.stack, into: &found)
      Self.strings(in: frame.controller.presented as Any, into: &found)
      seen.formUnion(found)
      let english = found.intersection(foreign)
      #expect(english.isEmpty, "\(language) \(frame.caption): \(english.sorted())")
    }
    let own = try ScreenText(language: language)
    // The tour went through the screens the catalog words.
    let keys: [ScreenTextKey] = [
      .destinations, .favourites, .start, .endTrip, .continueTrip, .fastest, .destinationsButton,
    ]
    for key in keys {
      #expect(seen.contains(own[key]), "\(language): \(key) not seen")
    }
  }

  @Test(arguments: others)
  func theNearbyGridNamesCategoriesInTheLanguage(language: String) throws {
    let places = [
      Place(id: "a", name: "Neste Kamppi", coordinate: Self.helsinki, category: "Fuel"),
      Place(id: "b", name: "Kamppi P", coordinate: Self.helsinki, category: "Parking"),
      Place(id: "c", name: "Somewhere", coordinate: Self.helsinki),
    ]
    var interface = InterfaceConfiguration()
    interface.text = try ScreenText(language: language)
    let app = NavigationApp(provider: ListedPlaces(places: places), configuration: interface)
    let grid = app.nearbyGrid()
    let own = interface.text
    #expect(grid.title == own[.nearby])
    #expect(grid.buttons.map(\.title) == [own[.fuel], own[.parking], own[.otherCategory]])
    #expect(grid.buttons.map(\.id) == ["category.fuel", "category.parking", "category.other"])
  }

  @Test(arguments: others)
  func routeChoicesAreSummedUpInTheLanguage(language: String) throws {
    let own = try ScreenText(language: language)
    let app = NavigationApp(
      provider: DriveFixtures.provider, configuration: InterfaceConfiguration(text: own))
    let place = try #require(DriveFixtures.provider.places.first)
    let trip = try #require(DriveFixtures.provider.trip(to: place, from: nil))
    let choice = try #require(app.preview(of: trip, to: place).trips.first?.routeChoices.first)
    let route = try #require(choice.route)
    #expect(choice.summaryVariants == [own.distance(route.distance)])
    #expect(choice.selectionSummaryVariants == [own.duration(route.duration)])
    #expect(choice.additionalInformationVariants == [own[.fastest]])
    #expect(app.preview(of: trip, to: place).startButtonTitle == own[.start])
  }

  @Test(arguments: others)
  func theParkedScreenSpeaksTheLanguage(language: String) throws {
    let origin = Date(timeIntervalSince1970: 1_800_000_000)
    let snapshot = try DriveFixtures.snapshot("helsinki-1-clean", savedAt: origin)
    let core = HeadUnitCore(
      provider: DriveFixtures.provider, phrases: try Phrasebook(language: language))
    var clock = CoreClock(core: core, origin: origin, trip: snapshot)
    clock.send(.input(.ignition(on: false, at: .zero)), at: 10)
    clock.advance(to: 21)
    #expect(clock.core.screen == .parked)
    let parked = clock.core.parkedInformation
    let own = try ScreenText(language: language)
    #expect(parked.title == own[.parked])
    #expect(parked.items.map(\.title).contains(own[.ignition]))
    var found: Set<String> = []
    Self.strings(in: parked, into: &found)
    #expect(found.intersection(try Self.foreign(in: language)).isEmpty)
    var composer = FrameComposer(layers: [])
    let now = clock.origin.addingTimeInterval(21)
    guard
      case .scene(let scene) = composer.frame(
        of: clock.core, at: now, size: .standard, theme: .day)
    else {
      Issue.record("no Parked screen")
      return
    }
    #expect(scene.text.language == language)
  }

  @Test(arguments: others)
  func theGuidanceMapSpeaksTheLanguage(language: String) throws {
    let phrases = try Phrasebook(language: language)
    let route = try DriveFixtures.route("helsinki-1-clean")
    let fixes = try DriveFixtures.fixes("helsinki-1-clean")
    let screens = ScreenReplay(
      route: route, fixes: fixes, phrases: phrases, timeZone: TimeZone(identifier: "UTC")!)
    let (model, instant) = try #require(screens.models(at: [60]).first)
    let scene = model.scene(at: instant, size: .standard)
    #expect(scene.text.language == language)
    let trip = try #require(scene.trip)
    let own = try ScreenText(language: language)
    let minutes = own.text(.minutes, ["minutes": ""]).trimmingCharacters(in: .whitespaces)
    #expect(trip.timeRemaining.contains(minutes), "\(trip.timeRemaining)")
    var found: Set<String> = []
    Self.strings(in: scene.template, into: &found)
    #expect(found.intersection(try Self.foreign(in: language)).isEmpty, "\(found.sorted())")
  }
}

/// Places from a list, no routes: for screens that only list places.
private struct ListedPlaces: PlaceListProvider {
  let places: [Place]
  func trip(
    to place: Place, from origin: Coordinate?, avoiding avoid: AvoidableRoads
  ) -> Navigation.Trip? { nil }
}

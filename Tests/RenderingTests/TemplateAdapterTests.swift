import Foundation
import Geo
import Navigation
import Rendering
import Templates
import Testing

/// The interface controller's templates drawn through the adapters: what the knob can
/// reach is what the screen shows, under the controller's own element ids.
@Suite struct TemplateAdapterTests {
  static let t0 = Date(timeIntervalSince1970: 1_700_000_000)

  static func controller(_ events: [UIEvent]) -> InterfaceController {
    var c = InterfaceController()
    _ = c.handle(.setRoot(0, .map(.guidance())), at: t0)
    for (i, e) in events.enumerated() { _ = c.handle(e, at: t0.addingTimeInterval(Double(i))) }
    return c
  }

  static func draw(
    _ c: InterfaceController, size: ScreenSize = .standard, routes: [String: [MapRoute]] = [:]
  ) throws -> (TemplateScene, [FocusTarget], TemplateRenderer) {
    let map = MapContext(scene: try TemplateFixtures.driving(size, .day), routes: routes)
    let scene = try #require(TemplateScene(c, size: size, theme: .day, map: map))
    let renderer = try TemplateRenderer(size: size)
    return (scene, renderer.render(scene), renderer)
  }

  /// Every target is an element the knob can reach (or a back or exit button), and the
  /// focused element is on screen.
  static func expectFocusMatches(_ c: InterfaceController, _ targets: [FocusTarget]) {
    let order = Set(c.topTemplate?.focusOrder ?? [])
    for t in targets where t.id != "back" && t.id != "pan.exit" {
      #expect(order.contains(t.id), "\(t.id) drawn but not in the focus order \(order)")
    }
    if let focused = c.focusedElementID {
      #expect(targets.contains { $0.id == focused }, "\(focused) not drawn: \(targets)")
    }
  }

  static var list: ListTemplate {
    ListTemplate(
      id: "places", title: "Places",
      sections: [
        ListSection(
          header: "Favourites",
          items: [
            ListItem(
              id: "home", text: "Home", detailText: "Runeberginkatu 43", image: "home",
              accessory: .disclosureIndicator),
            ListItem(id: "work", text: "Work", image: "work", accessory: .cloud),
          ])
      ])
  }

  @Test func aPushedListShowsItsRowsABackButtonAndTheSpinnerOfTheChosenRow() throws {
    // A pushed list focuses its first row; selecting it runs its handler.
    let c = Self.controller([.push(1, .list(Self.list)), .press(.select, long: false)])
    let (scene, targets, _) = try Self.draw(c)
    guard case .list(let list) = scene.content else {
      Issue.record("not a list: \(scene.content)")
      return
    }
    #expect(scene.backTitle == "Map")
    #expect(list.loadingItemID == list.sections[0].items[0].id)
    #expect(list.sections[0].items[1].accessory == .cloud)
    #expect(list.sections[0].items[0].image.map(TemplateSymbol.init(named:)) == .home)
    #expect(targets.map(\.id) == ["back", "home", "work"])
    Self.expectFocusMatches(c, targets)
  }

  @Test func aPresentedAlertTakesTheKnob() throws {
    let alert = AlertTemplate(
      id: "a", titleVariants: ["Stop guidance?"],
      actions: [
        TemplateAction(id: "yes", title: "Stop", style: .destructive),
        TemplateAction(id: "no", title: "Keep", style: .cancel),
      ])
    let c = Self.controller([.push(1, .list(Self.list)), .present(2, .alert(alert)), .encoder(1)])
    let (scene, targets, _) = try Self.draw(c)
    #expect(scene.modal == .alert(alert))
    #expect(targets.map(\.id) == ["yes", "no"])
    Self.expectFocusMatches(c, targets)
  }

  @Test func tripPreviewsListTheSelectedTripsChoicesAndStart() throws {
    let route = try RenderingFixtures.route("helsinki-1")
    let trip = Trip(
      id: "t", origin: route.geometry.first!, destination: route.geometry.last!,
      destinationNameVariants: ["Töölönlahdenkatu"],
      routeChoices: [
        RouteChoice(
          summaryVariants: ["1.8 km"], selectionSummaryVariants: ["5 min"],
          additionalInformationVariants: ["Fastest"]),
        RouteChoice(summaryVariants: ["2.4 km"], selectionSummaryVariants: ["7 min"]),
      ])
    let c = Self.controller([.showTripPreviews(1, TripPreview(trips: [trip])), .encoder(1)])
    let (scene, targets, _) = try Self.draw(
      c, routes: ["t": [MapRoute(route), MapRoute(route)]])
    guard case .map(let map) = scene.content,
      case .tripPreview(let preview, let routes)? = map.overlay,
      let choices = preview.selectedTrip?.routeChoices
    else {
      Issue.record("no trip preview")
      return
    }
    #expect(choices.map(\.selectionSummaryVariants.first) == ["5 min", "7 min"])
    #expect(choices[0].additionalInformationVariants.first == "Fastest")
    #expect(routes.count == 2)
    #expect(preview.startTitle() == "Go")
    #expect(Set(targets.map(\.id)) == Set(c.topTemplate?.focusOrder ?? []))
    Self.expectFocusMatches(c, targets)
  }

  @Test func aNavigationAlertOverTheMapOffersItsActions() throws {
    let alert = NavigationAlert(
      id: "closed", titleVariants: ["Road closed ahead"], image: "warning",
      primaryAction: TemplateAction(id: "reroute", title: "Reroute"),
      secondaryAction: TemplateAction(id: "ignore", title: "Ignore", style: .cancel),
      duration: 10)
    let c = Self.controller([.presentNavigationAlert(1, alert), .encoder(1)])
    let (_, targets, _) = try Self.draw(c)
    #expect(targets.map(\.id) == ["reroute", "ignore"])
    Self.expectFocusMatches(c, targets)
  }

  @Test func theMapAloneOffersItsButtons() throws {
    let c = Self.controller([.encoder(1)])
    let (_, targets, _) = try Self.draw(c)
    #expect(Set(targets.map(\.id)) == Set(c.topTemplate?.focusOrder ?? []))
    Self.expectFocusMatches(c, targets)
  }

  @Test func aTabBarRootShowsItsTabsBesideTheSelectedTab() throws {
    var c = InterfaceController()
    let bar = TabBarTemplate(
      id: "tabs",
      tabs: [
        .list(Self.list),
        .grid(
          GridTemplate(
            id: "g", title: "Nearby",
            buttons: [GridButton(id: "fuel", title: "Fuel", image: "fuel")])),
      ])
    _ = c.handle(.setRoot(0, .tabBar(bar)), at: Self.t0)
    _ = c.handle(.encoder(1), at: Self.t0)
    let (scene, targets, _) = try Self.draw(c, size: .portrait)
    #expect(scene.tabBar?.tabs.map(\.title) == ["Places", "Nearby"])
    #expect(scene.tabBar?.selectedID == "tab.0")
    #expect(targets.map(\.id) == ["home", "work", "tab.0", "tab.1"])
    Self.expectFocusMatches(c, targets)
  }

  /// The controller's own search, with its real speller ring, drawn once by eye.
  @Test func theSpellerOfASearchTemplate() throws {
    let names = ["Mannerheimintie", "Mannerheimin ratsastajapatsas", "Mechelininkatu", "Museokatu"]
    var c = Self.controller([.push(1, .search(SearchTemplate(id: "s", placeNames: names)))])
    // Turn the knob to each key and press it, as a driver would.
    func turn(to id: String) {
      let order = c.topTemplate?.focusOrder ?? []
      guard let target = order.firstIndex(of: id) else { return }
      let current = c.focusedElementID.flatMap { order.firstIndex(of: $0) } ?? -1
      _ = c.handle(.encoder(target - current), at: Self.t0)
    }
    for letter in "man" {
      turn(to: "key.\(letter)")
      _ = c.handle(.press(.select, long: false), at: Self.t0)
    }
    turn(to: "key.n")
    let (_, targets, renderer) = try Self.draw(c)
    Self.expectFocusMatches(c, targets)
    try GoldenImageTests.compare(
      renderer.pixelBuffer(), golden: "tpl-controller-search-800x480-day.png")
  }
}

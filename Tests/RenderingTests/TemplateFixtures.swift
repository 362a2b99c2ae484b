import Foundation
import Geo
import Navigation
import Rendering

@testable import Templates

/// Template screens with Helsinki content, for the golden images and the layout checks.
enum TemplateFixtures {
  static let status = StatusContent(gps: .good, isMuted: false, clock: "11:00")

  /// The work row's handler is running (as the controller marks it).
  static var destinations: ListTemplate {
    var list = ListTemplate(
      id: "destinations", title: "Destinations",
      sections: [
        ListSection(
          header: "Favourites",
          items: [
            .init(
              id: "home", text: "Home", detailText: "Runeberginkatu 43, Töölö", image: "home",
              accessory: .disclosureIndicator),
            .init(id: "work", text: "Work", detailText: "Keskuskatu 7, Kluuvi", image: "work"),
          ]),
        ListSection(
          header: "Recent",
          items: [
            .init(
              id: "r1", text: "Helsinki Central Station", detailText: "1.2 km · Kaivokatu 1",
              image: "clock", accessory: .checkmark),
            .init(
              id: "r2",
              text: "Suomenlinna ferry terminal at the Market Square, Eteläsatama and beyond",
              detailText: "2.0 km · Eteläranta", image: "clock", accessory: .disclosureIndicator),
            .init(id: "r3", text: "Kamppi", image: "clock", accessory: .disclosureIndicator),
            .init(
              id: "r4", text: "Töölönlahdenkatu", detailText: "0.9 km", image: "clock",
              accessory: .disclosureIndicator),
            .init(id: "r5", text: "Ateneum", image: "pin", isEnabled: false),
          ]),
      ])
    list.loadingItemID = "work"
    return list
  }

  static var categories: GridTemplate {
    GridTemplate(
      id: "nearby", title: "Nearby",
      buttons: [
        .init(id: "fuel", title: "Fuel", image: "fuel"),
        .init(id: "parking", title: "Parking", image: "parking"),
        .init(id: "food", title: "Food", image: "food"),
        .init(id: "charging", title: "EV charging stations", image: "ev.charger"),
        .init(id: "favourites", title: "Favourites", image: "star"),
        .init(id: "recent", title: "Recent", image: "clock"),
        .init(id: "search", title: "Search", image: "search"),
        .init(id: "settings", title: "Settings", image: "settings", isEnabled: false),
      ])
  }

  static var tripDetails: InformationTemplate {
    InformationTemplate(
      id: "trip", title: "Trip to Töölönlahdenkatu",
      items: [
        .init(title: "Arrival", detail: "11:04"),
        .init(title: "Remaining time", detail: "4 min"),
        .init(title: "Distance", detail: "1.8 km"),
        .init(title: "Via", detail: "Mannerheimintie and Postikatu"),
        .init(title: "Traffic", detail: "Light"),
        .init(title: "Fuel stops on the way", detail: "None"),
        .init(title: "Tolls", detail: "No tolls"),
        .init(title: "Ferries", detail: "No ferries"),
        .init(title: "Speed cameras", detail: "2 on Mannerheimintie"),
        .init(title: "Destination", detail: "Töölönlahdenkatu 2, 00100 Helsinki, Finland"),
      ],
      actions: [
        .init(id: "share", title: "Share"),
        .init(id: "stop", title: "End trip", style: .destructive),
        .init(id: "close", title: "Close", style: .cancel),
      ])
  }

  /// "MANNERH" typed, with results the app found; no place names, so the ring is in
  /// alphabetical order. `disabled`: as the driving limits turn the speller off.
  static func search(disabled: Bool = false) -> SearchTemplate {
    var search = SearchTemplate(id: "search", placeNames: [])
    search.speller.type("mannerh")
    search.appResults = [
      .init(id: "result.mannerheimintie", text: "Mannerheimintie", detailText: "Street · Helsinki"),
      .init(
        id: "result.mannerheimin", text: "Mannerheimin ratsastajapatsas",
        detailText: "Statue · Kluuvi"),
      .init(id: "result.hotel", text: "Hotel Mannerheim Park", detailText: "Hotel · Töölö"),
      .init(id: "result.museum", text: "Mannerheim Museum", detailText: "Museum · Kaivopuisto"),
    ]
    if disabled { search.disabledMessage = SearchTemplate.drivingMessage() }
    return search
  }

  static var parking: PointOfInterestTemplate {
    let places: [(String, String, Double, Double)] = [
      ("Q-Park Kamppi", "350 m · Urho Kekkosen katu", 60.1690, 24.9325),
      ("Parking Forum", "500 m · Mannerheimintie 14", 60.1693, 24.9385),
      ("Stockmann parking", "600 m · Keskuskatu", 60.1683, 24.9437),
      ("P-Eliel", "700 m · Rautatientori", 60.1712, 24.9403),
      ("Kluuvi parking", "800 m · Kluuvikatu", 60.1695, 24.9478),
      ("Ateneum street parking", "900 m · Kaivokatu", 60.1700, 24.9455),
      ("Kaisaniemi", "1.1 km · Kaisaniemenkatu", 60.1738, 24.9455),
      ("Lasipalatsi", "1.2 km · Mannerheimintie 22", 60.1705, 24.9365),
      ("Oodi library", "1.3 km · Töölönlahdenkatu 4", 60.1739, 24.9382),
      ("Finlandia Hall", "1.6 km · Mannerheimintie 13e", 60.1758, 24.9340),
      ("Esplanadi", "1.0 km · Pohjoisesplanadi", 60.1677, 24.9490),
      ("Market Square", "1.4 km · Eteläranta", 60.1673, 24.9530),
    ]
    return PointOfInterestTemplate(
      id: "parking", title: "Parking nearby",
      points: places.enumerated().map { i, p in
        .init(
          id: "poi.\(i)", title: p.0, subtitle: p.1,
          coordinate: Coordinate(latitude: p.2, longitude: p.3))
      })
  }

  /// The parking map with the detail of its fourth point open: Navigate and the app's
  /// own button.
  static var parkingDetail: PointOfInterestTemplate {
    var template = parking
    template.points[3].summary = "24 h · 4.20 €/h · 38 of 120 places free · height limit 2.1 m"
    template.points[3].navigates = true
    template.points[3].button = TemplateAction(id: "pay", title: "Pay parking")
    template.detailPointID = "poi.3"
    return template
  }

  /// The map under the points of interest.
  static var parkingLayers: [any MapLayer] { [GridLayer(), RenderingFixtures.streets] }

  static func tabs(selected: String = "tab.1") -> TabBarContent {
    TabBarContent(
      tabs: [
        .init(id: "tab.0", title: "Map", symbol: .navigation),
        .init(id: "tab.1", title: "Places", symbol: .star, badge: 3),
        .init(id: "tab.2", title: "Search", symbol: .search),
        .init(id: "tab.3", title: "Settings", symbol: .settings),
      ],
      selectedID: selected)
  }

  static var rerouteAlert: AlertTemplate {
    AlertTemplate(
      id: "reroute",
      titleVariants: [
        "A faster route via Mannerheimintie saves 4 minutes. Take it?",
        "Faster route: save 4 min?",
      ],
      actions: [
        .init(id: "accept", title: "Take it", style: .primary),
        .init(id: "decline", title: "Keep route", style: .cancel),
      ])
  }

  static var endTripSheet: ActionSheetTemplate {
    ActionSheetTemplate(
      id: "end",
      title: "End the trip?", message: "Guidance to Töölönlahdenkatu stops and the map stays.",
      actions: [
        .init(id: "end", title: "End trip", style: .destructive),
        .init(id: "pause", title: "Pause guidance"),
        .init(id: "cancel", title: "Cancel", style: .cancel),
      ])
  }

  /// A trip along route 1 of the drive, and two made-up ways between the same ends (the
  /// recorded responses hold one route each): one bending east first, one north first;
  /// with their lines.
  static func tripPreview() throws -> (TripPreview, routes: [MapRoute]) {
    let route = try RenderingFixtures.route("helsinki-1")
    let a = route.geometry.first!
    let b = route.geometry.last!
    func detour(_ corners: [Coordinate]) -> MapRoute {
      let line = [a] + corners + [b]
      var alternative = route
      let last = route.legs[0].steps.last!
      var first = route.legs[0].steps[0]
      first.geometry = line
      alternative.legs = [RouteLeg(steps: [first, last], distance: 2000, duration: 400)]
      return MapRoute(alternative)
    }
    let trip = Trip(
      id: "trip", origin: a, destination: b, destinationNameVariants: ["Töölönlahdenkatu"],
      routeChoices: [
        RouteChoice(
          summaryVariants: ["1.8 km"], selectionSummaryVariants: ["5 min"],
          additionalInformationVariants: ["Fastest"], viaVariants: ["via Mannerheimintie"]),
        RouteChoice(
          summaryVariants: ["2.1 km"], selectionSummaryVariants: ["7 min"],
          viaVariants: ["via Kaivokatu and Kaisaniemenkatu"]),
        RouteChoice(
          summaryVariants: ["1.7 km"], selectionSummaryVariants: ["8 min"],
          additionalInformationVariants: ["Shortest"],
          viaVariants: ["via Bulevardi and Runeberginkatu"]),
      ])
    let routes = [
      MapRoute(route),
      detour([
        Coordinate(latitude: a.latitude + 0.0012, longitude: a.longitude + 0.002),
        Coordinate(latitude: 60.1735, longitude: a.longitude + 0.002),
        Coordinate(latitude: 60.1735, longitude: b.longitude),
      ]),
      detour([
        Coordinate(latitude: 60.1660, longitude: a.longitude - 0.004),
        Coordinate(latitude: 60.1660, longitude: 24.9340),
        Coordinate(latitude: b.latitude, longitude: 24.9340),
      ]),
    ]
    return (TripPreview(trips: [trip], startButtonTitle: "Go"), routes)
  }

  /// The navigation screen at 12 s into the clean drive (a left turn ahead).
  static func driving(_ size: ScreenSize, _ theme: Theme) throws -> NavigationScene {
    try RenderingFixtures.scene(at: 12, size: size, theme: theme, focused: nil)
  }

  /// A named template scene at `size` in `theme`.
  static func scene(_ name: String, _ size: ScreenSize, _ theme: Theme) throws -> TemplateScene {
    func make(
      _ content: TemplateScene.Content, tabBar: TabBarContent? = nil,
      modal: TemplateScene.Modal? = nil, back: String? = nil, focus: String?
    ) -> TemplateScene {
      TemplateScene(
        size: size, theme: theme, content: content, tabBar: tabBar, modal: modal,
        backTitle: back, focusedID: focus)
    }
    switch name {
    case "list": return make(.list(destinations), back: "Map", focus: "r1")
    case "list-scrolled": return make(.list(destinations), back: "Map", focus: "r4")
    case "grid": return make(.grid(categories), back: "Map", focus: "food")
    case "alert":
      return make(
        .list(destinations), modal: .alert(rerouteAlert), back: "Map", focus: "accept")
    case "actionsheet":
      return make(
        .grid(categories), modal: .actionSheet(endTripSheet), back: "Map", focus: "pause")
    case "information": return make(.information(tripDetails), back: "Back", focus: "share")
    case "search": return make(.search(search()), back: "Back", focus: "key.e")
    case "search-disabled":
      return make(.search(search(disabled: true)), back: "Back", focus: "result.hotel")
    case "poi":
      return make(
        .pointOfInterest(parking, layers: parkingLayers), back: "Nearby", focus: "poi.3")
    case "poi-detail":
      return make(
        .pointOfInterest(parkingDetail, layers: parkingLayers), back: "Parking nearby",
        focus: PointOfInterestTemplate.navigateElementID)
    case "tabbar": return make(.list(destinations), tabBar: tabs(), back: "Map", focus: "tab.1")
    case "tabbar-map":
      return make(
        .map(MapScreen(scene: try driving(size, theme))), tabBar: tabs(selected: "tab.0"),
        focus: "overview")
    case "preview":
      var scene = try driving(size, theme)
      scene.maneuver = nil
      scene.trip = nil
      scene.secondary = nil
      scene.vehicle = nil
      let (preview, routes) = try tripPreview()
      return make(
        .map(MapScreen(scene: scene, overlay: .tripPreview(preview, routes: routes))),
        focus: "preview.trip.1")
    case "navalert":
      let alert = NavigationAlert(
        id: "closure", titleVariants: ["Road closed ahead on Pohjoisesplanadi"],
        subtitleVariants: ["Roadworks until 18:00"], image: "warning",
        primaryAction: .init(id: "detour", title: "Detour", style: .primary),
        secondaryAction: .init(id: "dismiss", title: "Dismiss", style: .cancel))
      return make(
        .map(
          MapScreen(
            scene: try driving(size, theme), overlay: .navigationAlert(alert, remaining: 0.6))),
        focus: "detour")
    case "panning":
      var scene = try driving(size, theme)
      scene.template = MapTemplate(
        mapButtons: [
          MapButton(id: "zoomIn", symbol: .zoomIn), MapButton(id: "zoomOut", symbol: .zoomOut),
        ])
      return make(.map(MapScreen(scene: scene, overlay: .panning)), focus: "zoomIn")
    default:
      throw RenderingError(.invalidArgument, "no template scene \(name)")
    }
  }

  static let names = [
    "list", "list-scrolled", "grid", "alert", "actionsheet", "information", "search",
    "search-disabled", "poi", "poi-detail", "tabbar", "tabbar-map", "preview", "navalert",
    "panning",
  ]
}

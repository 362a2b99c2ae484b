import Geo
import Navigation
import Templates

extension NavigationApp {
  /// The ids of the app's templates and elements.
  public enum ID {
    public static let map = "map"
    public static let destinations = "destinations"
    public static let recentre = "recenter"
    public static let mute = "mute"
    public static let overview = "overview"
    public static let endTrip = "end"
    public static let favourites = "favourites"
    public static let recents = "recents"
    public static let nearby = "nearby"
    public static let search = "search"
    public static let endTripAlert = "end-trip"
    public static let confirmEnd = "end-trip.confirm"
    public static let keepGoing = "end-trip.cancel"
    public static let arrivalAlert = "arrival"
    public static let arrivalDone = "arrival.done"
    public static let noRouteAlert = "no-route"
    public static let noRouteDone = "no-route.done"
    public static let noticeAlert = "notice"
    public static let noticeDone = "notice.done"
    public static let houseNumbers = "numbers"

    /// A row of a house-number list, by its index among the street's numbers.
    public static func number(_ index: String) -> String { "number.\(index)" }

    /// The element (list row, point) for `place`.
    public static func place(_ place: Place) -> String { "place.\(place.id)" }
    /// The grid button for a Nearby category.
    public static func category(_ name: String) -> String { "category.\(Place.slug(name))" }
    /// The point-of-interest template for a Nearby category.
    public static func nearby(_ name: String) -> String { "nearby.\(Place.slug(name))" }
  }

  /// The map while browsing: destinations, and back to following the vehicle.
  static var browsingMap: MapTemplate {
    MapTemplate(id: ID.map, mapButtons: browsingButtons)
  }

  static var browsingButtons: [MapButton] {
    [
      MapButton(id: ID.destinations, symbol: .letters("Go"), role: .app),
      MapButton(id: ID.recentre, symbol: .recenter),
    ]
  }

  /// The map buttons during guidance.
  static func guidanceButtons(muted: Bool) -> [MapButton] {
    [
      MapButton(id: ID.mute, symbol: muted ? .speakerMuted : .speaker),
      MapButton(id: ID.overview, symbol: .overview),
      MapButton(id: ID.recentre, symbol: .recenter),
      MapButton(id: ID.endTrip, symbol: .endRoute),
    ]
  }

  static var destinationsList: ListTemplate {
    let rows: [(String, String, String)] = [
      (ID.favourites, "Favourites", "star"),
      (ID.recents, "Recents", "clock"),
      (ID.nearby, "Nearby", "pin"),
      (ID.search, "Search", "magnifier"),
    ]
    return ListTemplate(
      id: ID.destinations, title: "Destinations",
      sections: [
        ListSection(
          items: rows.map {
            ListItem(id: $0.0, text: $0.1, image: $0.2, accessory: .disclosureIndicator)
          })
      ])
  }

  /// A list of `places`; with none, one disabled row saying so.
  static func placeList(id: String, title: String, places: [Place], empty: String)
    -> ListTemplate
  {
    let items =
      places.isEmpty
      ? [ListItem(id: "\(id).empty", text: empty, isEnabled: false)]
      : places.prefix(ListTemplate.maximumItemCount).map {
        ListItem(id: ID.place($0), text: $0.name, detailText: $0.category)
      }
    return ListTemplate(id: id, title: title, sections: [ListSection(items: items)])
  }

  func nearbyGrid() -> GridTemplate {
    GridTemplate(
      id: ID.nearby, title: "Nearby",
      buttons: provider.categories().map {
        GridButton(id: ID.category($0), title: $0, image: "pin")
      })
  }

  /// The map of `places`, those of `category` nearest the vehicle.
  static func pointsOfInterest(_ category: String, _ places: [Place]) -> PointOfInterestTemplate {
    PointOfInterestTemplate(
      id: ID.nearby(category), title: category,
      points: places.prefix(PointOfInterestTemplate.maximumPointCount)
        .map {
          PointOfInterest(
            id: ID.place($0), title: $0.name, subtitle: $0.category, coordinate: $0.coordinate)
        })
  }

  static func endTripAlert() -> AlertTemplate {
    AlertTemplate(
      id: ID.endTripAlert, titleVariants: ["End the trip?", "End trip?"],
      actions: [
        TemplateAction(id: ID.keepGoing, title: "Continue", style: .cancel),
        TemplateAction(id: ID.confirmEnd, title: "End Trip", style: .destructive),
      ])
  }

  static func noRouteAlert(_ place: Place) -> AlertTemplate {
    AlertTemplate(
      id: ID.noRouteAlert, titleVariants: ["No route to \(place.name)", "No route"],
      actions: [TemplateAction(id: ID.noRouteDone, title: "OK", style: .cancel)])
  }

  /// A notice over the map that goes by itself after 6 s.
  static func noticeAlert(title: String, detail: String) -> NavigationAlert {
    NavigationAlert(
      id: ID.noticeAlert, titleVariants: [title], subtitleVariants: [detail], image: "info",
      primaryAction: TemplateAction(id: ID.noticeDone, title: "OK"), duration: 6)
  }

  static func arrivalAlert(_ place: Place) -> NavigationAlert {
    NavigationAlert(
      id: ID.arrivalAlert, titleVariants: ["You have arrived", "Arrived"],
      subtitleVariants: [place.name], image: "flag",
      primaryAction: TemplateAction(id: ID.arrivalDone, title: "Done"))
  }

  /// The preview of `trip` to `place`: the session's trip as the map shows it.
  static func preview(of trip: Navigation.Trip, to place: Place) -> TripPreview {
    var shown = trip
    shown.id = place.id
    if shown.destinationNameVariants.isEmpty { shown.destinationNameVariants = [place.name] }
    return TripPreview(trips: [shown], startButtonTitle: "Start")
  }
}

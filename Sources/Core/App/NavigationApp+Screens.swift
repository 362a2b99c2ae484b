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
    public static let dispatchAlert = "dispatch"
    public static let showDispatched = "dispatch.show"
    public static let ignoreDispatched = "dispatch.ignore"
    public static let houseNumbers = "numbers"
    public static let openMusic = "music.open"
    public static let openRouteOptions = "route-options.open"
    public static let routeOptions = "route-options"
    public static let music = "music"
    public static let musicNowPlaying = "music.nowPlaying"
    public static let musicArtists = "music.artists"
    public static let musicPlaylists = "music.playlists"
    public static let musicFolders = "music.folders"
    public static let musicUnavailable = "music.unavailable"
    /// The prefix of the browse lists' template ids.
    public static let musicList = "music.list."

    /// A row of a house-number list, by its index among the street's numbers.
    public static func number(_ index: String) -> String { "number.\(index)" }

    /// The element (list row, point) for `place`.
    public static func place(_ place: Place) -> String { "place.\(place.id)" }
    /// The grid button for a Nearby category.
    public static func category(_ name: String) -> String { "category.\(Place.slug(name))" }
    /// The point-of-interest template for a Nearby category.
    public static func nearby(_ name: String) -> String { "nearby.\(Place.slug(name))" }
  }

  /// The words of the app's screens: the interface's language.
  public var text: ScreenText { controller.configuration.text }

  /// The map while browsing: destinations, and back to following the vehicle.
  var browsingMap: MapTemplate {
    MapTemplate(id: ID.map, mapButtons: browsingButtons, trailingBarButtons: musicBarButtons)
  }

  var browsingButtons: [MapButton] {
    [
      MapButton(id: ID.destinations, symbol: .letters(text[.destinationsButton]), role: .app),
      MapButton(id: ID.recentre, symbol: .recenter),
    ]
  }

  /// The map buttons during guidance: mute, overview, recentre and end. Where the display
  /// has room for fewer (`room`: three on small screens) the overview goes first, then
  /// recentre, so mute and end — what a driver must reach — always stay.
  static func guidanceButtons(muted: Bool, room: Int = MapTemplate.maximumMapButtons)
    -> [MapButton]
  {
    let all = [
      MapButton(id: ID.mute, symbol: muted ? .speakerMuted : .speaker),
      MapButton(id: ID.overview, symbol: .overview),
      MapButton(id: ID.recentre, symbol: .recenter),
      MapButton(id: ID.endTrip, symbol: .endRoute),
    ]
    let dropped = [ID.overview, ID.recentre].prefix(max(0, all.count - room))
    return all.filter { !dropped.contains($0.id) }
  }

  var destinationsList: ListTemplate {
    let rows: [(String, String, String)] = [
      (ID.favourites, text[.favourites], "star"),
      (ID.recents, text[.recents], "clock"),
      (ID.nearby, text[.nearby], "pin"),
      (ID.search, text[.search], "magnifier"),
    ]
    return ListTemplate(
      id: ID.destinations, title: text[.destinations],
      sections: [
        ListSection(
          items: rows.map {
            ListItem(id: $0.0, text: $0.1, image: $0.2, accessory: .disclosureIndicator)
          })
      ])
  }

  /// The favourites list.
  var favouritesList: ListTemplate {
    placeList(
      id: ID.favourites, title: text[.favourites], places: lists.favourites,
      empty: text[.noFavourites])
  }

  /// The recent places list.
  var recentsList: ListTemplate {
    placeList(
      id: ID.recents, title: text[.recents], places: lists.recents, empty: text[.noRecents])
  }

  /// A list of `places`; with none, one disabled row saying so.
  func placeList(id: String, title: String, places: [Place], empty: String) -> ListTemplate {
    let items =
      places.isEmpty
      ? [ListItem(id: "\(id).empty", text: empty, isEnabled: false)]
      : places.prefix(ListTemplate.maximumItemCount).map {
        ListItem(id: ID.place($0), text: $0.name, detailText: $0.category.map(text.category))
      }
    return ListTemplate(id: id, title: title, sections: [ListSection(items: items)])
  }

  func nearbyGrid() -> GridTemplate {
    GridTemplate(
      id: ID.nearby, title: text[.nearby],
      buttons: provider.categories().map {
        GridButton(id: ID.category($0), title: text.category($0), image: "pin")
      })
  }

  /// The map of `places`, those of `category` nearest the vehicle.
  func pointsOfInterest(_ category: String, _ places: [Place]) -> PointOfInterestTemplate {
    PointOfInterestTemplate(
      id: ID.nearby(category), title: text.category(category),
      points: places.prefix(PointOfInterestTemplate.maximumPointCount)
        .map {
          PointOfInterest(
            id: ID.place($0), title: $0.name, subtitle: $0.category.map(text.category),
            coordinate: $0.coordinate)
        })
  }

  func endTripAlert() -> AlertTemplate {
    AlertTemplate(
      id: ID.endTripAlert, titleVariants: text.variants(.endTripQuestion),
      actions: [
        TemplateAction(id: ID.keepGoing, title: text[.continueTrip], style: .cancel),
        TemplateAction(id: ID.confirmEnd, title: text[.endTrip], style: .destructive),
      ])
  }

  /// Asks the driver whether to see a dispatched (or an app's) place's route, ending the
  /// trip under way.
  func dispatchAlert(_ place: Place) -> AlertTemplate {
    AlertTemplate(
      id: ID.dispatchAlert, titleVariants: offeredVariants(place),
      actions: [
        TemplateAction(id: ID.ignoreDispatched, title: text[.notNow], style: .cancel),
        TemplateAction(id: ID.showDispatched, title: text[.showRoute]),
      ])
  }

  /// "New destination from dispatch: {place}", or from the app that offered it.
  func offeredVariants(_ place: Place) -> [String] {
    switch offerer {
    case .dispatch: text.variants(.fromDispatch, ["place": place.name])
    case .app(let name): text.variants(.fromApp, ["app": name, "place": place.name])
    }
  }

  func noRouteAlert(_ place: Place) -> AlertTemplate {
    AlertTemplate(
      id: ID.noRouteAlert, titleVariants: text.variants(.noRouteTo, ["place": place.name]),
      actions: [TemplateAction(id: ID.noRouteDone, title: text[.ok], style: .cancel)])
  }

  /// A notice over the map that goes by itself after 6 s.
  func noticeAlert(title: String, detail: String) -> NavigationAlert {
    NavigationAlert(
      id: ID.noticeAlert, titleVariants: [title], subtitleVariants: [detail], image: "info",
      primaryAction: TemplateAction(id: ID.noticeDone, title: text[.ok]), duration: 6)
  }

  func arrivalAlert(_ place: Place) -> NavigationAlert {
    NavigationAlert(
      id: ID.arrivalAlert, titleVariants: text.variants(.youHaveArrived),
      subtitleVariants: [place.name], image: "flag",
      primaryAction: TemplateAction(id: ID.arrivalDone, title: text[.done]))
  }

  /// The preview of `trip` to `place`: the session's trip as the map shows it, its route
  /// choices summed up in the screen's language (`worded(_:)`).
  func preview(of trip: Navigation.Trip, to place: Place) -> TripPreview {
    var shown = worded(trip)
    shown.id = place.id
    if shown.destinationNameVariants.isEmpty { shown.destinationNameVariants = [place.name] }
    if place == offered {
      let marked = offeredVariants(place).last ?? place.name
      shown.destinationNameVariants.insert(marked, at: 0)
    }
    return TripPreview(
      trips: [shown], startButtonTitle: text[.start],
      optionsButtonTitle: text.variants(.routeOptions).last)
  }

  /// `trip` from the route provider with its route choices summed up in the screen's
  /// language: distance and time from each choice's route, and the notes the providers
  /// write in English ("Fastest", "Recommended") translated; other notes (a road the route
  /// goes by) as they are.
  func worded(_ trip: Navigation.Trip) -> Navigation.Trip {
    let english = ScreenText()
    let notes: [String: String] = Dictionary(
      uniqueKeysWithValues: [ScreenTextKey.fastest, .recommended].map { (english[$0], text[$0]) })
    var worded = trip
    worded.routeChoices = trip.routeChoices.map { choice in
      var choice = choice
      if let route = choice.route {
        choice.summaryVariants = [text.distance(route.distance)]
        choice.selectionSummaryVariants = [text.duration(route.duration)]
      }
      choice.additionalInformationVariants = choice.additionalInformationVariants.map {
        notes[$0] ?? $0
      }
      // What the route could not keep off comes first: the driver asked to avoid it.
      choice.additionalInformationVariants.insert(contentsOf: avoidanceNotes(choice.route), at: 0)
      return choice
    }
    return worded
  }
}

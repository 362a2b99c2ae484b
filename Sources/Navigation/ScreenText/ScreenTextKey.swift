/// Names one piece of on-screen text that every `ScreenTextCatalog` defines.
///
/// Each entry is a list of variants, longest first, so a painter can show the longest that
/// fits. Keys whose texts hold `{slots}` are listed in `slots`; every language's variants of
/// such a key carry exactly those slots, in whatever order the language puts them.
public enum ScreenTextKey: String, CaseIterable, Hashable, Sendable {
  // The map and its bars.
  case menu, route, map, home, back, search, done, ok, go, start
  /// The round button that opens the destinations (a word of one to four letters).
  case destinationsButton
  // The trip card and status chip.
  case then, arrival, remaining, gps
  // Banners over the guidance card: a headline and the line under it.
  case locating, locatingDetail, rerouting, reroutingDetail, backToRoute, backToRouteDetail
  case loadingRoute, loadingRouteDetail, arrived, arrivedDetail
  // Lists, search and the trip preview.
  case noItems, noResults, spellHint, searchWhileDriving
  /// `{number}` of `{count}` trips previewed.
  case tripOfTrips
  // The app's screens and alerts.
  case destinations, favourites, recents, nearby, noFavourites, noRecents, nearYou
  case endTripQuestion, continueTrip, endTrip, youHaveArrived, offlineRoute
  /// No route to `{place}`.
  case noRouteTo
  /// The routing server `{server}` did not answer (the offline router did).
  case serverNoAnswer
  /// A destination `{place}` sent by the fleet's dispatcher; the dispatch alert's buttons.
  case fromDispatch, showRoute, notNow
  // The built-in music screens.
  case music, nowPlaying, artists, playlists, folders, playAll, shuffle, addToQueue
  case addedToQueue, loading, musicUnavailable, musicUnavailableDetail
  /// A row turning to the next page of a long list: entries `{from}`–`{to}` of `{total}`.
  case moreItems
  /// A row turning back to the page of entries `{from}`–`{to}`.
  case earlierItems
  /// A list holds only its first `{count}` entries of `{total}`.
  case firstOfTotal
  /// A contact card's buttons; closing an incoming message's alert.
  case call, message, directions, close
  /// An incoming message's alert: from `{sender}`.
  case messageFrom
  /// A destination `{place}` a bridge app `{app}` handed over ("Navigate" on its point).
  case fromApp
  /// The Navigate button on a point's detail.
  case navigate
  /// The note on artwork that cannot be shown (the header without an app's name is
  /// `nowPlaying`).
  case artworkUnavailable
  // Notes on route choices.
  case fastest, recommended
  // The Route options screen: its button and title, a row per kind of road to avoid, and
  // the note on a route that could not avoid one.
  case routeOptions, avoidTolls, avoidMotorways, avoidFerries, avoidUnpaved
  case hasTolls, hasMotorways, hasFerries, hasUnpaved
  // The Parked screen.
  case parked, ignition, ignitionOff, externalPower, powerLost, phoneApp, disconnected
  case tripSaved, guidanceResumes
  /// Within `{minutes}` minutes of starting again.
  case resumesWithin
  // Nearby categories a driver looks for (the map's own words in English).
  case fuel, chargingStation, parking, restaurant, cafe, fastFood, hotel, supermarket
  case pharmacy, hospital, otherCategory
  // Remaining time.
  /// Less than a minute.
  case underAMinute
  /// `{minutes}` minutes.
  case minutes
  /// `{hours}` hours and `{minutes}` minutes.
  case hoursMinutes
  // The speed readout, the scale bar (`{n}` of its unit) and the compass's north.
  case kilometresPerHour, milesPerHour, scaleMetres, scaleKilometres, scaleFeet, scaleMiles
  case north

  /// The slots every variant of this key holds, sorted; empty for plain words.
  public var slots: [String] {
    switch self {
    case .tripOfTrips: ["count", "number"]
    case .noRouteTo, .fromDispatch: ["place"]
    case .moreItems: ["from", "to", "total"]
    case .earlierItems: ["from", "to"]
    case .firstOfTotal: ["count", "total"]
    case .fromApp: ["app", "place"]
    case .serverNoAnswer: ["server"]
    case .messageFrom: ["sender"]
    case .resumesWithin: ["minutes"]
    case .minutes: ["minutes"]
    case .hoursMinutes: ["hours", "minutes"]
    case .scaleMetres, .scaleKilometres, .scaleFeet, .scaleMiles: ["n"]
    default: []
    }
  }

  /// The key for a Nearby category as the map names it ("Fuel", "Café", "Other"); nil for
  /// a category with no translation (the map's word is shown as it is).
  public init?(category: String) {
    let known: [String: ScreenTextKey] = [
      "Fuel": .fuel, "Charging station": .chargingStation, "Parking": .parking,
      "Restaurant": .restaurant, "Café": .cafe, "Fast food": .fastFood, "Hotel": .hotel,
      "Supermarket": .supermarket, "Pharmacy": .pharmacy, "Hospital": .hospital,
      "Other": .otherCategory,
    ]
    guard let key = known[category] else { return nil }
    self = key
  }
}

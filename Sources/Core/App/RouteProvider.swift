import Geo
import Navigation
import Templates

/// Where the navigation app gets its places and routes. Today the embedded route files
/// (`EmbeddedRouteProvider`); later the offline router plugs in here.
///
/// Implementations answer synchronously and must not block for long: the app calls them
/// while handling a knob press.
public protocol RouteProvider: Sendable {
  /// The Nearby grid's categories: those a driver looks for first, in that order, then the
  /// others by how many places they have; at most `GridTemplate.maximumButtonCount`.
  func categories() -> [String]

  /// The places of `category` (any category when nil; `PlaceCategories.other` for those
  /// without one), nearest `near` first when given, at most `limit`.
  func places(inCategory category: String?, near: Coordinate?, limit: Int) -> [Place]

  /// The trip to `place` with its route choices (at most `Trip.maximumRouteChoices`)
  /// keeping off the kinds of road in `avoid` where a route without them exists, nil when
  /// there is no way there. A provider of fixed routes (the embedded drives) ignores
  /// `avoid`; the preview then says what they use.
  func trip(to place: Place, from origin: Coordinate?, avoiding avoid: AvoidableRoads)
    -> Navigation.Trip?

  /// What `text` finds, best first (nearest `near` first among equals), at most `limit`:
  /// for an address, its label as the name and the point a route ends at as the
  /// coordinate; a street carries its `street` for `houseNumbers(onStreet:)`.
  func search(_ text: String, near: Coordinate?, limit: Int) -> [Place]

  /// The characters (folded letters, digits, " ") that, typed after `text`, still lead
  /// to a result of `search`, each with how many names continue with it (the speller's
  /// ring puts the likeliest first).
  func nextLetters(after text: String) -> [Character: Int]

  /// The addresses on the street of `place` (a street result of `search`), in the order of
  /// their numbers; empty when the provider knows none.
  func houseNumbers(onStreet place: Place) -> [Place]

  /// The road at `coordinate` driven towards `heading` (degrees; any direction when nil):
  /// its name and its limit that way; nil when there is no road near. Called on every
  /// fix: a lookup in the map's grid, no routing.
  func road(near coordinate: Coordinate, heading: Double?) -> DrivenRoad?
}

extension RouteProvider {
  /// The trip to `place` on any roads.
  public func trip(to place: Place, from origin: Coordinate?) -> Navigation.Trip? {
    trip(to: place, from: origin, avoiding: [])
  }

  /// No map: no road known.
  public func road(near coordinate: Coordinate, heading: Double?) -> DrivenRoad? { nil }
}

/// A provider whose places are one list in memory (a handful: the embedded drives'
/// destinations): categories, nearby and search answered from it.
public protocol PlaceListProvider: RouteProvider {
  /// Every place the driver can search for or find nearby.
  var places: [Place] { get }
}

extension PlaceListProvider {
  public func categories() -> [String] {
    PlaceCategories.ranked(
      counts: places.reduce(into: [:]) { $0[PlaceCategories.of($1), default: 0] += 1 })
  }

  public func places(inCategory category: String?, near: Coordinate?, limit: Int) -> [Place] {
    let found = places.filter { category == nil || PlaceCategories.of($0) == category }
    return Array(PlaceCategories.nearestFirst(found, to: near).prefix(max(0, limit)))
  }

  /// `places` matched by name (`PlaceMatcher`), nearest `near` first when given.
  public func search(_ text: String, near: Coordinate?, limit: Int) -> [Place] {
    let candidates = PlaceCategories.nearestFirst(places, to: near)
    let matcher = PlaceMatcher(names: candidates.map(\.name), ranked: near != nil)
    let byName = Dictionary(candidates.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
    return matcher.matches(text).prefix(limit).compactMap { byName[$0] }
  }

  /// The letters that follow `text` in the names of `places`.
  public func nextLetters(after text: String) -> [Character: Int] {
    PlaceMatcher(names: places.map(\.name)).nextLetterCounts(after: text)
  }

  /// None: `places` carry no house numbers.
  public func houseNumbers(onStreet place: Place) -> [Place] { [] }
}

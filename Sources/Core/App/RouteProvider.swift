import Geo
import Navigation
import Templates

/// Where the navigation app gets its places and routes. Today the embedded route files
/// (`EmbeddedRouteProvider`); later the offline router plugs in here.
///
/// Implementations answer synchronously and must not block for long: the app calls them
/// while handling a knob press.
public protocol RouteProvider: Sendable {
  /// Every place the driver can search for or find nearby.
  var places: [Place] { get }

  /// The trip to `place` with its route choices (at most `Trip.maximumRouteChoices`),
  /// nil when there is no way there.
  func trip(to place: Place, from origin: Coordinate?) -> Navigation.Trip?

  /// What `text` finds, best first (nearest `near` first among equals), at most `limit`:
  /// for an address, its label as the name and the point a route ends at as the
  /// coordinate; a street carries its `street` for `houseNumbers(onStreet:)`.
  func search(_ text: String, near: Coordinate?, limit: Int) -> [Place]

  /// The characters (folded letters, digits, " ") that, typed after `text`, still lead
  /// to a result of `search`.
  func nextLetters(after text: String) -> Set<Character>

  /// The addresses on the street of `place` (a street result of `search`), in the order of
  /// their numbers; empty when the provider knows none.
  func houseNumbers(onStreet place: Place) -> [Place]
}

extension RouteProvider {
  /// `places` matched by name (`PlaceMatcher`), nearest `near` first when given.
  public func search(_ text: String, near: Coordinate?, limit: Int) -> [Place] {
    let ordered = near.map { p in
      places.sorted { Earth.distance($0.coordinate, p) < Earth.distance($1.coordinate, p) }
    }
    let candidates = ordered ?? places
    let matcher = PlaceMatcher(names: candidates.map(\.name), ranked: ordered != nil)
    let byName = Dictionary(candidates.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
    return matcher.matches(text).prefix(limit).compactMap { byName[$0] }
  }

  /// The letters that follow `text` in the names of `places`.
  public func nextLetters(after text: String) -> Set<Character> {
    Set(PlaceMatcher(names: places.map(\.name)).nextLetterCounts(after: text).keys)
  }

  /// None: `places` carry no house numbers.
  public func houseNumbers(onStreet place: Place) -> [Place] { [] }
}

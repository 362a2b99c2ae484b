import Navigation

/// The driver's own places and route options: what `NavigationApp` persists (as
/// `.persist` effects) and restores (with `.restore`).
public struct PlaceLists: Hashable, Sendable {
  /// Most recent places kept.
  public static let maximumRecentCount = 10

  public var favourites: [Place]
  /// Most recent first, no duplicates.
  public var recents: [Place]
  /// The roads the driver chose to avoid on the Route options screen; nil until they
  /// choose (the configuration's default applies).
  public var avoid: AvoidableRoads?

  public init(favourites: [Place] = [], recents: [Place] = [], avoid: AvoidableRoads? = nil) {
    self.favourites = favourites
    self.recents = recents
    self.avoid = avoid
  }

  /// Puts `place` first among the recents, dropping an older entry for it and the oldest
  /// beyond `maximumRecentCount`.
  public mutating func recordRecent(_ place: Place) {
    recents.removeAll { $0.id == place.id }
    recents.insert(place, at: 0)
    if recents.count > Self.maximumRecentCount {
      recents.removeLast(recents.count - Self.maximumRecentCount)
    }
  }
}

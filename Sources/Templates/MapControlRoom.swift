/// How many of the map template's controls the display has room to draw. Controls beyond
/// it are not drawn, so the knob and touch skip them as well: a 3.5" screen shows three
/// map buttons, and a narrow bar between the card and the status chip may hold no bar
/// button at all. The daemon sets it from the display's layout; the default is CarPlay's
/// full set.
public struct MapControlRoom: Hashable, Sendable {
  /// Map buttons drawn at most (top ones first).
  public var mapButtons: Int
  /// Navigation-bar buttons drawn at most: leading ones first, then trailing ones from
  /// the right edge.
  public var barButtons: Int

  public init(
    mapButtons: Int = MapTemplate.maximumMapButtons,
    barButtons: Int = 2 * MapTemplate.maximumBarButtonsPerSide
  ) {
    self.mapButtons = max(0, mapButtons)
    self.barButtons = max(0, barButtons)
  }
}

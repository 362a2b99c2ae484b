/// What one `NavigationRenderer.render(_:)` call changed.
public struct RenderedFrame: Sendable, Equatable {
  /// Rows that differ from the previous frame, ascending and not touching; all rows for
  /// a full frame, none when nothing changed. (Rows outside may still be equal pixel for
  /// pixel inside; a consumer may diff further.)
  public var changedRows: [Range<Int>]
  /// The map was redrawn, so every row changed.
  public var isFullFrame: Bool
  /// Cards and buttons drawn afresh rather than reused from the cache.
  public var overlaysDrawn: Int

  public init(changedRows: [Range<Int>], isFullFrame: Bool, overlaysDrawn: Int) {
    self.changedRows = changedRows
    self.isFullFrame = isFullFrame
    self.overlaysDrawn = overlaysDrawn
  }

  public var changedRowCount: Int { changedRows.reduce(0) { $0 + $1.count } }
}

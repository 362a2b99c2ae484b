/// A bounded answer to a ``MusicQuery``: at most the player's configured limit of items,
/// and how many the server has in all.
public struct MusicListing: Sendable, Equatable {
  public var query: MusicQuery
  /// The first entries, in the server's order, at most the limit.
  public var items: [MusicBrowseItem]
  /// How many entries the server listed, counting those beyond the limit and those left
  /// out for an unusable URI.
  public var total: Int

  public init(query: MusicQuery, items: [MusicBrowseItem], total: Int) {
    self.query = query
    self.items = items
    self.total = max(total, items.count)
  }

  /// Whether entries were left out: the list shows "first N of TOTAL".
  public var isTruncated: Bool { total > items.count }
}

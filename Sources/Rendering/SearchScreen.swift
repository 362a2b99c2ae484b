/// Search by knob: the query so far, the rotary speller (turn to a letter, press to add
/// it) and the results as they come (CarPlay's `CPSearchTemplate`, with a speller in
/// place of a keyboard).
public struct SearchScreen: Hashable, Sendable {
  /// The keys the knob turns through, and the one it points at.
  public struct Speller: Hashable, Sendable {
    public struct Key: Hashable, Sendable, Identifiable {
      public enum Kind: Hashable, Sendable {
        case character
        case space
        case delete
      }

      /// The key's focus id.
      public var id: String
      /// What a character key shows.
      public var label: String
      public var kind: Kind

      public init(id: String, label: String, kind: Kind = .character) {
        self.id = id
        self.label = label
        self.kind = kind
      }
    }

    /// A to Z, Å, Ä, Ö, 0 to 9, space and delete ("key.a" … "key.space", "key.delete").
    public static let latin: [Key] =
      "ABCDEFGHIJKLMNOPQRSTUVWXYZÅÄÖ0123456789".map {
        Key(id: "key.\($0.lowercased())", label: String($0))
      } + [
        Key(id: "key.space", label: " ", kind: .space),
        Key(id: "key.delete", label: "", kind: .delete),
      ]

    public var keys: [Key]
    /// The key in the middle when the knob's focus is not on a key.
    public var pointedIndex: Int
    /// Why the speller is off (while driving), nil when it is on.
    public var disabledMessage: String?

    public init(keys: [Key] = Speller.latin, pointedIndex: Int = 0, disabledMessage: String? = nil)
    {
      self.keys = keys
      self.pointedIndex = pointedIndex
      self.disabledMessage = disabledMessage
    }
  }

  public var query: String
  /// Shown in the field while the query is empty.
  public var placeholder: String
  public var speller: Speller
  public var results: [ListScreen.Item]
  /// A search is running (a spinner in the field).
  public var isSearching: Bool

  public init(
    query: String, placeholder: String = "Search",
    speller: Speller = Speller(), results: [ListScreen.Item] = [], isSearching: Bool = false
  ) {
    self.query = query
    self.placeholder = placeholder
    self.speller = speller
    self.results = results
    self.isSearching = isSearching
  }
}

/// What the sign at a motorway exit or junction says: the exit number and where the road
/// leads, as OSRM steps (`exits`, `destinations`) and OSM tags (`junction:ref`,
/// `destination:ref`, `destination`) give it.
///
/// Every list is trimmed, without blanks or repeats, at most `maximumCount` long and every
/// text at most `maximumLength` characters: what is over the limit is dropped, so nothing a
/// file or a server says can grow a prompt or the card without bound.
public struct Signpost: Hashable, Sendable, Codable {
  /// Exit numbers as signed ("4", "40b", "51A"), first the one to show.
  public var exits: [String]
  /// Road references the sign points to, in their written form ("A10", "I-76").
  public var refs: [String]
  /// Places the sign points to ("Vaduz", "Feldkirch").
  public var destinations: [String]

  /// At most this many exits, references or places are kept.
  public static let maximumCount = 6
  /// Longer texts are dropped.
  public static let maximumLength = 60

  /// A signpost from lists already split; each is cleaned as the type promises.
  public init(exits: [String] = [], refs: [String] = [], destinations: [String] = []) {
    self.exits = Self.cleaned(exits)
    self.refs = Self.cleaned(refs.map(RoadReference.normalised))
    self.destinations = Self.cleaned(destinations)
  }

  /// The signpost of an OSRM or Valhalla step: `destinations` is "A 1, A 10: Vaduz,
  /// Feldkirch" (references, a colon, places; either part alone without the colon), `exits`
  /// "4" or "4;5". Items of a part without a colon are sorted by their look
  /// (`RoadReference.looksLikeReference`). Nil when both say nothing.
  public init?(osrmDestinations destinations: String?, exits: String?) {
    var refs: [String] = []
    var places: [String] = []
    if let destinations {
      if let colon = destinations.firstIndex(of: ":") {
        refs = Self.items(destinations[..<colon], separators: ",;")
        places = Self.items(destinations[destinations.index(after: colon)...], separators: ",;")
      } else {
        (refs, places) = Self.sorted(Self.items(Substring(destinations), separators: ",;"))
      }
    }
    self.init(
      exits: Self.items(Substring(exits ?? ""), separators: ";,"), refs: refs,
      destinations: places)
    if isEmpty { return nil }
  }

  /// The signpost of an OSM way and the junction it leaves from: `destination`
  /// ("Vaduz;Feldkirch", references written among the places are taken as references),
  /// `destination:ref` ("A 1;A 10") and the exit number (`junction:ref` of the way, or
  /// `ref` of the `motorway_junction` node). Nil when all say nothing.
  public init?(destination: String?, destinationRef: String?, exit: String?) {
    let (refsInPlaces, places) = Self.sorted(
      Self.items(Substring(destination ?? ""), separators: ";"))
    self.init(
      exits: Self.items(Substring(exit ?? ""), separators: ";"),
      refs: Self.items(Substring(destinationRef ?? ""), separators: ";") + refsInPlaces,
      destinations: places)
    if isEmpty { return nil }
  }

  private enum CodingKeys: String, CodingKey {
    case exits, refs, destinations
  }

  /// Decodes a signpost (a saved trip) held to the same limits as a fresh one.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      exits: try container.decodeIfPresent([String].self, forKey: .exits) ?? [],
      refs: try container.decodeIfPresent([String].self, forKey: .refs) ?? [],
      destinations: try container.decodeIfPresent([String].self, forKey: .destinations) ?? [])
  }

  /// Whether the sign says nothing.
  public var isEmpty: Bool { exits.isEmpty && refs.isEmpty && destinations.isEmpty }

  /// The exit number to say and show.
  public var exit: String? { exits.first }

  /// Where the road leads, for a prompt: up to two places, else up to two references.
  public var towards: [String] {
    Array((destinations.isEmpty ? refs : destinations).prefix(2))
  }

  /// Where the road leads, for the card, longest first: references and places
  /// ("A1, A10 · Vaduz, Feldkirch"), the places alone, the first place; empty when the sign
  /// names nothing.
  public var towardsVariants: [String] {
    var variants: [String] = []
    let places = destinations.joined(separator: ", ")
    let roads = refs.joined(separator: ", ")
    if !places.isEmpty && !roads.isEmpty { variants.append("\(roads) · \(places)") }
    for text in [places, destinations.first ?? "", roads, refs.first ?? ""]
    where !text.isEmpty && !variants.contains(text) {
      variants.append(text)
    }
    return variants
  }

  /// The sign naming at most `count` places and references (a final prompt names one,
  /// so it stays short enough to end before the exit).
  public func naming(atMost count: Int) -> Signpost {
    Signpost(
      exits: exits, refs: Array(refs.prefix(count)),
      destinations: Array(destinations.prefix(count)))
  }

  /// The sign without what it points to: only the exit number (for short prompts).
  public var exitOnly: Signpost? {
    exits.isEmpty ? nil : Signpost(exits: exits)
  }

  // MARK: - Helpers

  private static func items(_ text: Substring, separators: String) -> [String] {
    text.split(whereSeparator: { separators.contains($0) }).map {
      $0.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
  }

  /// (references, places) among `items`, by their look.
  private static func sorted(_ items: [String]) -> ([String], [String]) {
    (
      items.filter(RoadReference.looksLikeReference),
      items.filter { !RoadReference.looksLikeReference($0) }
    )
  }

  private static func cleaned(_ texts: [String]) -> [String] {
    var result: [String] = []
    for text in texts {
      let trimmed = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
      guard !trimmed.isEmpty, trimmed.count <= maximumLength, !result.contains(trimmed) else {
        continue
      }
      result.append(trimmed)
      if result.count == maximumCount { break }
    }
    return result
  }
}

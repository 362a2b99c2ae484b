import Core
import Geo
import Routing

/// Nearby: the map's points of interest by category, read from their records per question.
extension MapRouteProvider {
  /// The categories of the map's points of interest, ranked as `PlaceCategories` does. One
  /// walk over the place records' category keys; one name decoded per category.
  public func categories() -> [String] {
    var counts: [String: Int] = [:]
    for (key, count) in categoryCounts() {
      counts[Self.category(map.place(key.first).category), default: 0] += count
    }
    return PlaceCategories.ranked(counts: counts)
  }

  /// The `limit` points of interest of `category` nearest `near` (in the map's order
  /// without it): a walk over the place records' category keys and positions; only those
  /// returned are decoded.
  public func places(inCategory category: String?, near: Coordinate?, limit: Int) -> [Place] {
    guard limit > 0 else { return [] }
    var keys: Set<UInt32>?
    if let category {
      keys = Set(
        categoryCounts().keys.filter { Self.category(map.place($0.first).category) == category }
          .map(\.key))
    }
    var found: [(index: Int, distance: Double)] = []
    for i in 0..<map.placeCount where keys?.contains(map.placeCategoryKey(i)) ?? true {
      found.append((i, near.map { Earth.distance(map.placeCoordinate(i), $0) } ?? 0))
      if near == nil, found.count == limit { break }
    }
    found.sort { ($0.distance, $0.index) < ($1.distance, $1.index) }
    return found.prefix(limit).map { place(at: $0.index) }
  }

  /// Place record `index` as a place, its id from its index (unique in the map).
  func place(at index: Int) -> Place {
    let record = map.place(index)
    return Place(
      id: "poi.\(index).\(Place.slug(record.name))", name: record.name,
      coordinate: record.coordinate, category: record.category)
  }

  /// A category key of the place records, with the first record that has it.
  struct CategoryKey: Hashable {
    var key: UInt32
    var first: Int
  }

  /// How many place records have each category key.
  func categoryCounts() -> [CategoryKey: Int] {
    var first: [UInt32: Int] = [:]
    var counts: [UInt32: Int] = [:]
    for i in 0..<map.placeCount {
      let key = map.placeCategoryKey(i)
      if first[key] == nil { first[key] = i }
      counts[key, default: 0] += 1
    }
    return Dictionary(
      uniqueKeysWithValues: counts.map {
        (CategoryKey(key: $0.key, first: first[$0.key] ?? 0), $0.value)
      })
  }

  /// The Nearby category of a place record's category.
  static func category(_ name: String?) -> String { name ?? PlaceCategories.other }
}

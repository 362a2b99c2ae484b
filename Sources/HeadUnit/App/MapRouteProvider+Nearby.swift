import Core
import Geo
import Routing

/// Nearby: the map's points of interest by category, read from their records per question.
extension MapRouteProvider {
  /// The categories of the map's points of interest, ranked as `PlaceCategories` does. One
  /// walk over the place records' category keys; one name decoded per category.
  public func categories() -> [String] {
    var counts: [UInt32: (first: Int, count: Int)] = [:]
    for i in 0..<map.placeCount {
      counts[map.placeCategoryKey(i), default: (i, 0)].count += 1
    }
    var byName: [String: Int] = [:]
    for (first, count) in counts.values {
      byName[map.place(first).category ?? PlaceCategories.other, default: 0] += count
    }
    return PlaceCategories.ranked(counts: byName)
  }

  /// The `limit` points of interest of `category` nearest `near` (in the map's order
  /// without it): one walk over the place records' category keys and positions, a
  /// category name decoded once per key; only the places returned are decoded.
  public func places(inCategory category: String?, near: Coordinate?, limit: Int) -> [Place] {
    guard limit > 0 else { return [] }
    var matches: [UInt32: Bool] = [:]
    var found: [(index: Int, distance: Double)] = []
    for i in 0..<map.placeCount {
      if let category {
        let key = map.placeCategoryKey(i)
        let match =
          matches[key] ?? ((map.place(i).category ?? PlaceCategories.other) == category)
        matches[key] = match
        guard match else { continue }
      }
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
}

import Geo

/// A fixed set of features with their bounding boxes, culled per frame: for roads and
/// areas known up front (an imported map tile, the streets of the demo's routes).
public struct FeatureLayer: MapLayer {
  public let id: String
  public let revision: Int
  private let entries: [Entry]

  private struct Entry: Sendable {
    var feature: MapFeature
    var minX, minY, maxX, maxY: Double
  }

  public init(id: String, revision: Int = 0, features: [MapFeature]) {
    self.id = id
    self.revision = revision
    entries = features.compactMap { feature in
      guard let first = feature.points.first else { return nil }
      var entry = Entry(
        feature: feature, minX: first.x, minY: first.y, maxX: first.x, maxY: first.y)
      for p in feature.points.dropFirst() {
        entry.minX = min(entry.minX, p.x)
        entry.minY = min(entry.minY, p.y)
        entry.maxX = max(entry.maxX, p.x)
        entry.maxY = max(entry.maxY, p.y)
      }
      return entry
    }
  }

  public func features(in region: MapRegion) -> [MapFeature] {
    entries.filter {
      region.intersects(minX: $0.minX, minY: $0.minY, maxX: $0.maxX, maxY: $0.maxY)
    }.map(\.feature)
  }
}

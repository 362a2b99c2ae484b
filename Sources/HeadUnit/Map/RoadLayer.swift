import Foundation
import Geo
import Navigation
import Rendering
import Routing
import Synchronization

/// The roads of an offline map as a map layer: water and green areas, and each road drawn
/// by its class (width and colour) with its name for the labels, asked from the map for the
/// visible area only.
///
/// `features(in:)` looks up the edges around the region's centre through the map's
/// spatial index and turns each road segment (one per pair of opposite edges) into a
/// feature. The last few answers are kept, keyed by region, since the renderer asks again
/// for the same area while only the vehicle moves. Thread-safe.
public final class RoadLayer: MapLayer {
  public let id = "roads"
  public let revision = 0
  private let graph: any RoadGraph
  private let cache = Mutex<[(MapRegion, [MapFeature])]>([])

  public init(graph: any RoadGraph) {
    self.graph = graph
  }

  public func features(in region: MapRegion) -> [MapFeature] {
    if let hit = cache.withLock({ $0.first { $0.0 == region }?.1 }) { return hit }
    let features = lookUp(region)
    cache.withLock {
      $0.insert((region, features), at: 0)
      if $0.count > 4 { $0.removeLast() }
    }
    return features
  }

  private func lookUp(_ region: MapRegion) -> [MapFeature] {
    guard region.minX.isFinite, region.minY.isFinite, region.maxX.isFinite, region.maxY.isFinite
    else { return [] }
    let low = WebMercator.unproject(PlanePoint(x: region.minX, y: region.minY))
    let high = WebMercator.unproject(PlanePoint(x: region.maxX, y: region.maxY))
    let center = Coordinate(
      latitude: (low.latitude + high.latitude) / 2,
      longitude: (low.longitude + high.longitude) / 2)
    let radius = Earth.distance(low, high) / 2
    var features = graph.areas(
      south: low.latitude, west: low.longitude, north: high.latitude, east: high.longitude
    ).map { area in
      MapFeature(kind: area.kind == .water ? .water : .park, coordinates: area.outline)
    }
    var seen = Set<SegmentKey>()
    for id in graph.edges(near: center, radius: radius) {
      let edge = graph.edge(id)
      guard seen.insert(SegmentKey(edge)).inserted else { continue }
      let points = graph.geometry(ofEdge: id).map(WebMercator.project)
      guard
        let box = Self.bounds(points),
        region.intersects(minX: box.minX, minY: box.minY, maxX: box.maxX, maxY: box.maxY)
      else { continue }
      let name = edge.name.isEmpty ? RoadReference.principal(edge.ref) : edge.name
      features.append(MapFeature(kind: Self.kind(of: edge.roadClass), points: points, name: name))
    }
    return features
  }

  /// How a road class is drawn.
  static func kind(of roadClass: RoadClass) -> MapFeature.Kind {
    switch roadClass {
    case .motorway, .trunk, .motorwayLink, .trunkLink: .motorway
    case .primary, .secondary, .primaryLink, .secondaryLink: .majorRoad
    case .tertiary, .tertiaryLink, .unclassified, .residential, .livingStreet: .road
    case .service: .minorRoad
    }
  }

  private static func bounds(_ points: [PlanePoint]) -> (
    minX: Double, minY: Double, maxX: Double, maxY: Double
  )? {
    guard let first = points.first else { return nil }
    var box = (minX: first.x, minY: first.y, maxX: first.x, maxY: first.y)
    for p in points.dropFirst() {
      box.minX = min(box.minX, p.x)
      box.minY = min(box.minY, p.y)
      box.maxX = max(box.maxX, p.x)
      box.maxY = max(box.maxY, p.y)
    }
    return box
  }

  /// The same stretch of road whichever way an edge runs along it.
  private struct SegmentKey: Hashable {
    var low: Int
    var high: Int
    var way: Int64

    init(_ edge: RoadEdge) {
      low = min(edge.from, edge.to)
      high = max(edge.from, edge.to)
      way = edge.wayID
    }
  }
}

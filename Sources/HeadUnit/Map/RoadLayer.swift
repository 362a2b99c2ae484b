import Foundation
import Geo
import MapFile
import Navigation
import Rendering
import Routing
import Synchronization

/// The offline map as a map layer: its areas (sea, water, green, land use, buildings) and
/// its roads, each by class, on bridges and in tunnels, with names for the labels — at
/// street level (below ``overviewFrom``) every edge near the view, further out the map's
/// overview lines of the zoom band (`OverviewLine.Band`; the town band's up to 4 m a pixel).
///
/// Features are asked of the map for a block around the view, projected once, and kept:
/// the block is a grid square twice the view's size, so while the camera follows the car
/// the frames draw from the same features until the view leaves the block. The last few
/// blocks are kept. Thread-safe.
public final class RoadLayer: MapLayer {
  public let id = "roads"
  public let revision = 0
  private let graph: any RoadGraph
  private let cache = Mutex<[(Block, [MapFeature])]>([])

  /// A square of the map at one level of detail.
  struct Block: Hashable {
    var column: Int
    var row: Int
    /// The side, mercator metres (a power of two).
    var size: Double
    var band: OverviewLine.Band?
    /// Areas smaller than this (degrees) are left out.
    var minimumSpan: Double

    var minX: Double { Double(column) * size / 2 }
    var minY: Double { Double(row) * size / 2 }
  }

  /// From this many metres a pixel the overview lines are drawn instead of every edge:
  /// where street names no longer show, and a city's every street at the narrowest road
  /// width (5 px) would cost a frame four times a street-level one.
  public static let overviewFrom = 2.5

  public init(graph: any RoadGraph) {
    self.graph = graph
  }

  public func features(in region: MapRegion) -> [MapFeature] {
    guard let block = Self.block(covering: region) else { return [] }
    if let hit = cache.withLock({ $0.first { $0.0 == block }?.1 }) { return hit }
    let features = lookUp(block)
    cache.withLock {
      $0.insert((block, features), at: 0)
      if $0.count > 4 { $0.removeLast() }
    }
    return features
  }

  /// The block whose square (its side a power of two at least twice the region's larger
  /// side, placed on a grid of half that) holds the region; nil for a region that is not
  /// finite.
  static func block(covering region: MapRegion) -> Block? {
    guard region.minX.isFinite, region.minY.isFinite, region.maxX.isFinite,
      region.maxY.isFinite, region.mercatorPerPixel.isFinite, region.mercatorPerPixel > 0
    else { return nil }
    let side = max(region.maxX - region.minX, region.maxY - region.minY, 1)
    let size = pow(2, (log2(side * 2)).rounded(.up))
    let step = size / 2
    let column = Int((region.minX / step).rounded(.down))
    let row = Int((region.minY / step).rounded(.down))
    let center = WebMercator.unproject(
      PlanePoint(x: (region.minX + region.maxX) / 2, y: (region.minY + region.maxY) / 2))
    let metresPerPixel = region.mercatorPerPixel / WebMercator.scale(atLatitude: center.latitude)
    // Half a pixel, rounded down to a power of two of degrees, so nearby scales share blocks.
    let pixelDegrees = region.mercatorPerPixel / WebMercator.scale(atLatitude: 0) / 111_320
    let span = pow(2, log2(max(pixelDegrees / 2, 1e-9)).rounded(.down))
    // Blocks are `size` wide but start every `step`: the region fits in the one at its corner.
    return Block(
      column: column, row: row, size: step * 2,
      band: metresPerPixel < overviewFrom
        ? nil : OverviewLine.Band.at(metresPerPixel: metresPerPixel) ?? .town,
      minimumSpan: span)
  }

  private func lookUp(_ block: Block) -> [MapFeature] {
    let low = WebMercator.unproject(PlanePoint(x: block.minX, y: block.minY))
    let high = WebMercator.unproject(
      PlanePoint(x: block.minX + block.size, y: block.minY + block.size))
    var features = graph.areas(
      south: low.latitude, west: low.longitude, north: high.latitude, east: high.longitude,
      minimumSpan: block.minimumSpan
    ).compactMap { area -> MapFeature? in
      if block.band != nil && area.kind == .building { return nil }
      return MapFeature(
        kind: Self.kind(ofArea: area.kind), points: area.outline.map(WebMercator.project),
        holes: area.holes.map { $0.map(WebMercator.project) })
    }
    if let band = block.band {
      for line in graph.overviewLines(
        band: band, south: low.latitude, west: low.longitude, north: high.latitude,
        east: high.longitude)
      {
        features.append(
          MapFeature(
            kind: Self.kind(of: line.roadClass), points: line.points.map(WebMercator.project)))
      }
      if !features.contains(where: { $0.kind.isRoad }) {
        features += roads(low, high)  // a map without an overview: its edges
      }
      return features
    }
    return features + roads(low, high)
  }

  /// Every road segment (one per pair of opposite edges) with a point in the box.
  private func roads(_ low: Coordinate, _ high: Coordinate) -> [MapFeature] {
    let center = Coordinate(
      latitude: (low.latitude + high.latitude) / 2,
      longitude: (low.longitude + high.longitude) / 2)
    let radius = Earth.distance(low, high) / 2
    let box = MapBounds(
      [WebMercator.project(low), WebMercator.project(high)])
    var features: [MapFeature] = []
    var seen = Set<SegmentKey>()
    for id in graph.edges(near: center, radius: radius) {
      let edge = graph.edge(id)
      guard seen.insert(SegmentKey(edge)).inserted else { continue }
      let points = graph.geometry(ofEdge: id).map(WebMercator.project)
      let bounds = MapBounds(points)
      guard bounds.minX <= box.maxX, bounds.maxX >= box.minX, bounds.minY <= box.maxY,
        bounds.maxY >= box.minY
      else { continue }
      let name = edge.name.isEmpty ? RoadReference.principal(edge.ref) : edge.name
      let structure = graph.structure(ofEdge: id)
      features.append(
        MapFeature(
          kind: Self.kind(of: edge.roadClass), points: points, name: name,
          structure: Self.structure(structure.kind), layer: structure.layer))
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

  /// How an area kind is drawn.
  static func kind(ofArea kind: MapArea.Kind) -> MapFeature.Kind {
    switch kind {
    case .water: .water
    case .park: .park
    case .sea: .sea
    case .building: .building
    case .forest: .forest
    case .residential: .residential
    case .industrial: .industrial
    case .farmland: .farmland
    }
  }

  static func structure(_ kind: EdgeStructure.Kind) -> MapFeature.Structure {
    switch kind {
    case .ground: .ground
    case .bridge: .bridge
    case .tunnel: .tunnel
    }
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

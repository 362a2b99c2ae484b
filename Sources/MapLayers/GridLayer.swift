import Foundation
import Geo

/// Faint lines every `spacing` mercator metres: shows the map moving and turning when
/// no base map is loaded.
public struct GridLayer: MapLayer {
  public var id: String { "grid" }
  public var revision: Int { 0 }
  public var spacing: Double

  public init(spacing: Double = 200) {
    self.spacing = spacing
  }

  public func features(in region: MapRegion) -> [MapFeature] {
    // Keep lines at least ~60 px apart whatever the zoom.
    var step = spacing
    while step / region.mercatorPerPixel < 60 { step *= 2 }
    var features: [MapFeature] = []
    var x = (region.minX / step).rounded(.down) * step
    while x <= region.maxX {
      features.append(
        MapFeature(
          kind: .gridLine,
          points: [PlanePoint(x: x, y: region.minY), PlanePoint(x: x, y: region.maxY)]))
      x += step
    }
    var y = (region.minY / step).rounded(.down) * step
    while y <= region.maxY {
      features.append(
        MapFeature(
          kind: .gridLine,
          points: [PlanePoint(x: region.minX, y: y), PlanePoint(x: region.maxX, y: y)]))
      y += step
    }
    return features
  }
}

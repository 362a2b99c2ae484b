import Foundation
import Geo

/// Where the built-up areas are, from OSM places: a road inside a closed way tagged
/// `place=city|town|village|suburb|quarter`, or near a node with one of those tags, runs
/// through a built-up area (urban), where the country's urban limit holds.
///
/// "Near" depends on the place: within 3,000 m of a city's node, 1,500 m of a town's, 1,000 m
/// of a suburb's, 600 m of a quarter's and 500 m of a village's (the radius of a typical one:
/// a node marks its centre). Hamlets and neighbourhoods do not count: too small, or too
/// often mapped along roads that are rural. Places mapped as multipolygon relations count
/// by their node only. Immutable once built; lookups are a grid cell and the few places in
/// it.
public struct BuiltUpAreas: Sendable {
  /// How a point relates to the built-up areas.
  public enum Presence: Sendable, Equatable {
    /// Outside every place area and away from every place node.
    case outside
    /// Near a place node only: good evidence for streets, weak for a bypass.
    case nearPlace
    /// Inside a place's closed way.
    case insideArea
  }

  /// Metres around a place node taken as built-up, by `place` value.
  public static let radii: [String: Double] = [
    "city": 3000, "town": 1500, "suburb": 1000, "village": 500, "quarter": 600,
  ]

  private struct Circle: Sendable {
    var latitude: Double
    var longitude: Double
    var radius: Double
  }

  private struct Outline: Sendable {
    var points: [(latitude: Double, longitude: Double)]
  }

  private struct Cell: Hashable, Sendable {
    var row: Int
    var column: Int
  }

  /// Degrees of a grid cell, both ways: about 5.5 km north–south.
  private static let cellSize = 0.05
  private var circles: [Circle] = []
  private var outlines: [Outline] = []
  private var circleCells: [Cell: [Int]] = [:]
  private var outlineCells: [Cell: [Int]] = [:]

  /// No built-up areas: every road is outside.
  public init() {}

  /// The areas of these places: nodes (`place` value and position, degrees) and closed ways
  /// (`place` value and outline, first point repeated last or not). Places of other kinds
  /// are ignored, as are outlines of fewer than 3 points or spanning more than a degree.
  public init(
    nodes: [(place: String, latitude: Double, longitude: Double)],
    areas: [(place: String, outline: [(latitude: Double, longitude: Double)])]
  ) {
    for node in nodes {
      guard let radius = Self.radii[node.place], node.latitude.isFinite,
        node.longitude.isFinite
      else { continue }
      let index = circles.count
      circles.append(Circle(latitude: node.latitude, longitude: node.longitude, radius: radius))
      let dLat = radius / 111_195
      let dLon = dLat / max(cos(node.latitude * .pi / 180), 0.01)
      for cell in Self.cells(
        node.latitude - dLat...node.latitude + dLat, node.longitude - dLon...node.longitude + dLon)
      {
        circleCells[cell, default: []].append(index)
      }
    }
    for area in areas where Self.radii[area.place] != nil && area.outline.count >= 3 {
      let lats = area.outline.map(\.latitude)
      let lons = area.outline.map(\.longitude)
      guard let south = lats.min(), let north = lats.max(), let west = lons.min(),
        let east = lons.max(), north - south <= 1, east - west <= 1
      else { continue }
      let index = outlines.count
      outlines.append(Outline(points: area.outline))
      for cell in Self.cells(south...north, west...east) {
        outlineCells[cell, default: []].append(index)
      }
    }
  }

  /// Whether a point (degrees) is in a built-up area, and on what evidence.
  public func presence(latitude: Double, longitude: Double) -> Presence {
    let cell = Self.cell(latitude, longitude)
    for i in outlineCells[cell] ?? [] where Self.contains(outlines[i].points, latitude, longitude) {
      return .insideArea
    }
    let here = Coordinate(latitude: latitude, longitude: longitude)
    for i in circleCells[cell] ?? [] {
      let c = circles[i]
      if Earth.distance(here, Coordinate(latitude: c.latitude, longitude: c.longitude))
        <= c.radius
      {
        return .nearPlace
      }
    }
    return .outside
  }

  private static func cell(_ latitude: Double, _ longitude: Double) -> Cell {
    Cell(
      row: Int((latitude / cellSize).rounded(.down)),
      column: Int((longitude / cellSize).rounded(.down)))
  }

  private static func cells(_ lat: ClosedRange<Double>, _ lon: ClosedRange<Double>) -> [Cell] {
    let low = cell(lat.lowerBound, lon.lowerBound)
    let high = cell(lat.upperBound, lon.upperBound)
    var result: [Cell] = []
    for row in low.row...high.row {
      for column in low.column...high.column { result.append(Cell(row: row, column: column)) }
    }
    return result
  }

  /// Even–odd rule on the outline, in degrees (fine at the size of a town).
  private static func contains(
    _ outline: [(latitude: Double, longitude: Double)], _ latitude: Double, _ longitude: Double
  ) -> Bool {
    PlanarRing.contains(
      outline.map { PlanarPoint(x: $0.longitude, y: $0.latitude) },
      PlanarPoint(x: longitude, y: latitude))
  }
}

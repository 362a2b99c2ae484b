import MapFile
import Navigation
import OSMPBF
import Routing

extension RoadMapBuilder {
  /// Member ways of relations whose node lists are not known yet — of area relations, and
  /// the outer ways of multipolygons with an address (a sorted extract has the ways before
  /// the relation): an importer reads the ways again for these (`addMemberWay`).
  public var missingMemberWays: Set<Int64> {
    areaParts.missingMemberWays.union(addressElements.missingMemberWays)
  }

  /// Keeps the node list of a way a relation names; other ways are ignored.
  public mutating func addMemberWay(_ way: OSMWay) {
    areaParts.addMemberWay(way)
    if addressElements.missingMemberWays.contains(way.id) {
      addressElements.add(way: way.id, nodes: way.nodes, tags: [:])
    }
  }

  /// The box areas are closed along: the extract's, else that of the nodes known.
  var closingBox: ExtractBox? {
    if let box = extractBox { return ExtractBox(e7: box) }
    guard let first = coordinates.values.first else { return nil }
    var box = (first.latitude, first.longitude, first.latitude, first.longitude)
    for c in coordinates.values {
      box.0 = min(box.0, c.latitude)
      box.1 = min(box.1, c.longitude)
      box.2 = max(box.2, c.latitude)
      box.3 = max(box.3, c.longitude)
    }
    return ExtractBox(e7: box)
  }

  /// The areas' polygons into `content`, and what was built into `summary`.
  func addAreas(to content: inout MapContent, summary: inout Summary) {
    let (polygons, areas) = areaParts.polygons(coordinates: coordinates, box: closingBox)
    content.wholeMap.polygons = polygons
    summary.areas = polygons.count
    summary.wholeMap.areas = areas
    for a in content.wholeMap.edgeAttributes {
      switch EdgeStructure.Kind(rawValue: a.structure) {
      case .bridge?: summary.wholeMap.bridgeEdges += 1
      case .tunnel?: summary.wholeMap.tunnelEdges += 1
      default: break
      }
      if a.source == SpeedLimit.Source.tagged.rawValue
        || a.source == SpeedLimit.Source.zone.rawValue
      {
        summary.wholeMap.edgesWithSignedLimit += 1
      }
    }
    for band in OverviewLine.Band.allCases {
      let lines = content.wholeMap.overview.filter { $0.band == band.rawValue }
      summary.wholeMap.overviewLines.append(lines.count)
      summary.wholeMap.overviewPoints.append(lines.reduce(0) { $0 + $1.points.count })
    }
  }
}

/// What a build made of the whole map beyond the roads.
public struct WholeMapSummary: Sendable, Equatable {
  public var areas = AreaSummary()
  public var bridgeEdges = 0
  public var tunnelEdges = 0
  /// Edges whose limit a sign states (rather than the country's rule).
  public var edgesWithSignedLimit = 0
  /// Lines and points per overview band (`OverviewLine.Band` order).
  public var overviewLines: [Int] = []
  public var overviewPoints: [Int] = []

  public init() {}
}

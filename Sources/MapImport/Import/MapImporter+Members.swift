import MapFile
import OSMPBF
import Routing

extension MapImporter {
  /// The member ways of area relations that the first reading did not keep (untagged
  /// outer and inner ways), from the blobs that hold ways.
  func readMemberWays(
    _ file: PBFFile, _ wayBlobs: [PBFFile.Blob], pipeline: BlobPipeline,
    into builder: inout RoadMapBuilder
  ) throws(RoutingError) {
    builder.areaParts.dropUnnamedWays()
    let missing = SortedIDs(Array(builder.missingMemberWays))
    guard !missing.isEmpty else { return }
    try pipeline.forEach(wayBlobs) { blob throws(RoutingError) in
      try file.block(blob, contents: .ways).ways.filter { missing.contains($0.id) }
    } consume: { _, ways throws(RoutingError) in
      for way in ways { builder.addMemberWay(way) }
    }
  }

  /// The box of every node in the file, for an extract whose header has none.
  struct DataBox {
    private var minLatitude = Int32.max
    private var minLongitude = Int32.max
    private var maxLatitude = Int32.min
    private var maxLongitude = Int32.min

    mutating func add(_ other: DataBox) {
      minLatitude = min(minLatitude, other.minLatitude)
      minLongitude = min(minLongitude, other.minLongitude)
      maxLatitude = max(maxLatitude, other.maxLatitude)
      maxLongitude = max(maxLongitude, other.maxLongitude)
    }

    mutating func add(_ node: OSMNode) {
      minLatitude = min(minLatitude, node.latitudeE7)
      minLongitude = min(minLongitude, node.longitudeE7)
      maxLatitude = max(maxLatitude, node.latitudeE7)
      maxLongitude = max(maxLongitude, node.longitudeE7)
    }

    var box: (minLatitude: Int32, minLongitude: Int32, maxLatitude: Int32, maxLongitude: Int32)? {
      minLatitude <= maxLatitude ? (minLatitude, minLongitude, maxLatitude, maxLongitude) : nil
    }
  }
}

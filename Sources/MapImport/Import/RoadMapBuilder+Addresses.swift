import Foundation
import MapFile
import Routing

extension RoadMapBuilder {
  /// Whether an importer's node pass must keep a node with these tags for addresses (an
  /// address, an entrance, a named settlement), besides the nodes ways refer to.
  public static func keepsNode(tags: [String: String]) -> Bool {
    !tags.isEmpty && AddressElements.keeps(tags)
  }

  /// Builds the address sections into `content`, its roads giving the road points.
  func addAddresses(to content: inout MapContent) -> AddressSummary {
    var assembly = AddressAssembly(
      elements: addressElements, coordinates: coordinates, box: closingBox)
    // Road points need the roads only: without the areas and the overview, the map that
    // finds them is a fraction of the file.
    var roadsOnly = content
    roadsOnly.wholeMap.polygons = []
    roadsOnly.wholeMap.overview = []
    roadsOnly.areas = []
    // With a scratch folder, the map is written there a section at a time and read back
    // mapped, rather than laid out whole in memory beside the content.
    var spilled: SpilledMap?
    var roads: RoadMap?
    if !content.edges.isEmpty {
      spilled = scratchFolder.flatMap { try? SpilledMap(writing: roadsOnly, in: $0) }
      roads = spilled?.map ?? (try? MapFileWriter(content: roadsOnly).map(name: "roads"))
    }
    roadsOnly = MapContent()
    assembly.makeBook(into: &content, roads: roads)
    return assembly.summary
  }
}

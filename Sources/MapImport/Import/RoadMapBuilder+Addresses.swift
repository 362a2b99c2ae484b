import Foundation
import Routing

extension RoadMapBuilder {
  /// Outer ways of multipolygons with an address that were added before the relation (as
  /// a sorted extract has them): an importer adds them again with `addMemberWay(_:)`.
  public var missingMemberWays: Set<Int64> { addressElements.missingMemberWays }

  /// Adds the node list of a way a multipolygon with an address needs (see
  /// `missingMemberWays`); other ways are ignored.
  public mutating func addMemberWay(_ way: OSMWay) {
    guard addressElements.missingMemberWays.contains(way.id) else { return }
    addressElements.add(way: way.id, nodes: way.nodes, tags: [:])
  }

  /// Whether an importer's node pass must keep a node with these tags for addresses (an
  /// address, an entrance, a named settlement), besides the nodes ways refer to.
  public static func keepsNode(tags: [String: String]) -> Bool {
    !tags.isEmpty && AddressElements.keeps(tags)
  }

  /// Builds the address sections into `content`, its roads giving the road points.
  func addAddresses(to content: inout MapContent) -> AddressSummary {
    var assembly = AddressAssembly(elements: addressElements, coordinates: coordinates)
    let roads =
      content.edges.isEmpty
      ? nil : try? RoadMap(data: MapFileWriter(content: content).data(), name: "roads")
    assembly.makeBook(into: &content, roads: roads)
    return assembly.summary
  }
}

import Foundation
import MapFile
import Routing

extension RoadMapBuilder {
  /// Whether an importer's node pass must keep a node with these tags for addresses (an
  /// address, an entrance, a named settlement), besides the nodes ways refer to.
  public static func keepsNode(tags: [String: String]) -> Bool {
    !tags.isEmpty && AddressElements.keeps(tags)
  }

  /// The address candidates of the elements gathered, with their node coordinates.
  func addressCandidates() -> AddressAssembly {
    AddressAssembly(elements: addressElements, coordinates: coordinates, box: closingBox)
  }

  /// Builds the address sections into `content` (whose string table they add to and
  /// whose places they index) from `assembly`'s candidates, with road points on `roads`
  /// (the content's roads as a map) where a router with `routing` can arrive.
  func addAddresses(
    _ assembly: inout AddressAssembly, to content: inout MapContent, roads: RoadMap?,
    routing: RoutingTableRecords?
  ) -> AddressSummary {
    var reachable: [Bool] = []
    if let roads {
      let router = routing.map { Router(graph: roads, table: $0) } ?? Router(graph: roads)
      reachable = router.edgesReachableFromMainComponent()
    }
    content.addressBook = assembly.makeBook(
      strings: &content.strings, places: content.places, roads: roads, reachable: reachable)
    return assembly.summary
  }
}

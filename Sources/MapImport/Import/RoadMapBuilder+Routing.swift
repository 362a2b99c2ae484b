import MapFile
import Routing

extension RoadMapBuilder {
  /// Works out the router's table of the roads of `content` and stores it in `content`, so
  /// opening the map builds nothing (`RoutingTableRecords`). The table is made from the map
  /// as written, so a router over the file and one over a graph built from it agree.
  func addRoutingTable(to content: inout MapContent) throws(RoutingError) {
    guard !content.edges.isEmpty else { return }
    content.routing = nil
    let roads = try MapFileWriter(content: content.roadsOnly).map(name: "roads")
    content.routing = RoutingTableRecords(roads)
  }
}

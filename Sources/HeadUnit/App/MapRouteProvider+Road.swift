import Core
import Foundation
import Geo
import MapFile
import Navigation
import Routing

/// The road driven, from the map: the edge under the vehicle in its direction of travel.
extension MapRouteProvider {
  /// The map's road at `coordinate` towards `heading` (`RoadGraph.drivenEdge`): its name
  /// (else its principal reference) and its limit that way; nil off the roads.
  public func road(near coordinate: Coordinate, heading: Double?) -> DrivenRoad? {
    guard let id = map.drivenEdge(near: coordinate, heading: heading) else { return nil }
    let edge = map.edge(id)
    let name = edge.name.trimmingCharacters(in: .whitespaces)
    return DrivenRoad(
      name: name.isEmpty ? RoadReference.principal(edge.ref) : name,
      speedLimit: map.speedLimit(ofEdge: id))
  }
}

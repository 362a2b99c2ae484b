import Core
import Foundation
import Geo
import JSON
import Navigation
import Templates

/// The navigation parts of bridge requests: trips, route choices, alerts, maneuvers and
/// estimates.
extension BridgeDecoder {
  static func trip(_ node: JSONNode) throws(JSONError) -> Trip {
    let f = BridgeFields(
      node,
      try node.object(keys: ["id", "origin", "destination", "destinationName", "routeChoices"]),
      what: "a trip")
    func place(_ key: String) throws(JSONError) -> Coordinate {
      let n = try f.required(key)
      return try coordinate(
        BridgeFields(n, try n.object(keys: ["latitude", "longitude"]), what: "a \(key)"))
    }
    return Trip(
      id: try f.required("id").nonEmptyString(), origin: try place("origin"),
      destination: try place("destination"),
      destinationNameVariants: try f.variants("destinationName", required: false),
      routeChoices: try f.list("routeChoices", routeChoice))
  }

  static func routeChoice(_ node: JSONNode) throws(JSONError) -> RouteChoice {
    let f = BridgeFields(
      node, try node.object(keys: ["summary", "selectionSummary", "additionalInformation"]),
      what: "a route choice")
    return RouteChoice(
      summaryVariants: try f.variants("summary"),
      selectionSummaryVariants: try f.variants("selectionSummary", required: false),
      additionalInformationVariants: try f.variants("additionalInformation", required: false))
  }

  static func navigationAlert(_ node: JSONNode) throws(JSONError) -> NavigationAlert {
    let f = BridgeFields(
      node,
      try node.object(keys: [
        "id", "title", "subtitle", "image", "primaryAction", "secondaryAction", "duration",
      ]), what: "a navigation alert")
    return NavigationAlert(
      id: try f.required("id").nonEmptyString(), titleVariants: try f.variants("title"),
      subtitleVariants: try f.variants("subtitle", required: false),
      image: try f["image"]?.nonNull?.string(),
      primaryAction: try action(f.required("primaryAction")),
      secondaryAction: try f["secondaryAction"]?.nonNull.map(action),
      duration: try f["duration"]?.number(in: 0...3600) ?? 0)
  }

  static let maneuverTypes: [String: ManeuverType] = Dictionary(
    uniqueKeysWithValues: ManeuverType.allCases.map { ("\($0)", $0) })

  static func maneuver(_ node: JSONNode) throws(JSONError) -> BridgeManeuver {
    let f = BridgeFields(
      node,
      try node.object(keys: [
        "id", "type", "instruction", "road", "drivingSide", "distance", "time",
      ]), what: "a maneuver")
    let typeNode = try f.required("type")
    let type: ManeuverType
    if let number = try? typeNode.integer(in: 0...(ManeuverType.allCases.count - 1)) {
      type = ManeuverType(rawValue: number)!
    } else if let name = try? typeNode.string(), let named = maneuverTypes[name] {
      type = named
    } else {
      throw typeNode.error(
        expected: "a maneuver type: a name such as \"leftTurn\" or \"roundaboutExit2\", or "
          + "CarPlay's number 0–\(ManeuverType.allCases.count - 1)")
    }
    var estimates: BridgeEstimates?
    if let distance = f["distance"] {
      estimates = BridgeEstimates(
        distanceRemaining: try distance.number(in: -1...1e8),
        timeRemaining: try f["time"]?.number(in: -1...1e7) ?? -1)
    }
    let side = try f["drivingSide"]?.string(oneOf: ["left", "right"]) ?? "right"
    return BridgeManeuver(
      id: try f.required("id").nonEmptyString(), type: type,
      instructionVariants: try f.variants("instruction"), road: try f["road"]?.string() ?? "",
      drivingSide: Maneuver.Side(rawValue: side)!, estimates: estimates)
  }

  static func estimates(_ node: JSONNode) throws(JSONError) -> BridgeEstimates {
    let f = BridgeFields(node, try node.object(keys: ["distance", "time"]), what: "estimates")
    return BridgeEstimates(
      distanceRemaining: try f.required("distance").number(in: -1...1e8),
      timeRemaining: try f.required("time").number(in: -1...1e7))
  }
}

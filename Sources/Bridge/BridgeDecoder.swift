import Core
import Foundation
import Geo
import JSON
import Navigation
import Readers
import Templates

/// Reads one line of a bridge client into a request, or into the error to answer it with.
///
/// Pure and thread-safe (no state): the server's reader thread decodes each line before
/// the daemon's loop sees it. Unknown keys are errors naming their path, as in the
/// configuration file, so a misspelt field is never silently ignored.
public enum BridgeDecoder {
  /// The id (when the line had a readable one) and the request or what is wrong with it.
  public typealias Line = BridgeLine

  /// Decodes one line (without its newline).
  public static func decode(_ line: some Collection<UInt8>) -> Line {
    let root: JSONNode
    do throws(JSONError) {
      root = try JSONNode(parsing: Data(line))
    } catch {
      return Line(id: nil, request: .failure(BridgeError(error, code: BridgeError.Code.badJSON)))
    }
    guard case .object = root.value else {
      return Line(
        id: nil,
        request: .failure(
          BridgeError(
            code: BridgeError.Code.badJSON,
            message: "expected a JSON object, got \(JSONNode.describe(root.value))", path: "$")))
    }
    var id: BridgeRequestID?
    if let raw = root.value["id"] {
      if case .string(let text) = raw {
        id = .string(text)
      } else if let number = try? JSONNode(raw, path: "$.id").integer(in: Int.min...Int.max) {
        id = .number(number)
      } else {
        return Line(
          id: nil,
          request: .failure(
            BridgeError(
              code: BridgeError.Code.invalidRequest,
              message: "expected a whole number or a string, got " + JSONNode.describe(raw),
              path: "$.id")))
      }
    }
    let type: String
    do throws(JSONError) {
      type = try root.required("type", for: "every message").string()
    } catch {
      return Line(
        id: id, request: .failure(BridgeError(error, code: BridgeError.Code.invalidRequest)))
    }
    guard let keys = requestKeys[type] else {
      return Line(
        id: id,
        request: .failure(
          BridgeError(
            code: BridgeError.Code.unknownType,
            message: "unknown request \(JSONNode.quoted(type)) (expected one of "
              + BridgeRequest.types.joined(separator: ", ") + ")", path: "$.type")))
    }
    do throws(JSONError) {
      return Line(
        id: id, request: .success(try request(root, type: type, keys: keys, hasID: id != nil)))
    } catch {
      return Line(
        id: id, request: .failure(BridgeError(error, code: BridgeError.Code.invalidRequest)))
    }
  }

  /// The request of `type`, whose members may be `keys` besides `type` and `id`.
  private static func request(_ root: JSONNode, type: String, keys: [String], hasID: Bool)
    throws(JSONError) -> BridgeRequest
  {
    let fields = BridgeFields(root, try root.object(keys: ["type", "id"] + keys), what: type)
    if type != "heartbeat", !hasID {
      throw JSONError(.missing, path: "$.id", "missing (every request but heartbeat needs one)")
    }
    switch type {
    case "hello":
      return .hello(
        version: try fields.required("version").integer(in: 0...Int.max),
        app: try fields["app"]?.string() ?? "",
        category: try fields["category"].map { node throws(JSONError) in
          let name = try node.string(oneOf: AppCategory.allCases.map(\.rawValue))
          return AppCategory(rawValue: name) ?? .navigation
        } ?? .navigation)
    case "heartbeat": return .heartbeat
    case "goodbye": return .goodbye
    case "setRootTemplate": return .setRootTemplate(try template(fields.required("template")))
    case "pushTemplate": return .pushTemplate(try template(fields.required("template")))
    case "popTemplate": return .popTemplate
    case "popToRootTemplate": return .popToRootTemplate
    case "popToTemplate":
      return .popToTemplate(try fields.required("templateId").nonEmptyString())
    case "presentTemplate": return .presentTemplate(try template(fields.required("template")))
    case "dismissTemplate": return .dismissTemplate
    case "updateTemplate": return .updateTemplate(try template(fields.required("template")))
    case "showTripPreviews":
      var trips: [Trip] = []
      for node in try fields.required("trips").array() { trips.append(try trip(node)) }
      return .showTripPreviews(
        TripPreview(
          trips: trips, selectedTripIndex: try fields["selectedTrip"]?.integer(in: 0...11) ?? 0,
          startButtonTitle: try fields["startButtonTitle"]?.nonNull?.string()))
    case "hideTripPreviews": return .hideTripPreviews
    case "presentNavigationAlert":
      return .presentNavigationAlert(try navigationAlert(fields.required("alert")))
    case "dismissNavigationAlert": return .dismissNavigationAlert
    case "setPanning": return .setPanning(try fields.required("on").bool())
    case "startNavigation":
      return .startNavigation(
        tripID: try fields.required("tripId").nonEmptyString(),
        routeChoice: try fields["routeChoice"]?.integer(in: 0...99) ?? 0)
    case "updateManeuvers":
      var maneuvers: [BridgeManeuver] = []
      for node in try fields.required("maneuvers").array() {
        maneuvers.append(try maneuver(node))
      }
      return .updateManeuvers(maneuvers)
    case "updateEstimates":
      return .updateEstimates(
        trip: try estimates(fields.required("trip")),
        maneuver: try fields["maneuver"]?.nonNull.map(estimates))
    case "pauseNavigation":
      let names = pauseReasons.map(\.0)
      let name = try fields.required("reason").string(oneOf: names)
      return .pauseNavigation(
        pauseReasons.first { $0.0 == name }!.1,
        description: try fields["description"]?.nonNull?.string())
    case "resumeNavigation": return .resumeNavigation
    case "finishNavigation": return .finishNavigation
    case "cancelNavigation": return .cancelNavigation
    case "updateNowPlaying":
      let node = try fields.required("nowPlaying")
      return .updateNowPlaying(try nowPlaying(node), artwork: try artwork(in: node))
    case "showNowPlaying": return .showNowPlaying
    case "showMessageAlert": return .showMessageAlert(try messageAlert(fields.required("alert")))
    case "navigateTo":
      let node = try fields.required("destination")
      let destination = BridgeFields(
        node, try node.object(keys: ["latitude", "longitude", "name", "query"]),
        what: "a destination")
      if let query = try destination["query"]?.nonEmptyString() {
        guard query.count <= BridgeRequest.maximumQueryLength else {
          throw JSONError(
            .outOfRange, path: destination["query"]!.path,
            "a query of at most \(BridgeRequest.maximumQueryLength) characters",
            expected: "a shorter string", found: destination["query"]!.value)
        }
        return .navigateToQuery(
          query, start: try fields["start"]?.bool() ?? false, avoid: try avoid(fields))
      }
      let coordinate = try Self.coordinate(destination)
      let name = try destination["name"]?.nonEmptyString() ?? "Destination"
      return .navigateTo(
        Place(
          id: "bridge.\(Place.slug(name))", name: name, coordinate: coordinate,
          category: nil),
        start: try fields["start"]?.bool() ?? false, avoid: try avoid(fields))
    default:
      preconditionFailure("every type in requestKeys is decoded")
    }
  }

  /// A request's `avoid`: a list of `tolls`, `motorways`, `ferries`, `unpaved`; nil when
  /// absent (the driver's route options).
  static func avoid(_ fields: BridgeFields) throws(JSONError) -> AvoidableRoads? {
    try fields["avoid"]?.avoidableRoads()
  }

  /// The keys each request may carry besides `type` and `id`.
  static let requestKeys: [String: [String]] = [
    "hello": ["version", "app", "category"], "heartbeat": [], "goodbye": [],
    "setRootTemplate": ["template"], "pushTemplate": ["template"], "popTemplate": [],
    "popToRootTemplate": [], "popToTemplate": ["templateId"], "presentTemplate": ["template"],
    "dismissTemplate": [], "updateTemplate": ["template"],
    "showTripPreviews": ["trips", "selectedTrip", "startButtonTitle"], "hideTripPreviews": [],
    "presentNavigationAlert": ["alert"], "dismissNavigationAlert": [], "setPanning": ["on"],
    "startNavigation": ["tripId", "routeChoice"], "updateManeuvers": ["maneuvers"],
    "updateEstimates": ["trip", "maneuver"], "pauseNavigation": ["reason", "description"],
    "resumeNavigation": [], "finishNavigation": [], "cancelNavigation": [],
    "navigateTo": ["destination", "start", "avoid"], "updateNowPlaying": ["nowPlaying"],
    "showNowPlaying": [], "showMessageAlert": ["alert"],
  ]

  static let pauseReasons: [(String, PauseReason)] = [
    ("arrived", .arrived), ("loading", .loading), ("locating", .locating),
    ("rerouting", .rerouting), ("proceedToRoute", .proceedToRoute),
  ]

  // MARK: - Templates

  static let templateTypes = [
    "map", "list", "grid", "alert", "actionSheet", "information", "pointOfInterest", "tabBar",
    "contact",
  ]

  /// A template object; its `type` picks the kind.
  static func template(_ node: JSONNode) throws(JSONError) -> Template {
    let type = try node.required("type", for: "every template").string(oneOf: templateTypes)
    func fields(_ keys: [String]) throws(JSONError) -> BridgeFields {
      BridgeFields(node, try node.object(keys: ["type", "id"] + keys), what: "a \(type) template")
    }
    switch type {
    case "map":
      let f = try fields(["mapButtons", "leadingButtons", "trailingButtons"])
      return .map(
        MapTemplate(
          id: try f.required("id").nonEmptyString(),
          mapButtons: try f.list("mapButtons", mapButton),
          leadingBarButtons: try f.list("leadingButtons", barButton),
          trailingBarButtons: try f.list("trailingButtons", barButton)))
    case "list":
      let f = try fields(["title", "sections", "items"])
      var sections = try f.list("sections", section)
      if let items = f["items"] {
        var rows: [ListItem] = []
        for item in try items.array() { rows.append(try listItem(item)) }
        sections.insert(ListSection(items: rows), at: 0)
      }
      return .list(
        ListTemplate(
          id: try f.required("id").nonEmptyString(), title: try f["title"]?.string() ?? "",
          sections: sections))
    case "grid":
      let f = try fields(["title", "buttons"])
      return .grid(
        GridTemplate(
          id: try f.required("id").nonEmptyString(), title: try f["title"]?.string() ?? "",
          buttons: try f.list("buttons", gridButton)))
    case "alert":
      let f = try fields(["title", "titleVariants", "actions"])
      return .alert(
        AlertTemplate(
          id: try f.required("id").nonEmptyString(), titleVariants: try f.variants("title"),
          actions: try f.list("actions", action)))
    case "actionSheet":
      let f = try fields(["title", "message", "actions"])
      return .actionSheet(
        ActionSheetTemplate(
          id: try f.required("id").nonEmptyString(), title: try f["title"]?.nonNull?.string(),
          message: try f["message"]?.nonNull?.string(), actions: try f.list("actions", action)))
    case "information":
      let f = try fields(["title", "items", "actions"])
      return .information(
        InformationTemplate(
          id: try f.required("id").nonEmptyString(), title: try f["title"]?.string() ?? "",
          items: try f.list("items", informationItem), actions: try f.list("actions", action)))
    case "pointOfInterest":
      let f = try fields(["title", "points"])
      return .pointOfInterest(
        PointOfInterestTemplate(
          id: try f.required("id").nonEmptyString(), title: try f["title"]?.string() ?? "",
          points: try f.list("points", point)))
    case "contact": return .contact(try contact(node))
    default:
      let f = try fields(["tabs", "selectedTab"])
      var tabs: [Template] = []
      for tab in try f.required("tabs").array() { tabs.append(try template(tab)) }
      return .tabBar(
        TabBarTemplate(
          id: try f.required("id").nonEmptyString(), tabs: tabs,
          selectedIndex: try f["selectedTab"]?.integer(in: 0...99) ?? 0))
    }
  }

  static func section(_ node: JSONNode) throws(JSONError) -> ListSection {
    let f = BridgeFields(node, try node.object(keys: ["header", "items"]), what: "a section")
    return ListSection(
      header: try f["header"]?.nonNull?.string(), items: try f.list("items", listItem))
  }

  static func listItem(_ node: JSONNode) throws(JSONError) -> ListItem {
    let f = BridgeFields(
      node,
      try node.object(
        keys: ["id", "text", "detail", "image", "accessory", "enabled", "message", "handler"]),
      what: "a list item")
    let accessories: [(String, ListItem.Accessory)] = [
      ("none", .none), ("disclosure", .disclosureIndicator), ("cloud", .cloud),
    ]
    let accessory = try f["accessory"]?.string(oneOf: accessories.map(\.0)) ?? "none"
    return ListItem(
      id: try f.required("id").nonEmptyString(), text: try f.required("text").string(),
      detailText: try f["detail"]?.nonNull?.string(), image: try f["image"]?.nonNull?.string(),
      accessory: accessories.first { $0.0 == accessory }!.1,
      isEnabled: try f["enabled"]?.bool() ?? true,
      message: try f["message"]?.nonNull.map(messageItem), handler: try handler(f["handler"]))
  }

  static func gridButton(_ node: JSONNode) throws(JSONError) -> GridButton {
    let f = BridgeFields(
      node, try node.object(keys: ["id", "title", "image", "enabled"]), what: "a grid button")
    return GridButton(
      id: try f.required("id").nonEmptyString(), title: try f.required("title").string(),
      image: try f["image"]?.string() ?? "pin", isEnabled: try f["enabled"]?.bool() ?? true)
  }

  static func action(_ node: JSONNode) throws(JSONError) -> TemplateAction {
    let f = BridgeFields(node, try node.object(keys: ["id", "title", "style"]), what: "an action")
    let styles: [(String, TemplateAction.Style)] = [
      ("normal", .normal), ("primary", .primary), ("cancel", .cancel),
      ("destructive", .destructive),
    ]
    let style = try f["style"]?.string(oneOf: styles.map(\.0)) ?? "normal"
    return TemplateAction(
      id: try f.required("id").nonEmptyString(), title: try f.required("title").string(),
      style: styles.first { $0.0 == style }!.1)
  }

  static func informationItem(_ node: JSONNode) throws(JSONError)
    -> InformationTemplate.Item
  {
    let f = BridgeFields(node, try node.object(keys: ["title", "detail"]), what: "an item")
    return InformationTemplate.Item(
      title: try f.required("title").string(), detail: try f["detail"]?.string() ?? "")
  }

  static func point(_ node: JSONNode) throws(JSONError) -> PointOfInterest {
    let f = BridgeFields(
      node,
      try node.object(keys: [
        "id", "title", "subtitle", "summary", "latitude", "longitude", "navigate", "button",
      ]),
      what: "a point")
    return PointOfInterest(
      id: try f.required("id").nonEmptyString(), title: try f.required("title").string(),
      subtitle: try f["subtitle"]?.nonNull?.string(), summary: try f["summary"]?.nonNull?.string(),
      coordinate: try coordinate(f), navigates: try f["navigate"]?.bool() ?? false,
      button: try f["button"]?.nonNull.map(pointButton))
  }

  static func coordinate(_ f: BridgeFields) throws(JSONError) -> Coordinate {
    Coordinate(
      latitude: try f.required("latitude").number(in: -90...90),
      longitude: try f.required("longitude").number(in: -180...180))
  }

  static let symbols: [(String, MapButton.Symbol)] = [
    ("speaker", .speaker), ("speakerMuted", .speakerMuted), ("overview", .overview),
    ("recenter", .recenter), ("zoomIn", .zoomIn), ("zoomOut", .zoomOut),
    ("endRoute", .endRoute),
  ]
  static let roles: [(String, MapButton.Role)] = [
    ("app", .app), ("pan", .pan), ("zoomIn", .zoomIn), ("zoomOut", .zoomOut),
    ("recentre", .recentre), ("mute", .mute),
  ]

  static func mapButton(_ node: JSONNode) throws(JSONError) -> MapButton {
    let f = BridgeFields(
      node, try node.object(keys: ["id", "symbol", "letters", "role", "enabled"]),
      what: "a map button")
    let symbol: MapButton.Symbol
    if let letters = f["letters"] {
      let text = try letters.nonEmptyString()
      guard text.count <= 3 else {
        throw letters.error("expected at most 3 letters, got \(JSONNode.quoted(text))")
      }
      symbol = .letters(text)
    } else {
      let name = try f["symbol"]?.string(oneOf: symbols.map(\.0)) ?? "overview"
      symbol = symbols.first { $0.0 == name }!.1
    }
    let role = try f["role"].map { (n) throws(JSONError) in
      let name = try n.string(oneOf: roles.map(\.0))
      return roles.first { $0.0 == name }!.1
    }
    return MapButton(
      id: try f.required("id").nonEmptyString(), symbol: symbol,
      isEnabled: try f["enabled"]?.bool() ?? true, role: role ?? .app)
  }

  static func barButton(_ node: JSONNode) throws(JSONError) -> BarButton {
    let f = BridgeFields(
      node, try node.object(keys: ["id", "title", "enabled"]), what: "a bar button")
    return BarButton(
      id: try f.required("id").nonEmptyString(), title: try f.required("title").string(),
      isEnabled: try f["enabled"]?.bool() ?? true)
  }
}

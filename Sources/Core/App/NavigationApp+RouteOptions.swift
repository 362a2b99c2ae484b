import Foundation
import Navigation
import Templates

extension NavigationApp {
  /// The kinds of road routes keep off now: those of the trip a bridge app or a
  /// dispatcher handed over, else the driver's choice on the Route options screen, else
  /// the configured default.
  public var avoid: AvoidableRoads { tripAvoid ?? lists.avoid ?? defaultAvoid }

  /// Each kind of road with its row on the Route options screen and the note on a route
  /// that drives on it, in `AvoidableRoads.names`' order.
  static let optionRows: [(kind: AvoidableRoads, row: ScreenTextKey, note: ScreenTextKey)] = [
    (.tolls, .avoidTolls, .hasTolls), (.motorways, .avoidMotorways, .hasMotorways),
    (.ferries, .avoidFerries, .hasFerries), (.unpaved, .avoidUnpaved, .hasUnpaved),
  ]

  /// The row id of `kind` on the Route options screen.
  static func optionID(_ kind: AvoidableRoads) -> String {
    "\(ID.routeOptions).\(kind.wordList.first ?? "none")"
  }

  /// The bar button that opens the Route options screen during guidance (a trip preview
  /// has its own options button beside Start).
  var routeOptionsBarButtons: [BarButton] {
    [BarButton(id: ID.openRouteOptions, title: text.variants(.routeOptions).last ?? "")]
  }

  /// The Route options screen: a row per kind of road, checked when avoided; above them,
  /// the kinds the route on screen (previewed or driven) still uses although avoided.
  var routeOptionsList: ListTemplate {
    var sections: [ListSection] = []
    let kept = shownRouteClasses.intersection(avoid)
    let notes = Self.optionRows.filter { kept.contains($0.kind) }
    if !notes.isEmpty {
      sections.append(
        ListSection(
          items: notes.map {
            ListItem(
              id: "\(ID.routeOptions).note.\($0.kind)", text: text[$0.note], isEnabled: false)
          }))
    }
    sections.append(
      ListSection(
        items: Self.optionRows.map { option in
          ListItem(
            id: Self.optionID(option.kind), text: text[option.row],
            accessory: avoid.contains(option.kind) ? .checkmark : .none)
        }))
    return ListTemplate(id: ID.routeOptions, title: text[.routeOptions], sections: sections)
  }

  /// The kinds of road of the route on screen: the selected preview choice's, or the one
  /// being driven; none without a route.
  var shownRouteClasses: AvoidableRoads {
    if let trip = previewTrip {
      let index = controller.map?.tripPreview?.selectedChoiceIndex ?? 0
      let choice = trip.routeChoices.indices.contains(index) ? index : 0
      return trip.routeChoices.first.flatMap { _ in trip.routeChoices[choice].route?.classes } ?? []
    }
    return phase.isNavigating ? drivenClasses : []
  }

  /// Opens the Route options screen.
  mutating func openRouteOptions(at now: Date) {
    routeOptionsOpen = true
    push(.list(routeOptionsList), at: now)
  }

  /// The driver chose a row of the Route options screen: that kind is avoided or no
  /// longer, remembered at once (`.persist`), applied when the screen is left.
  mutating func choseRouteOption(_ elementID: String, at now: Date) {
    defer { send(.itemHandled(elementID), at: now) }
    guard let option = Self.optionRows.first(where: { Self.optionID($0.kind) == elementID })
    else { return }
    lists.avoid = avoid.symmetricDifference(option.kind)
    tripAvoid = nil
    outbox.append(.persist(lists))
    let fresh = routeOptionsList
    request({ .update($0, .list(fresh)) }, at: now)
  }

  /// The Route options screen was left: a trip preview is routed again with the options, a
  /// trip under way reroutes with them (the session keeps them for later reroutes); no
  /// change, nothing.
  mutating func leftRouteOptions(at now: Date) {
    switch phase {
    case .browsing:
      break
    case .previewing(let place):
      guard previewTrip?.avoid != avoid else { return }
      choose(place, at: now)
    case .navigating:
      outbox.append(.session(.avoid(avoid)))
    }
  }

  /// The notes of a route that drives on kinds of road `avoid` names: "This route has
  /// tolls", most to least verbose per kind.
  func avoidanceNotes(_ route: Route?) -> [String] {
    guard let route else { return [] }
    let kept = route.classes.intersection(avoid)
    return Self.optionRows.filter { kept.contains($0.kind) }.compactMap {
      text.variants($0.note).first
    }
  }
}

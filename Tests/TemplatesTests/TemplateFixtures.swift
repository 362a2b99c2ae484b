import Foundation
import Geo
import Navigation

@testable import Templates

/// Builders for the template tests.
enum Fixture {
  static let t0 = Date(timeIntervalSince1970: 1_000_000)
  static let here = Coordinate(latitude: 60.17, longitude: 24.94)

  static func at(_ seconds: Double) -> Date { t0.addingTimeInterval(seconds) }

  static func list(_ id: String, items: Int = 3, sections: Int = 1) -> Template {
    let perSection = max(1, items / max(1, sections))
    var made = 0
    var built: [ListSection] = []
    for s in 0..<sections {
      let count = s == sections - 1 ? items - made : min(perSection, items - made)
      built.append(
        ListSection(
          header: "S\(s)",
          items: (0..<max(0, count)).map {
            ListItem(id: "\(id).i\(made + $0)", text: "Item \(made + $0)", detailText: "detail")
          }))
      made += max(0, count)
    }
    return .list(ListTemplate(id: id, title: id, sections: built))
  }

  static func grid(_ id: String, buttons: Int = 4) -> Template {
    .grid(
      GridTemplate(
        id: id, title: id,
        buttons: (0..<buttons).map {
          GridButton(id: "\(id).b\($0)", title: "B\($0)", image: "star")
        }))
  }

  static func alert(_ id: String, actions: Int = 2) -> Template {
    .alert(
      AlertTemplate(
        id: id, titleVariants: ["Alert"],
        actions: (0..<actions).map { TemplateAction(id: "\(id).a\($0)", title: "A\($0)") }))
  }

  static func sheet(_ id: String) -> Template {
    .actionSheet(
      ActionSheetTemplate(
        id: id, title: "Sheet", actions: [TemplateAction(id: "\(id).ok", title: "OK")]))
  }

  static func information(_ id: String, items: Int = 3, actions: Int = 1) -> Template {
    .information(
      InformationTemplate(
        id: id, title: id,
        items: (0..<items).map { InformationTemplate.Item(title: "T\($0)", detail: "D\($0)") },
        actions: (0..<actions).map { TemplateAction(id: "\(id).a\($0)", title: "A\($0)") }))
  }

  static func points(_ id: String, count: Int) -> Template {
    .pointOfInterest(
      PointOfInterestTemplate(
        id: id, title: id,
        points: (0..<count).map {
          PointOfInterest(id: "\(id).p\($0)", title: "P\($0)", coordinate: here)
        }))
  }

  static func tabBar(_ id: String = "tabs") -> Template {
    .tabBar(TabBarTemplate(id: id, tabs: [list("\(id).l"), grid("\(id).g")]))
  }

  static func trip(_ id: String, choices: Int = 2) -> Trip {
    Trip(
      id: id, origin: here, destination: here, destinationNameVariants: [id],
      routeChoices: (0..<choices).map {
        RouteChoice(
          summaryVariants: ["\(10 + $0) km"], selectionSummaryVariants: ["\(12 + $0) min"],
          additionalInformationVariants: [$0 == 0 ? "fastest" : "shortest"])
      })
  }

  static func navigationAlert(_ id: String = "nav", duration: Double = 0) -> NavigationAlert {
    NavigationAlert(
      id: id, titleVariants: ["Road closed ahead"],
      primaryAction: TemplateAction(id: "\(id).reroute", title: "Reroute"),
      secondaryAction: TemplateAction(id: "\(id).ignore", title: "Ignore", style: .cancel),
      duration: duration)
  }

  /// A controller with the guidance map as root.
  static func onMap(_ config: InterfaceConfiguration = InterfaceConfiguration())
    -> InterfaceController
  {
    var c = InterfaceController(configuration: config)
    _ = c.handle(.setRoot(0, .map(.guidance())), at: t0)
    return c
  }

  /// The ids of the stack, root first.
  static func ids(_ c: InterfaceController) -> [String] { c.stack.map(\.id) }
}

extension [UIEffect] {
  /// The completions among the effects.
  var completions: [(RequestID, Result<Void, TemplateError>)] {
    compactMap { if case .completion(let id, let r) = $0 { (id, r) } else { nil } }
  }

  /// The error of the one completion, nil when it succeeded or there is not exactly one.
  var failure: TemplateError? {
    guard completions.count == 1, case .failure(let e) = completions[0].1 else { return nil }
    return e
  }

  /// True when there is exactly one completion, and it succeeded.
  var succeeded: Bool {
    guard completions.count == 1, case .success = completions[0].1 else { return false }
    return true
  }
}

import Foundation
import Testing

@testable import Templates

/// Every app category's rule broken once, as `InterfaceRuleTests` breaks the navigation
/// app's: the completion carries the error, exactly one effect, the state unchanged.
@Suite struct CategoryRuleTests {
  struct Case: CustomTestStringConvertible, Sendable {
    var category: AppCategory
    var setup: [UIEvent]
    var event: UIEvent
    var code: TemplateError.Code
    var message: String
    var testDescription: String { "\(category.rawValue): \(message)" }
  }

  /// A controller of `category` with a list (a point-of-interest map for the categories
  /// whose root it can be) at the root.
  static func controller(_ category: AppCategory) -> InterfaceController {
    var c = InterfaceController(configuration: InterfaceConfiguration(category: category))
    let root = category == .communication ? Fixture.messages("root") : Fixture.list("root")
    _ = c.handle(.setRoot(100, root), at: Fixture.t0)
    return c
  }

  /// Pushes of lists until the stack is `depth` deep.
  static func pushes(to depth: Int) -> [UIEvent] {
    (1..<depth).map { .push(RequestID(200 + $0), Fixture.list("l\($0)")) }
  }

  static let tabOfInformation: Template = .tabBar(
    TabBarTemplate(id: "tabs", tabs: [Fixture.list("a"), Fixture.information("i")]))

  static let cases: [Case] = [
    Case(
      category: .audio, setup: [], event: .push(1, Fixture.information("i")),
      code: .unsupportedPush,
      message:
        "cannot push information: an audio app can push only list, grid and now playing "
        + "templates"),
    Case(
      category: .audio, setup: [], event: .push(1, Fixture.points("p", count: 2)),
      code: .unsupportedPush, message: "cannot push point of interest: an audio app can push"),
    Case(
      category: .audio, setup: [], event: .setRoot(1, .map(MapTemplate(id: "m"))),
      code: .unsupportedRoot,
      message: "cannot set root to map: an audio app's root is a list, grid or tab bar"),
    Case(
      category: .audio, setup: [], event: .setRoot(1, tabOfInformation),
      code: .unsupportedRoot,
      message: "cannot set root to tab bar: an audio app's tab cannot hold an information"),
    Case(
      category: .audio, setup: [],
      event: .push(1, .search(SearchTemplate(id: "s", placeNames: []))),
      code: .unsupportedPush, message: "cannot push search: an audio app can push only"),
    Case(
      category: .communication, setup: [], event: .push(1, Fixture.points("p", count: 2)),
      code: .unsupportedPush,
      message:
        "cannot push point of interest: a communication app can push only list, grid, "
        + "information and contact templates"),
    Case(
      category: .communication, setup: [], event: .setRoot(1, Fixture.points("p", count: 1)),
      code: .unsupportedRoot, message: "cannot set root to point of interest: a communication"),
    Case(
      category: .charging, setup: [],
      event: .push(1, .search(SearchTemplate(id: "s", placeNames: []))),
      code: .unsupportedPush,
      message:
        "cannot push search: a charging app can push only list, grid, information and point "
        + "of interest templates"),
    Case(
      category: .parking, setup: [], event: .setRoot(1, .map(MapTemplate(id: "m"))),
      code: .unsupportedRoot,
      message:
        "cannot set root to map: a parking app's root is a list, grid, point of interest or tab bar"
    ),
    Case(
      category: .quickFood, setup: pushes(to: 2), event: .push(1, Fixture.grid("g")),
      code: .depthExceeded,
      message:
        "cannot push grid: the stack would be 3 deep, at most 2 including the root for a quick "
        + "food app"),
    Case(
      category: .drivingTask, setup: pushes(to: 2), event: .push(1, Fixture.grid("g")),
      code: .depthExceeded, message: "cannot push grid: the stack would be 3 deep, at most 2"),
    Case(
      category: .fueling, setup: pushes(to: 3), event: .push(1, Fixture.grid("g")),
      code: .depthExceeded,
      message:
        "cannot push grid: the stack would be 4 deep, at most 3 including the root for a "
        + "fueling app"),
    Case(
      category: .audio, setup: pushes(to: 5), event: .push(1, Fixture.grid("g")),
      code: .depthExceeded,
      message: "cannot push grid: the stack would be 6 deep, at most 5 including the root"),
    Case(
      category: .audio, setup: [],
      event: .showTripPreviews(1, TripPreview(trips: [Fixture.trip("t")])),
      code: .noMapTemplate, message: "cannot preview trips: the root is not a map template"),
  ]

  @Test(arguments: cases)
  func aBrokenRuleIsAnErrorValueAndChangesNothing(_ c: Case) throws {
    var controller = Self.controller(c.category)
    #expect(controller.stack.map(\.id) == ["root"])
    try expectBrokenRule(
      &controller, setup: c.setup, event: c.event, code: c.code, message: c.message)
  }

  @Test("what each category may do, it can", arguments: AppCategory.allCases)
  func allowed(_ category: AppCategory) {
    var c = InterfaceController(configuration: InterfaceConfiguration(category: category))
    let root: Template =
      switch category {
      case .navigation: .map(MapTemplate(id: "root"))
      case .communication: Fixture.messages("root")
      default: Fixture.list("root")
      }
    #expect(c.handle(.setRoot(1, root), at: Fixture.t0).succeeded)
    for (index, kind) in TemplateKind.allCases.enumerated() where category.pushKinds.contains(kind)
    {
      let template: Template? =
        switch kind {
        case .list where category == .communication: Fixture.messages("p\(index)")
        case .list: Fixture.list("p\(index)")
        case .contact: Fixture.contact("p\(index)")
        case .grid: Fixture.grid("p\(index)")
        case .information: Fixture.information("p\(index)")
        case .pointOfInterest: Fixture.points("p\(index)", count: 1)
        case .search: .search(SearchTemplate(id: "p\(index)", placeNames: []))
        default: nil
        }
      guard let template else { continue }
      _ = c.handle(.popToRoot(2), at: Fixture.t0)
      #expect(c.handle(.push(3, template), at: Fixture.t0).succeeded, "\(category) push \(kind)")
    }
    #expect(c.handle(.present(4, Fixture.alert("a")), at: Fixture.t0).succeeded)
  }

  @Test func theCategoriesDepthsAreCarPlays() {
    #expect(AppCategory.allCases.map(\.maximumDepth) == [5, 5, 5, 5, 5, 2, 3, 2])
    #expect(AppCategory.audio.appPhrase == "an audio app")
    #expect(AppCategory.quickFood.appPhrase == "a quick food app")
  }
}

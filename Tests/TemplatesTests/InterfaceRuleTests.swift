import Foundation
import Testing

@testable import Templates

/// Every CarPlay rule broken once: the completion carries the error, the state is unchanged.
@Suite struct InterfaceRuleTests {
  struct Case: CustomTestStringConvertible, Sendable {
    var name: String
    var setup: [UIEvent]
    var event: UIEvent
    var code: TemplateError.Code
    var message: String
    var testDescription: String { name }
  }

  static let depth5: [UIEvent] = (1...4).map { .push(RequestID(100 + $0), Fixture.list("l\($0)")) }

  static let cases: [Case] = [
    Case(
      name: "push tab bar", setup: [], event: .push(1, Fixture.tabBar()), code: .tabBarNotRoot,
      message: "cannot push tab bar: a tab bar can only be the root"),
    Case(
      name: "present tab bar", setup: [], event: .present(1, Fixture.tabBar()),
      code: .tabBarNotRoot, message: "cannot present tab bar: a tab bar can only be the root"),
    Case(
      name: "push alert", setup: [], event: .push(1, Fixture.alert("a")), code: .unsupportedPush,
      message:
        "cannot push alert: only list, grid, search, information and point of interest "
        + "templates can be pushed"),
    Case(
      name: "push map", setup: [], event: .push(1, .map(MapTemplate(id: "m2"))),
      code: .unsupportedPush, message: "cannot push map: only list"),
    Case(
      name: "present list", setup: [], event: .present(1, Fixture.list("l")),
      code: .unsupportedPresent,
      message: "cannot present list: only alert and action sheet templates can be presented"),
    Case(
      name: "present while presenting", setup: [.present(9, Fixture.alert("a"))],
      event: .present(1, Fixture.sheet("s")), code: .alreadyPresenting,
      message: "cannot present action sheet: alert \"a\" is already presented, one at a time"),
    Case(
      name: "list as root", setup: [], event: .setRoot(1, Fixture.list("l")),
      code: .unsupportedRoot,
      message: "cannot set root to list: a navigation app's root is its map or a tab bar"),
    Case(
      name: "depth 6", setup: depth5, event: .push(1, Fixture.grid("g")), code: .depthExceeded,
      message: "cannot push grid: the stack would be 6 deep, at most 5 including the root"),
    Case(
      name: "25 list items", setup: [], event: .push(1, Fixture.list("l", items: 25)),
      code: .tooManyItems, message: "cannot push list: 25 items, a list holds at most 24"),
    Case(
      name: "13 list sections", setup: [],
      event: .push(1, Fixture.list("l", items: 13, sections: 13)), code: .tooManySections,
      message: "cannot push list: 13 sections, a list holds at most 12"),
    Case(
      name: "9 grid buttons", setup: [], event: .push(1, Fixture.grid("g", buttons: 9)),
      code: .tooManyItems, message: "cannot push grid: 9 buttons, a grid holds at most 8"),
    Case(
      name: "3 alert actions", setup: [], event: .present(1, Fixture.alert("a", actions: 3)),
      code: .tooManyActions, message: "cannot present alert: 3 actions, an alert has at most 2"),
    Case(
      name: "alert without actions", setup: [], event: .present(1, Fixture.alert("a", actions: 0)),
      code: .missingContent, message: "cannot present alert: an alert needs at least one action"),
    Case(
      name: "11 information items", setup: [],
      event: .push(1, Fixture.information("i", items: 11)), code: .tooManyItems,
      message: "cannot push information: 11 items, an information template holds at most 10"),
    Case(
      name: "4 information actions", setup: [],
      event: .push(1, Fixture.information("i", actions: 4)), code: .tooManyActions,
      message: "cannot push information: 4 actions, an information template has at most 3"),
    Case(
      name: "13 points", setup: [], event: .push(1, Fixture.points("p", count: 13)),
      code: .tooManyItems,
      message: "cannot push point of interest: 13 points, a point-of-interest template holds"),
    Case(
      name: "13 trip previews", setup: [],
      event: .showTripPreviews(1, TripPreview(trips: (0..<13).map { Fixture.trip("t\($0)") })),
      code: .tooManyTrips,
      message: "cannot preview trips on map: 13 trips, a preview shows at most 12"),
    Case(
      name: "3 leading bar buttons", setup: [],
      event: .setMapButtons(
        1, mapButtons: [], leading: (0..<3).map { BarButton(id: "b\($0)", title: "B") },
        trailing: []),
      code: .tooManyButtons, message: "cannot update map: 3 leading bar buttons, at most 2 a side"),
    Case(
      name: "3 trailing bar buttons", setup: [],
      event: .setMapButtons(
        1, mapButtons: [], leading: [],
        trailing: (0..<3).map { BarButton(id: "b\($0)", title: "B") }),
      code: .tooManyButtons, message: "cannot update map: 3 trailing bar buttons"),
    Case(
      name: "popTo a template not in the stack", setup: [.push(9, Fixture.list("l"))],
      event: .popTo(1, templateID: "nowhere"), code: .notInStack,
      message: "cannot pop to \"nowhere\": it is not in the stack"),
    Case(
      name: "pop the root", setup: [], event: .pop(1), code: .cannotPopRoot,
      message: "cannot pop map: the root cannot be popped"),
    Case(
      name: "push the same id twice", setup: [.push(9, Fixture.list("l"))],
      event: .push(1, Fixture.list("l")), code: .duplicateID,
      message: "cannot push list: a template with id \"l\" is already in the stack"),
    Case(
      name: "second navigation alert",
      setup: [.presentNavigationAlert(9, Fixture.navigationAlert("n1"))],
      event: .presentNavigationAlert(1, Fixture.navigationAlert("n2")),
      code: .navigationAlertVisible,
      message: "cannot present navigation alert \"n2\": navigation alert \"n1\" is visible"),
  ]

  @Test(arguments: cases)
  func aBrokenRuleIsAnErrorValueAndChangesNothing(_ c: Case) throws {
    var controller = Fixture.onMap()
    try expectBrokenRule(
      &controller, setup: c.setup, event: c.event, code: c.code, message: c.message)
  }

  @Test func fiveMapButtonsShowFour() {
    var c = Fixture.onMap()
    let buttons = (0..<5).map { MapButton(id: "m\($0)", symbol: .letters("M\($0)")) }
    let effects = c.handle(
      .setMapButtons(1, mapButtons: buttons, leading: [], trailing: []), at: Fixture.t0)
    #expect(effects.succeeded)
    #expect(c.map?.mapButtons.map(\.id) == ["m0", "m1", "m2", "m3"])
  }

  @Test func dismissWithNothingPresentedDoesNothingButCompletes() {
    var c = Fixture.onMap()
    let before = c
    #expect(c.handle(.dismiss(7), at: Fixture.t0) == [.completion(7, .success(()))])
    #expect(c == before)
  }

  @Test func theErrorNamesTheTemplate() throws {
    var c = Fixture.onMap()
    let error = try #require(c.handle(.push(1, Fixture.tabBar("tb")), at: Fixture.t0).failure)
    #expect(error.kind == .tabBar && error.templateID == "tb")
    #expect("\(error)" == "cannot push tab bar: a tab bar can only be the root")
  }

  @Test func aTabBarCanBeTheRootAndPushesGoAboveIt() {
    var c = InterfaceController()
    #expect(c.handle(.setRoot(1, Fixture.tabBar()), at: Fixture.t0).succeeded)
    #expect(c.handle(.push(2, Fixture.grid("g")), at: Fixture.t0).succeeded)
    #expect(Fixture.ids(c) == ["tabs", "g"])
    #expect(c.handle(.push(3, Fixture.list("x")), at: Fixture.t0).succeeded)
    #expect(c.handle(.popTo(4, templateID: "tabs"), at: Fixture.t0).succeeded)
    #expect(Fixture.ids(c) == ["tabs"])
  }

  @Test func pushBeforeAnyRootIsAnError() throws {
    var c = InterfaceController()
    let error = try #require(c.handle(.push(1, Fixture.list("l")), at: Fixture.t0).failure)
    #expect(error.code == .noRoot)
  }
}

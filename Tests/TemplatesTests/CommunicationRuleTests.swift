import Foundation
import Testing

@testable import Templates

extension Fixture {
  /// A list of `count` message items.
  static func messages(_ id: String, count: Int = 3) -> Template {
    .list(
      ListTemplate(
        id: id, title: id,
        sections: [
          ListSection(
            items: (0..<count).map {
              ListItem(
                id: "\(id).m\($0)", text: "Sender \($0)", detailText: "Preview \($0)",
                message: MessageItem(
                  conversationID: "c\($0)", isUnread: $0 == 0, timeText: "09:4\($0)"))
            })
        ]))
  }

  /// A contact card with a call, a message and a custom button.
  static func contact(_ id: String, details: Int = 2, actions: Int = 3) -> Template {
    let kinds: [ContactTemplate.Action.Kind] = [.call, .message, .directions, .custom, .custom]
    return .contact(
      ContactTemplate(
        id: id, name: "Anna Virtanen", subtitle: "Mobile",
        details: (0..<details).map { "+358 40 000 000\($0)" },
        actions: (0..<actions).map {
          ContactTemplate.Action(
            id: "\(id).a\($0)", kind: kinds[$0], title: kinds[$0] == .custom ? "Later" : nil)
        }))
  }

  /// `template` with its first row changed by `change`.
  static func firstRow(of template: Template, _ change: (inout ListItem) -> Void) -> Template {
    guard case .list(var list) = template else { return template }
    change(&list.sections[0].items[0])
    return .list(list)
  }
}

/// The communication rules: the contact card (communication apps only), message items
/// (only theirs, only in their lists, never with a handler of the app's). Each broken rule is
/// an error value with its message, exactly one completion and nothing changed.
@Suite struct CommunicationRuleTests {
  struct Case: CustomTestStringConvertible, Sendable {
    var category: AppCategory
    var event: UIEvent
    var code: TemplateError.Code
    var message: String
    var testDescription: String { "\(category.rawValue): \(message)" }
  }

  static let plainRow = Fixture.firstRow(of: Fixture.messages("bad")) {
    $0.message = nil
    $0.handler = .app
  }
  static let handledMessage = Fixture.firstRow(of: Fixture.messages("bad")) { $0.handler = .app }
  static let unitPlainRow = Fixture.firstRow(of: Fixture.list("bad")) { $0.handler = .unit }

  static let cases: [Case] = [
    Case(
      category: .communication, event: .push(1, plainRow), code: .unsupportedItem,
      message:
        "cannot push list: a communication app's rows are message items, and row \"bad.m0\" "
        + "is not one"),
    Case(
      category: .communication, event: .push(1, handledMessage), code: .unsupportedItem,
      message:
        "cannot push list: message item \"bad.m0\" has a handler of the app's: the unit "
        + "answers message items"),
    Case(
      category: .communication, event: .update(1, plainRow.renamed("root")),
      code: .unsupportedItem, message: "cannot update list: a communication app's rows"),
    Case(
      category: .communication,
      event: .setRoot(1, .tabBar(TabBarTemplate(id: "tabs", tabs: [plainRow]))),
      code: .unsupportedItem, message: "cannot set root to tab bar: a communication app's rows"),
    Case(
      category: .audio, event: .push(1, Fixture.messages("m")), code: .unsupportedItem,
      message: "cannot push list: an audio app cannot show message item \"m.m0\": only "),
    Case(
      category: .navigation, event: .push(1, unitPlainRow), code: .unsupportedItem,
      message:
        "cannot push list: row \"bad.i0\" is not a message item, so its handler is the app's"),
    Case(
      category: .audio, event: .push(1, Fixture.contact("c")), code: .unsupportedPush,
      message: "cannot push contact: an audio app can push only list, grid and now playing"),
    Case(
      category: .navigation, event: .push(1, Fixture.contact("c")), code: .unsupportedPush,
      message: "cannot push contact: only list, grid, search, information and point of interest"),
    Case(
      category: .charging, event: .setRoot(1, Fixture.contact("c")), code: .unsupportedRoot,
      message: "cannot set root to contact: a charging app's root is a list, grid, point of"),
    Case(
      category: .communication, event: .push(1, Fixture.contact("c", details: 5)),
      code: .tooManyItems,
      message: "cannot push contact: 5 detail lines, a contact card has at most 4"),
    Case(
      category: .communication, event: .push(1, Fixture.contact("c", actions: 5)),
      code: .tooManyActions, message: "cannot push contact: 5 buttons, a contact card has at most 4"
    ),
  ]

  /// A controller of `category` with a root its category allows.
  static func controller(_ category: AppCategory) -> InterfaceController {
    var c = InterfaceController(configuration: InterfaceConfiguration(category: category))
    let root: Template =
      switch category {
      case .navigation: .map(MapTemplate(id: "root"))
      case .communication: Fixture.messages("root")
      default: Fixture.list("root")
      }
    _ = c.handle(.setRoot(100, root), at: Fixture.t0)
    return c
  }

  @Test(arguments: cases)
  func aBrokenRuleIsAnErrorValueAndChangesNothing(_ c: Case) throws {
    var controller = Self.controller(c.category)
    #expect(controller.stack.map(\.id) == ["root"])
    try expectBrokenRule(&controller, event: c.event, code: c.code, message: c.message)
  }

  @Test func aCommunicationAppSetsAndPushesTheContactCard() {
    var c = InterfaceController(configuration: InterfaceConfiguration(category: .communication))
    #expect(c.handle(.setRoot(1, Fixture.contact("card")), at: Fixture.t0).succeeded)
    #expect(c.handle(.setRoot(2, Fixture.messages("inbox")), at: Fixture.t0).succeeded)
    #expect(c.handle(.push(3, Fixture.contact("anna")), at: Fixture.t0).succeeded)
    let tabs = TabBarTemplate(id: "tabs", tabs: [Fixture.messages("in"), Fixture.contact("me")])
    #expect(c.handle(.setRoot(4, .tabBar(tabs)), at: Fixture.t0).succeeded)
  }

  @Test func theKnobWalksTheCardsButtonsAndAPressIsTheButtons() {
    var c = InterfaceController(configuration: InterfaceConfiguration(category: .communication))
    _ = c.handle(.setRoot(1, Fixture.messages("inbox")), at: Fixture.t0)
    var card = ContactTemplate(
      id: "anna", name: "Anna",
      actions: [
        .init(id: "call", kind: .call), .init(id: "text", kind: .message, isEnabled: false),
        .init(id: "route", kind: .directions),
      ])
    _ = c.handle(.push(2, .contact(card)), at: Fixture.t0)
    #expect(c.focusedElementID == "call")
    _ = c.handle(.encoder(1), at: Fixture.t0)
    #expect(c.focusedElementID == "route", "the disabled button is skipped")
    let effects = c.handle(.press(.select, long: false), at: Fixture.t0)
    #expect(effects.contains(.selected(templateID: "anna", elementID: "route")))
    card.actions[1].isEnabled = true
    _ = c.handle(.update(3, .contact(card)), at: Fixture.t0)
    _ = c.handle(.encoder(-1), at: Fixture.t0)
    #expect(c.focusedElementID == "text")
  }

  @Test func choosingAMessageItemIsTheUnitsAndTheRowDoesNotLoad() throws {
    var c = InterfaceController(configuration: InterfaceConfiguration(category: .communication))
    _ = c.handle(.setRoot(1, Fixture.messages("inbox")), at: Fixture.t0)
    _ = c.handle(.encoder(1), at: Fixture.t0)
    #expect(c.focusedElementID == "inbox.m1")
    let effects = c.handle(.press(.select, long: false), at: Fixture.t0)
    #expect(
      effects.contains(
        .messageSelected(templateID: "inbox", itemID: "inbox.m1", conversationID: "c1")))
    #expect(!effects.contains { if case .selected = $0 { true } else { false } })
    guard case .list(let list) = try #require(c.stack.first) else {
      Issue.record("no list")
      return
    }
    #expect(list.loadingItemID == nil)
  }

  @Test func aMessageItemIsTheUnitsByDefaultAndAPlainRowTheApps() {
    #expect(ListItem(id: "a", text: "A").handler == .app)
    #expect(
      ListItem(id: "m", text: "M", message: MessageItem(conversationID: "c")).handler == .unit)
  }
}

extension Template {
  /// The same list under another id.
  func renamed(_ id: String) -> Template {
    guard case .list(var list) = self else { return self }
    list.id = id
    return .list(list)
  }
}

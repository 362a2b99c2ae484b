import Foundation
import Navigation
import Rendering
import Templates
import Testing

/// A communication app's screens — the contact card and a message list — compared with
/// golden images checked by eye once (`UPDATE_GOLDENS=1` rewrites them), day and night, at
/// the standard and the small display; the card in English and German (the unit's own words
/// on its buttons).
@Suite struct CommunicationGoldenTests {
  static let sizes = [ScreenSize.standard, ScreenSize(width: 480, height: 320)]
  static let cases: [(String, ScreenSize, String, String)] = ["contact", "messages"].flatMap {
    name in
    sizes.flatMap { size in
      ["day", "night"].flatMap { theme in
        // The list has no words of the unit's: English only.
        (name == "contact" ? ["en", "de"] : ["en"]).map { (name, size, theme, $0) }
      }
    }
  }

  static let card = ContactTemplate(
    id: "anna", name: "Anna Virtanen-Lindqvist", subtitle: "Mobile · Dispatch team",
    details: ["+358 40 123 4567", "anna.virtanen@example.com", "Mannerheimintie 5, Helsinki"],
    actions: [
      .init(id: "call", kind: .call), .init(id: "text", kind: .message),
      .init(id: "route", kind: .directions), .init(id: "later", kind: .custom, title: "Call later"),
    ])

  static let inbox = ListTemplate(
    id: "inbox", title: "Messages",
    sections: [
      ListSection(items: [
        message(
          "c1", "Anna Virtanen", "Running 10 minutes late, start without me", "09:41", .unread),
        message("c2", "Depot", "Gate 2 is closed today, use the north gate", "08:15", .pinned),
        message("c3", "Mikko", "Thanks!", "Yesterday", .none, unread: false),
        message(
          "c4", "Family group with a very long conversation title", "See you at six", "Mon", .none,
          unread: false),
      ])
    ])

  static func message(
    _ id: String, _ sender: String, _ preview: String, _ time: String,
    _ leading: MessageItem.Leading,
    unread: Bool = true
  ) -> ListItem {
    ListItem(
      id: id, text: sender, detailText: preview,
      message: MessageItem(conversationID: id, isUnread: unread, timeText: time, leading: leading))
  }

  @Test(arguments: cases)
  func screen(_ name: String, _ size: ScreenSize, _ themeName: String, _ language: String) throws {
    let theme = try #require(Theme.named(themeName))
    let content: TemplateScene.Content = name == "contact" ? .contact(Self.card) : .list(Self.inbox)
    var scene = TemplateScene(
      size: size, theme: theme, content: content, backTitle: name == "contact" ? "Messages" : nil,
      focusedID: name == "contact" ? "call" : "c2")
    scene.text = try ScreenText(language: language)
    let renderer = try TemplateRenderer(size: size)
    let targets = renderer.render(scene)
    for t in targets {
      #expect(t.rect.minX >= 0 && t.rect.maxX <= Double(size.width), "\(t.id) off screen")
      #expect(t.rect.minY >= 0 && t.rect.maxY <= Double(size.height), "\(t.id) off screen")
    }
    if name == "contact" {
      #expect(Set(targets.map(\.id)).isSuperset(of: ["call", "text", "route", "later"]))
    }
    try GoldenImageTests.compare(
      renderer.pixelBuffer(), golden: "comm-\(name)-\(language)-\(size)-\(themeName).png")
  }
}

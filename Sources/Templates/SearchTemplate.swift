import Navigation

/// Search without a keyboard (CarPlay's `CPSearchTemplate`, knob-first): a rotary speller
/// above a live list of results.
///
/// While the car moves the controller disables the speller (`disabledMessage` says why);
/// results already found stay choosable.
public struct SearchTemplate: Hashable, Sendable, Identifiable {
  /// Why the speller is off while the car moves, in the language of `text`.
  public static func drivingMessage(_ text: ScreenText = ScreenText()) -> String {
    text[.searchWhileDriving]
  }

  public var id: String
  public var speller: RotarySpeller
  /// Why the speller is off, nil when it is on. Set by the controller.
  public internal(set) var disabledMessage: String?
  /// Results the app found for the typed text itself (CarPlay's search handler answers
  /// with list items), shown in place of the speller's matches; nil shows the matches.
  public var appResults: [ListItem]?

  /// - Parameter ranked: `placeNames` come best first (nearest first), and results keep
  ///   that order.
  public init(id: String, placeNames: [String], ranked: Bool = false) {
    self.id = id
    self.speller = RotarySpeller(placeNames: placeNames, ranked: ranked)
  }

  /// The focus id of result `name`.
  public static func resultElementID(_ name: String) -> String { "result.\(name)" }

  /// The rows under the speller: `appResults`, or else the speller's matches, each with a
  /// pin and focused as `resultElementID(name)`.
  public var results: [ListItem] {
    appResults
      ?? speller.results.map { ListItem(id: Self.resultElementID($0), text: $0, image: "pin") }
  }

  /// The text of the result a focus id names.
  public func result(forElement elementID: String) -> String? {
    results.first { $0.id == elementID }?.text
  }

  /// The ring's keys (none while disabled), then the results.
  public var focusOrder: [String] {
    (disabledMessage == nil ? speller.keys.map(\.elementID) : []) + results.map(\.id)
  }
}

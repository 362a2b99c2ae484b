import Canvas

/// Something the knob can focus, and where it is on screen.
public struct FocusTarget: Hashable, Sendable, CustomStringConvertible {
  /// The id the owner reacts to (a list item's id, "back", "tab.<id>", …).
  public var id: String
  public var rect: ScreenRect

  public init(id: String, rect: ScreenRect) {
    self.id = id
    self.rect = rect
  }

  public var description: String { "\(id)@\(rect)" }
}

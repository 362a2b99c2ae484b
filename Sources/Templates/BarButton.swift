/// A text button in the navigation bar along the top of the map (CarPlay's `CPBarButton`).
public struct BarButton: Hashable, Sendable, Identifiable {
  public var id: String
  /// A short word or two; screens shorten what does not fit.
  public var title: String
  public var isEnabled: Bool

  public init(id: String, title: String, isEnabled: Bool = true) {
    self.id = id
    self.title = title
    self.isEnabled = isEnabled
  }
}

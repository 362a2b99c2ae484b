/// A square button of a grid: a symbol above a title (CarPlay's `CPGridButton`).
public struct GridButton: Hashable, Sendable, Identifiable {
  public var id: String
  public var title: String
  /// The name of the symbol drawn above the title.
  public var image: String
  public var isEnabled: Bool

  public init(id: String, title: String, image: String, isEnabled: Bool = true) {
    self.id = id
    self.title = title
    self.image = image
    self.isEnabled = isEnabled
  }
}

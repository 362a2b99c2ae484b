/// Where a frame lands on a screen of another size: centred on each axis, cropped where
/// it is larger, with a black border where it is smaller. Never scaled.
public struct FramePlacement: Sendable, Equatable {
  /// The first frame column and row shown.
  public var frameX: Int
  public var frameY: Int
  /// The screen column and row that pixel lands on.
  public var screenX: Int
  public var screenY: Int
  /// The size of the part shown.
  public var width: Int
  public var height: Int

  /// The placement of a `frameWidth` × `frameHeight` frame on a `screenWidth` ×
  /// `screenHeight` screen.
  public init(frameWidth: Int, frameHeight: Int, screenWidth: Int, screenHeight: Int) {
    (frameX, screenX, width) = Self.centre(frameWidth, on: screenWidth)
    (frameY, screenY, height) = Self.centre(frameHeight, on: screenHeight)
  }

  /// Whether the frame fills the screen exactly (no border, nothing cropped) on a screen
  /// of `width` × `height`.
  public func isExact(screenWidth: Int, screenHeight: Int) -> Bool {
    frameX == 0 && frameY == 0 && screenX == 0 && screenY == 0 && width == screenWidth
      && height == screenHeight
  }

  /// On one axis: (first frame index shown, first screen index covered, length shown).
  private static func centre(_ frame: Int, on screen: Int) -> (Int, Int, Int) {
    frame >= screen ? ((frame - screen) / 2, 0, screen) : (0, (screen - frame) / 2, frame)
  }
}

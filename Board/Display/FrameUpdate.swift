/// What presenting one frame wrote to the screen.
public struct FrameUpdate: Sendable, Equatable {
  /// Screen rows rewritten with frame pixels, as ascending, non-adjacent ranges.
  public var rows: [Range<Int>]
  /// Whether the whole screen was repainted (the first frame on this buffer, a frame of a
  /// new size, or after ``FramePainter/invalidate()``), borders included.
  public var repainted: Bool
  /// The buffer drawn into: 0, or 1 for the second screen when double buffering.
  public var page: Int
  /// Where the frame landed on the screen.
  public var placement: FramePlacement

  public init(rows: [Range<Int>], repainted: Bool, page: Int, placement: FramePlacement) {
    self.rows = rows
    self.repainted = repainted
    self.page = page
    self.placement = placement
  }

  /// How many screen rows were rewritten with frame pixels.
  public var rowCount: Int { rows.reduce(0) { $0 + $1.count } }
}

import Canvas

/// Where the driver's overlays go: the speed and the limit sign stacked over the scale bar
/// above the trip estimates, the road's name in a pill along the bottom between the
/// estimates and the map buttons, the compass at the top of the buttons' column. All are
/// derived from the layout's other parts, so they follow it at every size; a part with no
/// room gets an empty rectangle (and is not drawn).
extension NavigationLayout {
  /// Between stacked parts, and from the cards.
  private var gap: Double { (8 * scale).rounded() }
  /// The column of the map buttons (its left edge).
  private var buttonColumn: Double { mapButtons.first?.minX ?? Double(size.width) }
  /// The top of the map not covered by the card (or the header).
  private var freeTop: Double { isPortrait ? mapArea.minY + gap : secondary.maxY + gap }

  /// Diameter of the limit sign (and height of the speed beside it).
  var speedSignSide: Double { (64 * scale).rounded() }
  /// Width of the speed readout.
  var speedReadoutWidth: Double { (84 * scale).rounded() }

  /// The scale bar, over the estimates at the left; empty when the cards leave no room.
  public var scaleBar: ScreenRect {
    let height = (26 * scale).rounded()
    let rect = ScreenRect(
      x: estimates.minX, y: estimates.minY - gap - height, width: (140 * scale).rounded(),
      height: height)
    return rect.minY >= freeTop ? rect : .zero
  }

  /// The speed and the limit sign side by side: over the scale bar when there is room,
  /// else at the bottom left of the buttons' column when that clears the estimates, else
  /// nowhere.
  private var speedCluster: ScreenRect {
    let width = speedReadoutWidth + (8 * scale).rounded() + speedSignSide
    let above = scaleBar.isEmpty ? estimates.minY : scaleBar.minY
    let stacked = ScreenRect(
      x: estimates.minX, y: above - gap - speedSignSide, width: width, height: speedSignSide)
    if stacked.minY >= freeTop { return stacked }
    let corner = ScreenRect(
      x: buttonColumn - gap - width, y: mapArea.maxY - gap - speedSignSide, width: width,
      height: speedSignSide)
    return corner.minX >= estimates.maxX + gap ? corner : .zero
  }

  /// The current speed with its unit.
  public var speedReadout: ScreenRect {
    let c = speedCluster
    guard !c.isEmpty else { return .zero }
    return ScreenRect(x: c.minX, y: c.minY, width: speedReadoutWidth, height: c.height)
  }

  /// The limit sign, right of the speed.
  public var speedLimitSign: ScreenRect {
    let c = speedCluster
    guard !c.isEmpty else { return .zero }
    return ScreenRect(
      x: c.maxX - speedSignSide, y: c.minY, width: speedSignSide, height: speedSignSide)
  }

  /// The pill with the road's name, centred along the bottom between the estimates and the
  /// buttons (or the speed, when it sits there); the pill is drawn as wide as its text
  /// within this.
  public var roadName: ScreenRect {
    let height = (40 * scale).rounded()
    let margin = (12 * scale).rounded()
    let left = estimates.maxX + margin
    let cluster = speedCluster
    let right = cluster.maxY > estimates.minY ? cluster.minX - margin : buttonColumn - margin
    guard right - left >= 80 * scale else { return .zero }
    return ScreenRect(x: left, y: estimates.maxY - height, width: right - left, height: height)
  }

  /// The compass: centred on the buttons' column above the first button when there is room,
  /// else left of the status chip when that clears the card, else nowhere.
  public var compass: ScreenRect {
    let side = (44 * scale).rounded()
    let top = status.maxY + gap
    if let first = mapButtons.first, first.minY - gap >= top + side {
      return ScreenRect(x: first.midX - side / 2, y: top, width: side, height: side)
    }
    let beside = ScreenRect(
      x: status.minX - gap - side, y: status.midY - side / 2, width: side, height: side)
    return isPortrait || beside.minX >= card.maxX + gap ? beside : .zero
  }
}

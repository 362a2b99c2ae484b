import Canvas

extension NavigationLayout {
  /// The compact Now Playing strip: along the top of the map under the status chip and the
  /// navigation bar's row, between the card (or the screen's edge on portrait screens) and
  /// the map buttons' column, at most 360 design pixels wide; else along the bottom in the
  /// road name's row when that is clear; else nowhere (empty). Never over the card, the
  /// "Then" card or the lanes, the estimates, the buttons or the vehicle.
  public var nowPlayingStrip: ScreenRect {
    let height = max(32, (44 * scale).rounded())
    let m = (Self.margin * scale).rounded()
    var top = status.maxY
    if navigationBar.minY < mapArea.midY { top = max(top, navigationBar.maxY) }
    let left = isPortrait ? mapArea.minX + m : card.maxX + m
    let right = buttonColumn - m
    let width = min((360 * scale).rounded(), right - left)
    if width >= 160 * scale {
      let r = ScreenRect(x: left, y: top + gap, width: width, height: height)
      if isClear(r) { return r }
    }
    let road = roadName
    if !road.isEmpty {
      let r = ScreenRect(
        x: road.minX, y: road.minY - gap - height, width: min(road.width, (360 * scale).rounded()),
        height: height)
      if isClear(r) { return r }
    }
    return .zero
  }
}

import Canvas

/// Where the driver's overlays go: the speed and the limit sign stacked over the scale bar
/// above the trip estimates, the road's name in a pill along the bottom between the
/// estimates and the map buttons, the compass at the top of the buttons' column. All are
/// derived from the layout's other parts, so they follow it at every size; a part with no
/// room gets an empty rectangle (and is not drawn).
extension NavigationLayout {
  /// Between stacked parts, and from the cards.
  var gap: Double { (8 * scale).rounded() }
  /// The column of the map buttons (its left edge).
  var buttonColumn: Double { mapButtons.first?.minX ?? Double(size.width) }
  /// The top of the map not covered by the card (or the header).
  private var freeTop: Double { isPortrait ? mapArea.minY + gap : secondary.maxY + gap }

  /// The parts the driver's overlays must keep clear of: the cards, the estimates, the
  /// status chip, the navigation bar's row and the map buttons (with a gap around each).
  var occupied: [ScreenRect] {
    ([card, secondary, estimates, status, navigationBar] + mapButtons)
      .filter { !$0.isEmpty }.map { $0.insetBy(-gap) }
  }

  /// Whether `r` is on the map, clear of the other parts and of the vehicle.
  private var vehicleBox: ScreenRect {
    let half = 30 * scale
    return ScreenRect(
      x: vehicleAnchor.x - half, y: vehicleAnchor.y - half, width: 2 * half, height: 2 * half)
  }

  func isClear(_ r: ScreenRect) -> Bool {
    let vehicle = vehicleBox
    return !r.isEmpty && mapArea.contains(r) && !r.intersects(vehicle)
      && !occupied.contains { r.intersects($0) }
  }

  /// Diameter of the limit sign (and height of the speed beside it) where there is room.
  var speedSignSide: Double { speedCluster.height }
  /// Width of the speed readout: 84 to the sign's 64.
  var speedReadoutWidth: Double { (speedSignSide * 84 / 64).rounded() }

  /// The speed and the limit sign side by side, the first place with room: over the scale
  /// bar above the estimates; right over the estimates, smaller (down to 24 px), without
  /// the scale bar; at the bottom left of the buttons' column; else nowhere.
  private var speedCluster: ScreenRect {
    func cluster(x: Double, bottom: Double, side: Double) -> ScreenRect {
      let width = (side * 84 / 64).rounded() + gap + side
      return ScreenRect(x: x, y: bottom - side, width: width, height: side)
    }
    let full = (64 * scale).rounded()
    let bar = scaleBarSlot
    let stacked = cluster(x: estimates.minX, bottom: bar.minY - gap, side: full)
    if isClear(stacked), isClear(bar) { return stacked }
    // `freeTop` is a gap below the cards already.
    let room = (estimates.minY - gap - freeTop).rounded(.down)
    let side = min(full, room)
    if side >= 24 {
      let low = cluster(x: estimates.minX, bottom: estimates.minY - gap, side: side)
      if isClear(low) { return low }
    }
    let width = (full * 84 / 64).rounded() + gap + full
    let corner = cluster(
      x: buttonColumn - gap - width, bottom: mapArea.maxY - gap, side: full)
    return isClear(corner) ? corner : .zero
  }

  /// Where the scale bar goes when the speed stacks over it: above the estimates.
  private var scaleBarSlot: ScreenRect {
    let height = (26 * scale).rounded()
    return ScreenRect(
      x: estimates.minX, y: estimates.minY - gap - height, width: (140 * scale).rounded(),
      height: height)
  }

  /// The scale bar, over the estimates at the left; empty when the cards (or the speed)
  /// leave no room.
  public var scaleBar: ScreenRect {
    let slot = scaleBarSlot
    guard isClear(slot) else { return .zero }
    let cluster = speedCluster
    return cluster.isEmpty || !cluster.intersects(slot.insetBy(-gap / 2)) ? slot : .zero
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
    return ScreenRect(x: c.maxX - c.height, y: c.minY, width: c.height, height: c.height)
  }

  /// The pill with the road's name along the bottom of the map, in the widest stretch
  /// there clear of the other parts (between the estimates and the buttons on most
  /// screens; between the card and the estimates on bars; between the bar's buttons on
  /// small screens); the pill is drawn as wide as its text within this. Empty when no
  /// stretch is 200 design pixels wide: the renderer then shows the road where the card
  /// goes, when no card does.
  public var roadName: ScreenRect {
    let height = (40 * scale).rounded()
    let margin = (12 * scale).rounded()
    let band = ScreenRect(
      x: mapArea.minX, y: mapArea.maxY - margin - height, width: mapArea.width, height: height)
    let blocked = (occupied + [speedCluster.insetBy(-gap), vehicleBox])
      .filter { !$0.isEmpty && $0.intersects(band) }
      .map { ($0.minX, $0.maxX) }.sorted { $0.0 < $1.0 }
    var best = (from: 0.0, to: 0.0)
    var x = mapArea.minX + margin
    for (from, to) in blocked + [(mapArea.maxX - margin, mapArea.maxX)] {
      if from - x > best.to - best.from { best = (x, from) }
      x = max(x, to)
    }
    guard best.to - best.from >= 200 * scale else { return .zero }
    return ScreenRect(x: best.from, y: band.minY, width: best.to - best.from, height: height)
  }

  /// The road's pill in the card's place, for screens with no room along the bottom.
  public var roadNameInCardPlace: ScreenRect {
    ScreenRect(x: card.minX, y: card.minY, width: card.width, height: (40 * scale).rounded())
  }

  /// The compass: centred on the buttons' column above the first button when there is room,
  /// else left of the status chip when that clears the card and the bar, else nowhere.
  public var compass: ScreenRect {
    let side = (44 * scale).rounded()
    let top = status.maxY + gap
    if let first = mapButtons.first, first.minY - gap >= top + side {
      return ScreenRect(x: first.midX - side / 2, y: top, width: side, height: side)
    }
    let beside = ScreenRect(
      x: status.minX - gap - side, y: status.midY - side / 2, width: side, height: side)
    let others = [card, secondary, navigationBar].filter { !$0.isEmpty }
    return others.contains { beside.intersects($0.insetBy(-gap)) } ? .zero : beside
  }
}

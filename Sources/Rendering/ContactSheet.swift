import CCairo
import Canvas
import Foundation
import Navigation

/// Grids of pictures with captions: the demo's key moments, and every maneuver symbol.
public enum ContactSheet {
  /// One picture of a sheet and the words under it.
  public struct Cell: Sendable {
    public var image: PixelBuffer
    public var caption: String

    public init(image: PixelBuffer, caption: String) {
      self.image = image
      self.caption = caption
    }
  }

  /// `cells` scaled to `cellWidth` pixels wide (each keeping its aspect ratio, a row as
  /// tall as its tallest), `columns` to a row, each captioned.
  public static func render(
    _ cells: [Cell], columns: Int, cellWidth: Int, title: String? = nil
  ) throws(RenderingError) -> PixelBuffer {
    guard columns > 0, cellWidth > 0, !cells.isEmpty else {
      throw RenderingError(.invalidArgument, "an empty contact sheet")
    }
    let gap = 16.0
    let captionHeight = 40.0
    let titleHeight = title == nil ? 0.0 : 48.0
    func height(_ cell: Cell) -> Double {
      (Double(cellWidth) * Double(cell.image.height) / Double(max(1, cell.image.width))).rounded()
    }
    let rows = (cells.count + columns - 1) / columns
    let rowHeights = (0..<rows).map { row in
      cells[(row * columns)..<min(cells.count, (row + 1) * columns)].map(height).max() ?? 0
    }
    var rowTops: [Double] = []
    var y = titleHeight + gap
    for h in rowHeights {
      rowTops.append(y)
      y += h + captionHeight + gap
    }
    let width = Int(gap + Double(columns) * (Double(cellWidth) + gap))
    let sheet = try CairoCanvas(width: width, height: Int(y))
    sheet.clear(Color(hex: 0x202124))
    let cr = sheet.cr
    if let title {
      sheet.drawText(title, .bold(24), x: gap, baseline: 36, .white)
    }
    for (i, cell) in cells.enumerated() {
      let x = gap + Double(i % columns) * (Double(cellWidth) + gap)
      let y = rowTops[i / columns]
      let cellHeight = height(cell)
      let picture = try CairoCanvas(cell.image)
      cairo_save(cr)
      cairo_translate(cr, x, y)
      cairo_scale(
        cr, Double(cellWidth) / Double(cell.image.width),
        cellHeight / Double(cell.image.height))
      cairo_set_source_surface(cr, picture.surface, 0, 0)
      cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_GOOD)
      cairo_paint(cr)
      cairo_restore(cr)
      let style = TextStyle.regular(16)
      let caption = sheet.ellipsized(cell.caption, style, maxWidth: Double(cellWidth))
      sheet.drawText(
        caption, style, x: x, baseline: y + cellHeight + 26, Color(hex: 0xe8eaed))
    }
    return sheet.pixelBuffer()
  }

  /// Every `ManeuverType`'s symbol on a card, with its name (right-hand traffic; the
  /// roundabout and U-turn types again for left-hand traffic at the end).
  public static func maneuverSymbols(theme: Theme = .day) throws(RenderingError) -> PixelBuffer {
    let leftHand: [ManeuverType] = [
      .uTurn, .enterRoundabout, .roundaboutExit2, .roundaboutExit5, .uTurnAtRoundabout,
      .onRamp, .offRamp,
    ]
    let entries =
      ManeuverType.allCases.map { ($0, Maneuver.Side.right) } + leftHand.map { ($0, .left) }
    let columns = 8
    let cell = (width: 150.0, height: 150.0)
    let rows = (entries.count + columns - 1) / columns
    let sheet = try CairoCanvas(
      width: Int(Double(columns) * cell.width), height: Int(Double(rows) * cell.height))
    sheet.clear(Color(hex: 0xf1f3f4))
    for (i, (type, side)) in entries.enumerated() {
      let x = Double(i % columns) * cell.width
      let y = Double(i / columns) * cell.height
      let card = ScreenRect(x: x + 8, y: y + 8, width: cell.width - 16, height: cell.height - 16)
      sheet.fillRoundedRect(card, radius: 12, theme.cardBackground)
      ManeuverSymbol(type: type, drivingSide: side).draw(
        in: sheet, rect: ScreenRect(x: card.midX - 48, y: card.y + 8, width: 96, height: 96),
        color: theme.symbol, dimmed: theme.symbolDimmed)
      let name = String(describing: type) + (side == .left ? " (LHT)" : "")
      let style = TextStyle(weight: .condensed, size: 13)
      let text = sheet.ellipsized(name, style, maxWidth: card.width - 8)
      let w = sheet.textWidth(text, style)
      sheet.drawText(
        text, style, x: (card.midX - w / 2).rounded(), baseline: card.maxY - 10,
        theme.cardSecondaryText)
    }
    return sheet.pixelBuffer()
  }
}

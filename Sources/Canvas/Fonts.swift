import CPango
import Synchronization

/// The typefaces the screens use — DejaVu Sans, as Debian and Raspberry Pi OS install it,
/// with WenQuanYi Micro Hei (`fonts-wqy-microhei`) for Chinese, and whatever fontconfig
/// finds for any other script — and the rendering options that keep text identical run
/// to run.
///
/// Text is laid out by Pango (`TextLayout`, one per canvas); this holds what all canvases
/// share: a font description per style, the cairo font options (antialiasing and hinting
/// set explicitly, so a desktop fontconfig setting cannot change the pixels), the widths
/// already measured, and a count of characters drawn that no installed font could show.
package final class Fonts: @unchecked Sendable {
  // Safe to share: the font options are immutable after creation and reference-counted
  // atomically; the descriptions and widths are behind mutexes, and a description is
  // never changed once made (Pango copies it into each layout).
  let options: OpaquePointer
  private let descriptions = Mutex<[TextStyle: OpaquePointer]>([:])
  /// Advance widths already measured: the same strings are measured every time a card
  /// is drawn, and laying text out is the costly part of measuring it.
  private let widths = Mutex<[WidthKey: Double]>([:])
  private let unknown = Atomic<Int>(0)

  private struct WidthKey: Hashable {
    var text: String
    var style: TextStyle
  }

  package static let shared = Fonts()

  /// The families tried in order for every style: Pango takes each character from the
  /// first that has it.
  static let fallbackFamilies = "WenQuanYi Micro Hei"

  private init() {
    options = cairo_font_options_create()
    cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
    cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_SLIGHT)
    cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_ON)
    cairo_font_options_set_subpixel_order(options, CAIRO_SUBPIXEL_ORDER_DEFAULT)
  }

  deinit {
    for description in descriptions.withLock({ $0.values }) {
      pango_font_description_free(description)
    }
    cairo_font_options_destroy(options)
  }

  /// Sets the deterministic font options on a new context.
  package static func apply(to cr: OpaquePointer) {
    cairo_set_font_options(cr, shared.options)
  }

  /// The Pango font description of `style`: its family (then the fallbacks), weight and
  /// size in pixels. Made once per style and kept.
  func description(_ style: TextStyle) -> OpaquePointer {
    descriptions.withLock { known in
      if let description = known[style] { return description }
      let description = pango_font_description_from_string(
        "\(style.weight.family),\(Self.fallbackFamilies)")!
      pango_font_description_set_weight(
        description, style.weight.isBold ? PANGO_WEIGHT_BOLD : PANGO_WEIGHT_NORMAL)
      pango_font_description_set_absolute_size(description, style.size * Double(PANGO_SCALE))
      known[style] = description
      return description
    }
  }

  /// The advance width of `text` in `style` (laid out with `layout` the first time).
  ///
  /// Widths do not depend on the context's transformation here: callers measure with
  /// an identity matrix (hint metrics are on, so scaled text would measure differently).
  func width(_ text: String, _ style: TextStyle, with layout: TextLayout) -> Double {
    let key = WidthKey(text: text, style: style)
    if let known = widths.withLock({ $0[key] }) { return known }
    let width = layout.line(text, style).size.width
    widths.withLock { cache in
      // A bound on memory for a long-running unit: start over rather than grow forever.
      if cache.count > 20_000 { cache.removeAll() }
      cache[key] = width
    }
    return width
  }

  /// Characters drawn so far, by every canvas, that no installed font could show (Pango's
  /// unknown glyphs, drawn as boxes): 0 on every screen in every language.
  package var unknownGlyphs: Int { unknown.load(ordering: .relaxed) }

  func noteUnknownGlyphs(_ count: Int) {
    if count > 0 { unknown.add(count, ordering: .relaxed) }
  }
}

/// A typeface and a size in pixels.
package struct TextStyle: Hashable, Sendable {
  package enum Weight: CaseIterable, Hashable, Sendable {
    case regular, bold, condensed, condensedBold

    package var family: String {
      switch self {
      case .regular, .bold: "DejaVu Sans"
      case .condensed, .condensedBold: "DejaVu Sans Condensed"
      }
    }

    package var isBold: Bool { self == .bold || self == .condensedBold }

    /// The narrower cut of the same weight.
    package var condensedForm: Weight { isBold ? .condensedBold : .condensed }
  }

  package var weight: Weight
  package var size: Double

  package init(weight: Weight, size: Double) {
    self.weight = weight
    self.size = size
  }

  package static func regular(_ size: Double) -> TextStyle {
    TextStyle(weight: .regular, size: size)
  }
  package static func bold(_ size: Double) -> TextStyle { TextStyle(weight: .bold, size: size) }
}

extension CairoCanvas {
  /// The most characters of one text laid out: more than the widest screen shows in one
  /// line at the smallest size. Longer text (a road name or an alert title of 40,000
  /// characters from a file or a bridge app) is cut to this before it is measured, so
  /// laying it out costs the same as any other.
  package static let textLimit = 256

  /// `text`, cut to ``textLimit`` characters with "…" when longer.
  package static func capped(_ text: String) -> String {
    guard text.utf8.count > textLimit else { return text }
    var end = text.startIndex
    var count = 0
    while end < text.endIndex, count < textLimit {
      end = text.index(after: end)
      count += 1
    }
    return end == text.endIndex ? text : String(text[..<end]) + "…"
  }

  /// The advance width of `text` (capped) in `style`, pixels.
  package func textWidth(_ text: String, _ style: TextStyle) -> Double {
    Fonts.shared.width(Self.capped(text), style, with: textLayout)
  }

  /// Draws `text` (capped, on one line) with its baseline starting at (`x`, `baseline`).
  package func drawText(
    _ text: String, _ style: TextStyle, x: Double, baseline: Double, _ color: Color
  ) {
    setColor(color)
    textLayout.noteDrawn(text)
    textLayout.draw(textLayout.line(Self.capped(text), style), on: cr, x: x, baseline: baseline)
  }

  /// Adds the outline of `text` (capped, on one line) to the current path, its baseline
  /// starting at (`x`, `baseline`) in the current transformation: for text with a halo.
  package func addTextPath(_ text: String, _ style: TextStyle, x: Double, baseline: Double) {
    textLayout.addPath(
      textLayout.line(Self.capped(text), style), on: cr, x: x, baseline: baseline)
  }

  /// The baseline that centres capital letters of `style` on `midY`.
  package func baseline(centering style: TextStyle, on midY: Double) -> Double {
    // DejaVu Sans capitals are 0.729 em tall.
    (midY + style.size * 0.729 / 2).rounded()
  }

  /// The first of `candidates` (in order) that fits `maxWidth` in `style`, trying
  /// `style`, then its condensed cut, then sizes down to `minimumSize`; the last candidate
  /// shortened with "…" when none fits.
  package func fit(
    _ candidates: [String], _ style: TextStyle, minimumSize: Double, maxWidth: Double
  ) -> (text: String, style: TextStyle) {
    let styles = fallbackStyles(style, minimumSize: minimumSize)
    for text in candidates {
      for s in styles where textWidth(text, s) <= maxWidth {
        return (text, s)
      }
    }
    let last = styles.last ?? style
    return (ellipsized(candidates.last ?? "", last, maxWidth: maxWidth), last)
  }

  /// `style`, its condensed cut, then the condensed cut in steps down to `minimumSize`.
  func fallbackStyles(_ style: TextStyle, minimumSize: Double) -> [TextStyle] {
    var styles = [style]
    let condensed = TextStyle(weight: style.weight.condensedForm, size: style.size)
    if condensed != style { styles.append(condensed) }
    var size = style.size - 2
    while size >= minimumSize {
      styles.append(TextStyle(weight: condensed.weight, size: size))
      size -= 2
    }
    if let last = styles.last, last.size > minimumSize {
      styles.append(TextStyle(weight: condensed.weight, size: minimumSize))
    }
    return styles
  }

  /// `text` (capped) cut at a character and ended with "…" to fit `maxWidth`: the longest
  /// such prefix, found by halving (a dozen measurements, whatever the length).
  package func ellipsized(_ text: String, _ style: TextStyle, maxWidth: Double) -> String {
    let text = Self.capped(text)
    if textWidth(text, style) <= maxWidth { return text }
    let characters = Array(text)
    func candidate(_ count: Int) -> String {
      var kept = characters[..<count]
      while kept.last == " " { kept = kept.dropLast() }
      return String(kept) + "…"
    }
    // The longest prefix whose candidate fits: `low` always fits (or is 0), `high` never.
    var low = 0
    var high = characters.count
    while high - low > 1 {
      let middle = (low + high) / 2
      if textWidth(candidate(middle), style) <= maxWidth { low = middle } else { high = middle }
    }
    guard low > 0 else { return "" }
    let cut = candidate(low)
    textLayout.noteCut(cut)
    return cut
  }
}

import CPango
import Foundation

/// The Pango layouts of the texts drawn on one thread, kept for the next frame: Pango
/// shapes the text (Cyrillic, CJK, ligatures) and falls back to another installed font
/// (fontconfig) for characters the style's family lacks, and shaping is the costly part,
/// so a text drawn again in the same style is drawn from its layout as it was, on
/// whichever canvas. One per thread (`current`), as Pango's layouts are not thread-safe:
/// the canvases a frame's map is drawn in on several threads each use their thread's.
package final class TextLayout {
  /// The `PangoContext` every layout here is made in, with the deterministic font options.
  private let context: OpaquePointer
  private var laid: [Key: Laid] = [:]
  /// Texts drawn on this thread cut with "…" because they did not fit whole even at their
  /// smallest size (by `CairoCanvas.ellipsized`, `fit` or `fitLines`): the layout tests
  /// expect none for the screens' own strings and the drives' instructions. Texts only
  /// measured and cut (a longer variant tried first) do not count.
  package private(set) var cutTexts = 0
  /// The cut texts made lately, to know them when they are drawn.
  private var cuts: Set<String> = []

  /// Remembers `text` as cut with "…".
  func noteCut(_ text: String) {
    if cuts.count >= 1_000 { cuts.removeAll(keepingCapacity: true) }
    cuts.insert(text)
  }

  /// Counts `text` as a cut text drawn when it is one.
  func noteDrawn(_ text: String, isEllipsized: Bool = false) {
    if isEllipsized || cuts.contains(text) { cutTexts += 1 }
  }

  /// At most this many layouts are kept; beyond it the cache starts over.
  private static let capacity = 600

  private struct Key: Hashable {
    var text: String
    var style: TextStyle
    /// The wrapping width in 1/1024 pixel, and the most lines; -1 and 1 for one line.
    var width: Int32
    var lines: Int32
  }

  /// One laid-out text and its measurements.
  final class Laid {
    let layout: OpaquePointer
    let size: (width: Double, height: Double)
    /// From the top of the layout to the first line's baseline, pixels.
    let firstBaseline: Double
    let lineCount: Int
    let isEllipsized: Bool
    /// Characters no installed font could show.
    let unknownGlyphs: Int
    /// The width it was wrapped at (its own width when on one line unwrapped), pixels.
    let wrapWidth: Double

    init(_ layout: OpaquePointer) {
      self.layout = layout
      var ink = PangoRectangle()
      var logical = PangoRectangle()
      pango_layout_get_extents(layout, &ink, &logical)
      let scale = Double(PANGO_SCALE)
      size = (Double(logical.width) / scale, Double(logical.height) / scale)
      firstBaseline = Double(pango_layout_get_baseline(layout)) / scale
      lineCount = Int(pango_layout_get_line_count(layout))
      isEllipsized = pango_layout_is_ellipsized(layout) != 0
      unknownGlyphs = Int(pango_layout_get_unknown_glyphs_count(layout))
      let width = pango_layout_get_width(layout)
      wrapWidth = width < 0 ? size.width : Double(width) / scale
    }

    deinit { g_object_unref(UnsafeMutableRawPointer(layout)) }
  }

  private init() {
    context = pango_font_map_create_context(pango_cairo_font_map_get_default())
    pango_cairo_context_set_font_options(context, Fonts.shared.options)
  }

  /// The calling thread's layouts, made at its first text and released when the thread
  /// ends. A thread-specific slot, not `Thread.threadDictionary`: every text drawn or
  /// measured asks for it, and the dictionary's bridging cost more than some draws.
  package static var current: TextLayout {
    if let slot = pthread_getspecific(threadKey) {
      return Unmanaged<TextLayout>.fromOpaque(slot).takeUnretainedValue()
    }
    let layouts = TextLayout()
    pthread_setspecific(threadKey, Unmanaged.passRetained(layouts).toOpaque())
    return layouts
  }

  /// The thread-specific slot holding each thread's layouts (retained once).
  private static let threadKey: pthread_key_t = {
    var key = pthread_key_t()
    pthread_key_create(&key) { slot in
      if let slot { Unmanaged<TextLayout>.fromOpaque(slot).release() }
    }
    return key
  }()

  deinit {
    laid.removeAll()
    g_object_unref(UnsafeMutableRawPointer(context))
  }

  /// `text` in `style` on one line (line breaks shown as spaces), as wide as it is.
  func line(_ text: String, _ style: TextStyle) -> Laid {
    layout(Key(text: text, style: style, width: -1, lines: 1))
  }

  /// `text` in `style` wrapped at `width` pixels (between words, or between characters
  /// where a word is wider than the line or the script has no spaces), at most `lines`
  /// lines, the last ended with "…" when the text goes on.
  func paragraph(_ text: String, _ style: TextStyle, width: Double, lines: Int) -> Laid {
    layout(
      Key(
        text: text, style: style, width: Int32((width * Double(PANGO_SCALE)).rounded(.down)),
        lines: Int32(max(1, lines))))
  }

  /// Draws `text` with its first baseline at (`x`, `baseline`) in the current colour,
  /// and counts the characters no installed font could show (`Fonts.unknownGlyphs`).
  func draw(_ text: Laid, on cr: OpaquePointer, x: Double, baseline: Double) {
    cairo_move_to(cr, x, baseline - text.firstBaseline)
    pango_cairo_show_layout(cr, text.layout)
    Fonts.shared.noteUnknownGlyphs(text.unknownGlyphs)
  }

  /// Adds the outline of `text` to the current path with its first baseline at
  /// (`x`, `baseline`), for text drawn with a halo.
  func addPath(_ text: Laid, on cr: OpaquePointer, x: Double, baseline: Double) {
    cairo_move_to(cr, x, baseline - text.firstBaseline)
    pango_cairo_layout_path(cr, text.layout)
    Fonts.shared.noteUnknownGlyphs(text.unknownGlyphs)
  }

  private func layout(_ key: Key) -> Laid {
    if let known = laid[key] { return known }
    if laid.count >= Self.capacity { laid.removeAll(keepingCapacity: true) }
    let layout = pango_layout_new(context)!
    pango_layout_set_font_description(layout, Fonts.shared.description(key.style))
    if key.width >= 0 {
      pango_layout_set_width(layout, key.width)
      pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
      pango_layout_set_height(layout, -key.lines)
      pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_END)
    }
    pango_layout_set_text(layout, Self.oneLine(key.text), -1)
    let result = Laid(layout)
    laid[key] = result
    return result
  }

  /// `text` with its line breaks and tabs as spaces: screens draw a string on one line.
  static func oneLine(_ text: String) -> String {
    guard text.contains(where: { $0.isNewline || $0 == "\t" }) else { return text }
    return String(text.map { $0.isNewline || $0 == "\t" ? " " : $0 })
  }
}

import Templates

/// The compact Now Playing strip on the map while navigating: what plays, whether it plays,
/// and how far it is, in its displayed form (the renderer redraws the strip only when
/// this value changes).
public struct NowPlayingStrip: Hashable, Sendable {
  /// "Title — Artist", capped.
  public var text: String
  public var isPlaying: Bool
  /// The share played in thousandths (0...1000), nil when the duration is unknown.
  public var progress: Int?

  public init(text: String, isPlaying: Bool, progress: Int?) {
    self.text = String(text.prefix(2 * NowPlayingTemplate.maximumTextLength + 3))
    self.isPlaying = isPlaying
    self.progress = progress.map { max(0, min(1000, $0)) }
  }

  /// The strip for `template`: its title and artist, its state, its progress rounded to
  /// a thousandth (finer than the strip's bar shows, coarse enough not to redraw every
  /// frame).
  public init(_ template: NowPlayingTemplate) {
    let parts = [template.title, template.artist].filter { !$0.isEmpty }
    self.init(
      text: parts.joined(separator: " — "), isPlaying: template.isPlaying,
      progress: template.fractionPlayed.map { Int(($0 * 1000).rounded()) })
  }
}

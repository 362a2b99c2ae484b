/// The one shared Now Playing screen (CarPlay's `CPNowPlayingTemplate`): the app never
/// creates it, only updates what plays (title, artist, album, artwork, elapsed and
/// duration, rate) and which buttons show, and observes the buttons being pressed.
///
/// Text is capped at `maximumTextLength` characters and times are checked into range by
/// `init` and the setters, so a value of this type is always drawable.
public struct NowPlayingTemplate: Hashable, Sendable, Identifiable {
  /// Shuffle: off, by song, by album.
  public enum ShuffleMode: String, Hashable, Sendable, CaseIterable {
    case off, songs, albums

    /// The mode a press on the shuffle button moves to.
    public var next: ShuffleMode {
      switch self {
      case .off: .songs
      case .songs: .albums
      case .albums: .off
      }
    }
  }

  /// Repeat: off, the song, the whole list.
  public enum RepeatMode: String, Hashable, Sendable, CaseIterable {
    case off, one, all

    /// The mode a press on the repeat button moves to.
    public var next: RepeatMode {
      switch self {
      case .off: .all
      case .all: .one
      case .one: .off
      }
    }
  }

  /// Which optional buttons show (previous, play/pause and next always do).
  public struct Buttons: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let shuffle = Buttons(rawValue: 1)
    public static let `repeat` = Buttons(rawValue: 2)
    /// "Up next" (the queue); CarPlay's `isUpNextButtonEnabled`.
    public static let upNext = Buttons(rawValue: 4)
    /// "Album/artist" (browse the album or artist); CarPlay's
    /// `isAlbumArtistButtonEnabled`.
    public static let albumArtist = Buttons(rawValue: 8)
    public static let all: Buttons = [.shuffle, .repeat, .upNext, .albumArtist]
  }

  /// The screen's controls, in focus order; each is an element id.
  public enum Control: String, Hashable, Sendable, CaseIterable {
    case previous = "nowPlaying.previous"
    case playPause = "nowPlaying.playPause"
    case next = "nowPlaying.next"
    case shuffle = "nowPlaying.shuffle"
    case `repeat` = "nowPlaying.repeat"
    case upNext = "nowPlaying.upNext"
    case albumArtist = "nowPlaying.albumArtist"
    /// The progress bar: focused, the knob scrubs.
    case progress = "nowPlaying.progress"

    /// The element id the renderer and the controller use.
    public var elementID: String { rawValue }

    /// The control with element id `id`, nil for another element.
    public init?(elementID id: String) { self.init(rawValue: id) }
  }

  /// The screen's one id: there is only one Now Playing screen.
  public static let sharedID = "nowPlaying"
  /// Characters kept of the title, artist and album.
  public static let maximumTextLength = 200
  /// Characters kept of an artwork id.
  public static let maximumArtworkIDLength = 256
  /// The longest duration taken, seconds (a day: a live stream reports no duration).
  public static let maximumDuration = 86_400.0
  /// Seconds one knob detent scrubs.
  public static let scrubStep = 10.0

  public var id: String { Self.sharedID }
  public private(set) var title: String
  public private(set) var artist: String
  public private(set) var album: String
  /// The key of the artwork in the artwork cache (never pixels); nil for none.
  public private(set) var artworkID: String?
  /// The name of the app whose screen this is, for the header; nil: "Now Playing".
  public var appName: String?
  /// Seconds played, in `0...duration` when the duration is known.
  public private(set) var elapsed: Double
  /// Seconds long; nil when unknown (a stream).
  public private(set) var duration: Double?
  /// Playback rate: 0 paused, 1 playing, other values faster or slower.
  public internal(set) var rate: Double
  public var shuffle: ShuffleMode
  public var repeatMode: RepeatMode
  public var buttons: Buttons
  /// The knob scrubs: a press on the progress bar started it, another ends it (until then
  /// turns move the time, not the focus).
  public var isScrubbing = false

  /// Fails on times out of range (not finite, negative, elapsed past a known duration,
  /// longer than `maximumDuration`) or a rate that is not finite; text is capped.
  public init(
    title: String = "", artist: String = "", album: String = "", artworkID: String? = nil,
    elapsed: Double = 0, duration: Double? = nil, rate: Double = 0,
    shuffle: ShuffleMode = .off, repeatMode: RepeatMode = .off, buttons: Buttons = []
  ) throws(TemplateError) {
    self.title = Self.capped(title)
    self.artist = Self.capped(artist)
    self.album = Self.capped(album)
    self.artworkID = artworkID.map { String($0.prefix(Self.maximumArtworkIDLength)) }
    self.elapsed = 0
    self.duration = nil
    self.rate = 0
    self.shuffle = shuffle
    self.repeatMode = repeatMode
    self.buttons = buttons
    try setTimes(elapsed: elapsed, duration: duration)
    try setRate(rate)
  }

  /// Nothing playing yet: no text, no times, paused, no optional buttons.
  public static var empty: NowPlayingTemplate {
    do {
      return try NowPlayingTemplate()
    } catch {
      preconditionFailure("the defaults are in range: \(error)")
    }
  }

  /// True while the rate is not zero.
  public var isPlaying: Bool { rate != 0 }

  /// The share of the duration played (0...1), nil when the duration is unknown or zero.
  public var fractionPlayed: Double? {
    guard let duration, duration > 0 else { return nil }
    return min(1, max(0, elapsed / duration))
  }

  /// Sets the metadata, capping each text at `maximumTextLength` characters.
  public mutating func setMetadata(
    title: String, artist: String, album: String, artworkID: String?
  ) {
    self.title = Self.capped(title)
    self.artist = Self.capped(artist)
    self.album = Self.capped(album)
    self.artworkID = artworkID.map { String($0.prefix(Self.maximumArtworkIDLength)) }
  }

  /// Sets elapsed and duration together, or throws and keeps the old ones.
  public mutating func setTimes(elapsed: Double, duration: Double?) throws(TemplateError) {
    guard elapsed.isFinite, elapsed >= 0 else {
      throw invalid("elapsed time \(elapsed) s is not a finite number of seconds ≥ 0")
    }
    if let duration {
      guard duration.isFinite, duration >= 0, duration <= Self.maximumDuration else {
        throw invalid(
          "duration \(duration) s is not a finite number of seconds in 0...\(Self.maximumDuration)"
        )
      }
      guard elapsed <= duration else {
        throw invalid("elapsed time \(elapsed) s is past the duration \(duration) s")
      }
    } else if elapsed > Self.maximumDuration {
      throw invalid("elapsed time \(elapsed) s is over \(Self.maximumDuration) s")
    }
    self.elapsed = elapsed
    self.duration = duration
  }

  /// Sets the playback rate (0 pauses), or throws when it is not finite.
  public mutating func setRate(_ rate: Double) throws(TemplateError) {
    guard rate.isFinite, abs(rate) <= 16 else {
      throw invalid("playback rate \(rate) is not a finite number in -16...16")
    }
    self.rate = rate
  }

  /// The controls shown, in the knob's order: previous, play/pause, next, then shuffle,
  /// repeat, up next and album/artist when shown, then the progress bar when the
  /// duration is known (the knob scrubs there).
  public var focusOrder: [String] { shownControls.map(\.elementID) }

  /// The buttons shown along the bottom, leading to trailing (no progress bar).
  public var shownButtons: [Control] {
    var controls: [Control] = [.previous, .playPause, .next]
    if buttons.contains(.shuffle) { controls.append(.shuffle) }
    if buttons.contains(.repeat) { controls.append(.repeat) }
    if buttons.contains(.upNext) { controls.append(.upNext) }
    if buttons.contains(.albumArtist) { controls.append(.albumArtist) }
    return controls
  }

  /// Every focusable control, in focus order.
  public var shownControls: [Control] {
    shownButtons + (canScrub ? [.progress] : [])
  }

  /// Scrubbing needs a known, non-zero duration.
  public var canScrub: Bool { (duration ?? 0) > 0 }

  /// Nothing to check beyond what `init` checks: always passes.
  public func validate(for verb: String) throws(TemplateError) {}

  static func capped(_ text: String) -> String {
    text.count > maximumTextLength ? String(text.prefix(maximumTextLength)) : text
  }

  private func invalid(_ rule: String) -> TemplateError {
    TemplateError(
      code: .invalidValue, kind: .nowPlaying, templateID: Self.sharedID,
      message: "cannot update now playing: \(rule)")
  }
}

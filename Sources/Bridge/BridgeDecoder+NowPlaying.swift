import JSON
import Templates

extension BridgeDecoder {
  /// The longest song, album or artist name read, in characters; the screen caps shorter.
  static let nowPlayingTextLimit = 1000

  /// The keys of Now Playing (`artwork` is read by ``artwork(in:)``).
  static let nowPlayingKeys = [
    "title", "artist", "album", "elapsed", "duration", "rate", "shuffle", "repeat", "buttons",
    "artwork",
  ]

  /// What plays, for the shared Now Playing screen:
  ///
  ///     {"title": "Harbour", "artist": "Aurora Lane", "album": "Northern Roads",
  ///      "elapsed": 12.5, "duration": 30, "rate": 1, "shuffle": "off", "repeat": "all",
  ///      "buttons": ["shuffle", "repeat"]}
  ///
  /// Every key is optional: text empty, times 0 and unknown, paused, shuffle and repeat
  /// off, no optional buttons. Times are checked as the screen checks them (finite, not
  /// negative, elapsed within a known duration, at most a day).
  static func nowPlaying(_ node: JSONNode) throws(JSONError) -> NowPlayingTemplate {
    let f = BridgeFields(node, try node.object(keys: nowPlayingKeys), what: "Now Playing")
    func text(_ key: String) throws(JSONError) -> String {
      guard let value = f[key] else { return "" }
      let text = try value.string()
      guard text.count <= nowPlayingTextLimit else {
        throw value.error(
          expected: "at most \(nowPlayingTextLimit) characters", code: .outOfRange)
      }
      return text
    }
    let limit = NowPlayingTemplate.maximumDuration
    let elapsed = try f["elapsed"]?.number(in: 0...limit) ?? 0
    let duration = try f["duration"]?.nonNull?.number(in: 0...limit)
    if let duration, elapsed > duration, let node = f["elapsed"] {
      throw node.error(expected: "at most the duration, \(duration)", code: .outOfRange)
    }
    let shuffle = try f["shuffle"].map { node throws(JSONError) in
      try node.string(oneOf: NowPlayingTemplate.ShuffleMode.allCases.map(\.rawValue))
    }
    let repeatMode = try f["repeat"].map { node throws(JSONError) in
      try node.string(oneOf: NowPlayingTemplate.RepeatMode.allCases.map(\.rawValue))
    }
    var buttons: NowPlayingTemplate.Buttons = []
    let named: [(String, NowPlayingTemplate.Buttons)] = [
      ("shuffle", .shuffle), ("repeat", .repeat), ("upNext", .upNext),
      ("albumArtist", .albumArtist),
    ]
    for name in try f.list(
      "buttons",
      { node throws(JSONError) in
        try node.string(oneOf: named.map(\.0))
      })
    {
      if let button = named.first(where: { $0.0 == name }) { buttons.insert(button.1) }
    }
    let (title, artist, album) = (try text("title"), try text("artist"), try text("album"))
    let rate = try f["rate"]?.number(in: -16...16) ?? 0
    do throws(TemplateError) {
      return try NowPlayingTemplate(
        title: title, artist: artist, album: album, elapsed: elapsed, duration: duration,
        rate: rate,
        shuffle: shuffle.flatMap(NowPlayingTemplate.ShuffleMode.init(rawValue:)) ?? .off,
        repeatMode: repeatMode.flatMap(NowPlayingTemplate.RepeatMode.init(rawValue:)) ?? .off,
        buttons: buttons)
    } catch {
      throw node.error(error.message)
    }
  }
}

import Navigation
import Templates

/// What the built-in app knows of the unit's own music source (MPD in the car): its latest
/// state or why it is unavailable, and the browse lists open on screen.
public struct BuiltInMusic: Sendable, Equatable {
  /// The source's latest report; nil until the first.
  public internal(set) var latest: MusicUpdate?
  /// The browse lists by template id; pruned to those on the stack.
  var pages: [String: MusicPage] = [:]
  var nextPage = 1

  public init() {}

  /// The source's state; nil while it is unavailable or has not reported yet.
  public var state: MusicState? {
    if case .state(let state)? = latest { state } else { nil }
  }

  /// Whether the source answered last time.
  public var isAvailable: Bool { state != nil }

  /// What the strip over the map shows: the current song, nil when there is none or the
  /// source is unavailable.
  public var strip: NowPlayingTemplate? {
    guard let state, state.song != nil else { return nil }
    return Self.nowPlaying(state)
  }

  /// The Now Playing screen for `state`: its song's words, times and modes, with the
  /// shuffle and repeat buttons MPD has; empty without a song.
  public static func nowPlaying(_ state: MusicState?) -> NowPlayingTemplate {
    guard let state, let song = state.song else {
      var empty = NowPlayingTemplate.empty
      empty.buttons = [.shuffle, .repeat]
      return empty
    }
    func seconds(_ duration: Duration) -> Double {
      Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
    let duration = song.duration.map(seconds).flatMap {
      $0 > 0 && $0 <= NowPlayingTemplate.maximumDuration ? $0 : nil
    }
    let elapsed = min(max(0, seconds(state.elapsed)), duration ?? .greatestFiniteMagnitude)
    let repeatMode: NowPlayingTemplate.RepeatMode =
      state.repeat ? (state.single ? .one : .all) : .off
    do {
      return try NowPlayingTemplate(
        title: song.title, artist: song.artist ?? "", album: song.album ?? "",
        elapsed: min(elapsed, NowPlayingTemplate.maximumDuration), duration: duration,
        rate: state.playback == .playing ? 1 : 0, shuffle: state.shuffle ? .songs : .off,
        repeatMode: repeatMode, buttons: [.shuffle, .repeat])
    } catch {
      // Unreachable: every time is clamped into range above.
      return .empty
    }
  }
}

import Foundation
import Navigation
import Templates

extension HeadUnitCore {
  /// What the strip over the map shows: what an audio app or the unit's own source plays,
  /// the one playing first, then the app's; nil when neither has a song.
  public var nowPlayingStrip: NowPlayingTemplate? {
    let candidates = [bridge.nowPlaying, app.music?.strip].compactMap(\.self)
    return candidates.first(where: \.isPlaying) ?? candidates.first
  }

  /// The music source's reports, listings and failures.
  mutating func music(_ event: Event, at now: Date) {
    switch event {
    case .music(let update):
      let wasAvailable = app.music?.isAvailable
      app(.music(update), at: now)
      if case .unavailable(let error) = update, wasAvailable != false {
        effects.append(.log(.warning, "music unavailable: \(error.message)"))
      } else if case .state = update, wasAvailable == false {
        effects.append(.log(.notice, "music available again"))
      }
      effects.append(.redraw)
    case .musicListed(let query, let result):
      switch result {
      case .success(let listing):
        effects.append(
          .log(.debug, "music: listed \(listing.items.count) of \(listing.total) for \(query)"))
      case .failure(let error):
        effects.append(.log(.warning, "the music library did not list \(query): \(error.message)"))
      }
      app(.musicListed(query, result), at: now)
    case .musicFailed(let command, let error):
      effects.append(.log(.warning, "the music source refused \(command): \(error.message)"))
    default:
      break
    }
  }

  /// The unit parks: music playing pauses, to play again when the unit runs again.
  mutating func pauseMusicForParking() {
    guard app.music?.state?.playback == .playing else { return }
    musicPausedByParking = true
    effects.append(.music(.pause))
  }

  /// The unit runs again: music paused by parking plays on.
  mutating func resumeMusicAfterParking() {
    guard musicPausedByParking else { return }
    musicPausedByParking = false
    effects.append(.music(.play))
  }
}

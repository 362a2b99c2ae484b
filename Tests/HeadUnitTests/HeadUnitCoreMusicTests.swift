import Foundation
import Testing

@testable import Core
@testable import HeadUnit

/// The unit's own music through the core: parking pauses what plays and the unit running
/// again plays it on; the strip over the map; a source gone and back.
@Suite("Head unit core: built-in music")
struct HeadUnitCoreMusicTests {
  static let playing = MusicState(
    playback: .playing,
    song: MusicState.Song(title: "Harbour", artist: "Aurora Lane", uri: "h.flac"),
    position: 0, queueLength: 1)

  static func clock() -> CoreClock {
    CoreClock(core: HeadUnitCoreTests.core { $0.music = true })
  }

  static func musicEffects(_ clock: CoreClock, from t: TimeInterval) -> [MusicCommand] {
    clock.log.filter { $0.t >= t }.compactMap {
      if case .music(let command) = $0.effect { command } else { nil }
    }
  }

  @Test("parked while playing: paused; running again: played on")
  func parkingPausesAndTheWakeResumes() {
    var clock = Self.clock()
    clock.send(.music(.state(Self.playing)), at: 1)
    #expect(clock.core.nowPlayingStrip?.title == "Harbour")
    clock.send(.input(.ignition(on: false, at: .zero)), at: 10)
    clock.advance(to: 30)
    #expect(clock.core.screen == .blank)
    #expect(Self.musicEffects(clock, from: 0) == [.pause])
    // MPD says it paused.
    var paused = Self.playing
    paused.playback = .paused
    clock.send(.music(.state(paused)), at: 31)
    clock.send(.input(.ignition(on: true, at: .zero)), at: 100)
    #expect(clock.core.screen == .live)
    #expect(Self.musicEffects(clock, from: 100) == [.play])
  }

  @Test("parked while paused: nothing plays on the wake")
  func pausedMusicStaysPaused() {
    var clock = Self.clock()
    var paused = Self.playing
    paused.playback = .paused
    clock.send(.music(.state(paused)), at: 1)
    clock.send(.input(.ignition(on: false, at: .zero)), at: 10)
    clock.advance(to: 30)
    clock.send(.input(.ignition(on: true, at: .zero)), at: 100)
    #expect(Self.musicEffects(clock, from: 0).isEmpty)
  }

  @Test("a source gone: logged once, no strip; back: logged, the strip again")
  func unavailableAndBack() {
    var clock = Self.clock()
    clock.send(.music(.state(Self.playing)), at: 1)
    let gone = MusicError(.unavailable, "MPD at 127.0.0.1:6600 is not reachable")
    clock.send(.music(.unavailable(gone)), at: 2)
    clock.send(.music(.unavailable(gone)), at: 3)
    #expect(clock.core.nowPlayingStrip == nil)
    let warnings = clock.log.filter {
      if case .log(.warning, let text) = $0.effect {
        text.hasPrefix("music unavailable")
      } else {
        false
      }
    }
    #expect(warnings.count == 1)
    clock.send(.music(.state(Self.playing)), at: 4)
    #expect(clock.core.nowPlayingStrip?.title == "Harbour")
    #expect(clock.log.contains { $0.effect == .log(.notice, "music available again") })
  }
}

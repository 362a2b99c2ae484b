import Foundation
import Testing

@testable import Templates

/// The knob on Now Playing through the interface controller: turns move round the
/// controls or, on the progress bar, scrub; a press toggles play or presses the focused
/// control; each reaches the app as an effect and shows at once.
@Suite struct NowPlayingKnobTests {
  /// An audio app's controller with a library list at the root and Now Playing pushed.
  static func controller() throws -> InterfaceController {
    var c = InterfaceController(configuration: InterfaceConfiguration(category: .audio))
    #expect(c.handle(.setRoot(1, Fixture.list("library")), at: Fixture.t0).succeeded)
    let playing = try NowPlayingTemplate(
      title: "Song", artist: "Band", album: "Record", elapsed: 60, duration: 200, rate: 1,
      buttons: [.shuffle, .repeat])
    #expect(c.handle(.push(2, .nowPlaying(playing)), at: Fixture.t0).succeeded)
    return c
  }

  static func playing(_ c: InterfaceController) -> NowPlayingTemplate? {
    if case .nowPlaying(let p)? = c.stack.last { p } else { nil }
  }

  @Test func theKnobStartsOnPlayPauseAndAPressTogglesPlay() throws {
    var c = try Self.controller()
    #expect(c.focusedElementID == "nowPlaying.playPause")
    let effects = c.handle(.press(.select, long: false), at: Fixture.t0)
    #expect(
      effects.contains(
        .selected(templateID: NowPlayingTemplate.sharedID, elementID: "nowPlaying.playPause")))
    #expect(Self.playing(c)?.isPlaying == false, "shown paused at once")
    _ = c.handle(.press(.select, long: false), at: Fixture.t0)
    #expect(Self.playing(c)?.isPlaying == true)
  }

  @Test func turnsMoveRoundTheControlsAndScrubOnTheProgressBar() throws {
    var c = try Self.controller()
    let order = try #require(Self.playing(c)).focusOrder
    #expect(order.last == "nowPlaying.progress")
    _ = c.handle(.encoder(-2), at: Fixture.t0)  // from play/pause back round to the last
    #expect(c.focusedElementID == "nowPlaying.progress")
    _ = c.handle(.press(.select, long: false), at: Fixture.t0)  // scrubbing on
    #expect(Self.playing(c)?.isScrubbing == true)
    let effects = c.handle(.encoder(3), at: Fixture.t0)
    #expect(
      effects.contains(.nowPlayingSeek(templateID: NowPlayingTemplate.sharedID, seconds: 90)))
    #expect(Self.playing(c)?.elapsed == 90)
    // Scrubbing stops at the end.
    _ = c.handle(.encoder(1000), at: Fixture.t0)
    #expect(Self.playing(c)?.elapsed == 200)
    #expect(c.focusedElementID == "nowPlaying.progress", "scrubbing keeps the focus")
    _ = c.handle(.press(.select, long: false), at: Fixture.t0)  // scrubbing off
    _ = c.handle(.encoder(1), at: Fixture.t0)
    #expect(c.focusedElementID == "nowPlaying.previous", "then the knob moves on")
  }

  @Test func aPressOnAControlIsThatControl() throws {
    var c = try Self.controller()
    _ = c.handle(.encoder(1), at: Fixture.t0)
    #expect(c.focusedElementID == "nowPlaying.next")
    let effects = c.handle(.press(.select, long: false), at: Fixture.t0)
    #expect(
      effects.contains(
        .selected(templateID: NowPlayingTemplate.sharedID, elementID: "nowPlaying.next")))
    _ = c.handle(.encoder(1), at: Fixture.t0)
    #expect(c.focusedElementID == "nowPlaying.shuffle")
    _ = c.handle(.press(.select, long: false), at: Fixture.t0)
    #expect(Self.playing(c)?.shuffle != NowPlayingTemplate.ShuffleMode.off)
  }
}

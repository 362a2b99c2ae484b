import Foundation
import Templates
import Testing

@Suite struct NowPlayingTemplateTests {
  typealias Control = NowPlayingTemplate.Control

  static func playing(
    elapsed: Double = 60, duration: Double? = 200, buttons: NowPlayingTemplate.Buttons = .all
  ) throws -> NowPlayingTemplate {
    try NowPlayingTemplate(
      title: "Song", artist: "Band", album: "Record", artworkID: "cover", elapsed: elapsed,
      duration: duration, rate: 1, buttons: buttons)
  }

  @Test func textIsCapped() throws {
    let long = String(repeating: "x", count: 5000)
    var t = try NowPlayingTemplate(title: long, artist: long, album: long)
    #expect(t.title.count == NowPlayingTemplate.maximumTextLength)
    #expect(t.artist.count == NowPlayingTemplate.maximumTextLength)
    #expect(t.album.count == NowPlayingTemplate.maximumTextLength)
    t.setMetadata(title: long, artist: "a", album: "b", artworkID: long)
    #expect(t.title.count == NowPlayingTemplate.maximumTextLength)
    #expect(t.artworkID?.count == NowPlayingTemplate.maximumArtworkIDLength)
  }

  /// (elapsed, duration) → accepted?
  static let times: [(Double, Double?, Bool)] = [
    (0, nil, true), (0, 0, true), (10, 200, true), (200, 200, true), (5000, nil, true),
    (201, 200, false), (-1, 200, false), (.nan, 200, false), (.infinity, nil, false),
    (0, .infinity, false), (0, -5, false), (0, .nan, false), (0, 1e9, false), (1e9, nil, false),
  ]

  @Test func timesAreChecked() throws {
    for (elapsed, duration, ok) in Self.times {
      var t = try NowPlayingTemplate(elapsed: 1, duration: 100)
      do {
        try t.setTimes(elapsed: elapsed, duration: duration)
        #expect(ok, "accepted \(elapsed) of \(String(describing: duration))")
        #expect(t.elapsed == elapsed && t.duration == duration)
      } catch {
        #expect(!ok, "refused \(elapsed) of \(String(describing: duration))")
        #expect(error.code == .invalidValue && error.kind == .nowPlaying)
        #expect(error.message.hasPrefix("cannot update now playing: "))
        // The old times stay.
        #expect(t.elapsed == 1 && t.duration == 100)
      }
    }
    #expect(throws: TemplateError.self) { try NowPlayingTemplate(elapsed: 3, duration: 2) }
    #expect(throws: TemplateError.self) { try NowPlayingTemplate(rate: .nan) }
  }

  @Test func focusOrderFollowsTheShownButtons() throws {
    let all = try Self.playing()
    #expect(
      all.focusOrder
        == [
          "nowPlaying.previous", "nowPlaying.playPause", "nowPlaying.next", "nowPlaying.shuffle",
          "nowPlaying.repeat", "nowPlaying.upNext", "nowPlaying.albumArtist",
          "nowPlaying.progress",
        ])
    let few = try Self.playing(duration: nil, buttons: [.repeat, .albumArtist])
    #expect(few.shownControls == [.previous, .playPause, .next, .repeat, .albumArtist])
    #expect(Template.nowPlaying(few).focusOrder == few.focusOrder)
    #expect(Template.nowPlaying(few).kind == .nowPlaying)
    #expect(TemplateKind.pushable.contains(.nowPlaying))
    for control in Control.allCases {
      #expect(Control(elementID: control.elementID) == control)
    }
    #expect(Control(elementID: "back") == nil)
  }

  @Test func knobScrubsOnTheProgressBarClamped() throws {
    var t = try Self.playing(elapsed: 60, duration: 200)
    let bar = Control.progress.elementID
    // Before a press on the bar, a turn leaves it: the knob never gets stuck there.
    #expect(t.turn(1, focusedID: bar) == .focus(Control.previous.elementID))
    #expect(t.press(focusedID: bar) == .scrubbing(true))
    #expect(t.turn(1, focusedID: bar) == .seek(to: 70))
    #expect(t.turn(-3, focusedID: bar) == .seek(to: 30))
    #expect(t.turn(-7, focusedID: bar) == .seek(to: 0))
    #expect(t.turn(100, focusedID: bar) == .seek(to: 200))
    #expect(t.turn(Int.max, focusedID: bar) == .seek(to: 200))
    #expect(t.turn(Int.min, focusedID: bar) == .seek(to: 0))
    #expect(t.turn(0, focusedID: bar) == .none)
    // At an end, turning further does nothing.
    var end = try Self.playing(elapsed: 200, duration: 200)
    end.isScrubbing = true
    #expect(end.turn(2, focusedID: bar) == .none)
    #expect(t.press(focusedID: bar) == .scrubbing(false))
    #expect(t.turn(1, focusedID: bar) == .focus(Control.previous.elementID))
    // Unknown duration: nothing to scrub, and the bar is not focusable.
    let stream = try Self.playing(elapsed: 60, duration: nil)
    #expect(stream.scrubbed(by: 5) == 60)
    #expect(stream.turn(1, focusedID: bar) == .focus(Control.previous.elementID))
  }

  @Test func knobMovesFocusElsewhere() throws {
    let t = try Self.playing()
    #expect(t.turn(1, focusedID: nil) == .focus(Control.previous.elementID))
    #expect(t.turn(1, focusedID: Control.previous.elementID) == .focus(Control.playPause.elementID))
    #expect(t.turn(-1, focusedID: Control.previous.elementID) == .focus(Control.progress.elementID))
    #expect(
      t.turn(2, focusedID: Control.albumArtist.elementID) == .focus(Control.previous.elementID))
  }

  @Test func pressTogglesAndReports() throws {
    var t = try Self.playing()
    #expect(t.isPlaying)
    #expect(t.press(focusedID: Control.playPause.elementID) == .pressed(.playPause))
    #expect(!t.isPlaying && t.rate == 0)
    #expect(t.press(focusedID: nil) == .pressed(.playPause))
    #expect(t.isPlaying && t.rate == 1)
    #expect(t.press(focusedID: Control.progress.elementID) == .scrubbing(true))
    #expect(t.isPlaying, "a press on the bar scrubs, it does not pause")
    _ = t.press(focusedID: nil)
    #expect(t.press(focusedID: Control.next.elementID) == .pressed(.next))
    #expect(!t.isPlaying)
    #expect(t.press(focusedID: Control.shuffle.elementID) == .pressed(.shuffle))
    #expect(t.shuffle == .songs)
    #expect(t.press(focusedID: Control.shuffle.elementID) == .pressed(.shuffle))
    #expect(t.shuffle == .albums)
    #expect(t.press(focusedID: Control.repeat.elementID) == .pressed(.repeat))
    #expect(t.repeatMode == .all)
    _ = t.press(focusedID: Control.repeat.elementID)
    #expect(t.repeatMode == .one)
    // A hidden button does nothing.
    var bare = try Self.playing(buttons: [])
    #expect(bare.press(focusedID: Control.shuffle.elementID) == .none)
    #expect(bare.shuffle == .off)
  }

  @Test func pushedAndChosenThroughTheController() throws {
    // The built-in app's controller: a bridge navigation app never shows Now Playing.
    var builtIn = InterfaceConfiguration()
    builtIn.isBuiltIn = true
    var controller = InterfaceController(configuration: builtIn)
    let now = Date(timeIntervalSince1970: 0)
    _ = controller.handle(.setRoot(RequestID(1), .map(MapTemplate())), at: now)
    let effects = controller.handle(.push(RequestID(2), .nowPlaying(try Self.playing())), at: now)
    #expect(effects.contains(.completion(RequestID(2), .success(()))))
    #expect(controller.topTemplate?.kind == .nowPlaying)
    // Now Playing starts focused on play/pause; the knob moves round the controls.
    #expect(controller.focusedElementID == Control.playPause.elementID)
    _ = controller.handle(.encoder(-1), at: now)
    #expect(controller.focusedElementID == Control.previous.elementID)
    _ = controller.handle(.encoder(1), at: now)
    #expect(controller.focusedElementID == Control.playPause.elementID)
    let pressed = controller.handle(.press(.select, long: false), at: now)
    #expect(
      pressed.contains(
        .selected(templateID: NowPlayingTemplate.sharedID, elementID: Control.playPause.elementID)))
  }
}

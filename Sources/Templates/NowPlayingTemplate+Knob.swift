/// The knob on the Now Playing screen, as pure functions the interface controller calls:
/// each takes the focused element and returns what to do, as data.
extension NowPlayingTemplate {
  /// What a knob turn or press on the Now Playing screen asks for.
  public enum KnobAction: Hashable, Sendable {
    /// Move the knob's focus to this element.
    case focus(String)
    /// Seek to this many seconds (the progress bar is focused: the knob scrubs).
    case seek(to: Double)
    /// The driver pressed this control: tell the app (the template is updated already
    /// for play/pause, shuffle and repeat, as the screen shows the change at once).
    case pressed(Control)
    /// A press on the progress bar started (true) or ended (false) scrubbing.
    case scrubbing(Bool)
    /// Nothing to do (a turn at the end of a scrub, a press on nothing).
    case none
  }

  /// The knob turned by `detents` with `focusedID` focused: on the progress bar while
  /// scrubbing it moves the time `scrubStep` seconds a detent, clamped to `0...duration`;
  /// otherwise it moves the focus round `focusOrder` (so the knob never gets stuck on the
  /// bar).
  public func turn(_ detents: Int, focusedID: String?) -> KnobAction {
    guard detents != 0 else { return .none }
    if focusedID == Control.progress.elementID, isScrubbing, canScrub {
      let target = scrubbed(by: detents)
      return target == elapsed ? .none : .seek(to: target)
    }
    guard let next = FocusRing(focusOrder).moved(from: focusedID, by: detents) else {
      return .none
    }
    return .focus(next)
  }

  /// The elapsed time `detents` scrub steps away, clamped to `0...duration`; the elapsed
  /// time itself when the duration is unknown.
  public func scrubbed(by detents: Int) -> Double {
    guard let duration, duration > 0 else { return elapsed }
    // Clamp the detents first: a huge count must not overflow or lose precision.
    let steps = Double(max(-100_000, min(100_000, detents)))
    return min(duration, max(0, elapsed + steps * Self.scrubStep))
  }

  /// The knob's press on `focusedID`: play/pause toggles, shuffle and repeat move to their
  /// next mode, and every press on a shown button is reported (`.pressed`) so it reaches
  /// the app; with nothing focused it means play/pause. On the progress bar a press starts
  /// scrubbing and the next one ends it.
  public mutating func press(focusedID: String?) -> KnobAction {
    let control = focusedID.flatMap(Control.init(elementID:)) ?? .playPause
    if control == .progress, canScrub {
      isScrubbing.toggle()
      return .scrubbing(isScrubbing)
    }
    guard control == .progress || shownControls.contains(control) else { return .none }
    switch control {
    case .playPause, .progress:
      togglePlayback()
      return .pressed(.playPause)
    case .shuffle:
      shuffle = shuffle.next
    case .repeat:
      repeatMode = repeatMode.next
    case .previous, .next, .upNext, .albumArtist:
      break
    }
    return .pressed(control)
  }

  /// Pauses when playing, plays at normal speed when paused.
  public mutating func togglePlayback() {
    rate = isPlaying ? 0 : 1
  }
}

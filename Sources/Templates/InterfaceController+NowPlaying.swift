extension InterfaceController {
  /// The knob turned on Now Playing (on top, nothing presented over it): with the progress
  /// bar focused it scrubs, the template showing the new time at once and the app told
  /// (`.nowPlayingSeek`); otherwise the focus moves round the controls.
  mutating func turnNowPlaying(_ playing: NowPlayingTemplate, by detents: Int) {
    switch playing.turn(detents, focusedID: focusedElementID) {
    case .focus(let element): setFocus(element)
    case .seek(let seconds):
      var scrubbed = playing
      // In range by construction: `turn` clamps to the duration.
      try? scrubbed.setTimes(elapsed: seconds, duration: playing.duration)
      replaceTop(with: .nowPlaying(scrubbed))
      outbox.append(.nowPlayingSeek(templateID: playing.id, seconds: seconds))
    case .pressed, .scrubbing, .none: break
    }
  }

  /// The knob's press on Now Playing: play/pause (with nothing focused), or the focused
  /// control, shown at once and the app told which (`.selected` with the control's element
  /// id); on the progress bar, scrubbing on or off.
  mutating func pressNowPlaying(_ playing: inout NowPlayingTemplate) {
    switch playing.press(focusedID: focusedElementID) {
    case .pressed(let control):
      replaceTop(with: .nowPlaying(playing))
      outbox.append(.selected(templateID: playing.id, elementID: control.elementID))
    case .scrubbing:
      replaceTop(with: .nowPlaying(playing))
    case .focus, .seek, .none:
      break
    }
  }

  /// Puts `template` in place of the top of the stack and redraws it.
  private mutating func replaceTop(with template: Template) {
    guard !stack.isEmpty else { return }
    stack[stack.count - 1] = template
    render(.template(template.id))
  }
}

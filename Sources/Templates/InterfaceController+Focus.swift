extension InterfaceController {
  /// Moves the focus to `element` of the top template, reporting a redraw when it moved.
  mutating func setFocus(_ element: String?) {
    guard element != focusedElementID else { return }
    focusedElementID = element
    syncMapFocus()
    render(.focus)
  }

  /// After every event: keeps the focus on an element of the top template. A new top gets
  /// its remembered focus back, else its first element (the bare map: none, so the knob
  /// zooms; a navigation alert or preview on it: the first action or choice).
  mutating func fixFocus() {
    let top = topTemplate
    let order = top?.focusOrder ?? []
    var wanted = focusedElementID
    if top?.id != focusOwnerID {
      if let owner = focusOwnerID, let element = focusedElementID {
        savedFocus[owner] = element
      }
      focusOwnerID = top?.id
      wanted = top.flatMap { savedFocus[$0.id] }
    }
    let ids = Set(stack.map(\.id))
    savedFocus = savedFocus.filter { ids.contains($0.key) }
    if let element = wanted, !order.contains(element) { wanted = nil }
    if wanted == nil, let top, needsFocus(top) { wanted = Self.firstFocus(of: top) }
    setFocus(wanted)
    syncMapFocus()
  }

  /// Where the knob starts on `template`: its first element, but play/pause on Now Playing
  /// (a press there is what a driver reaches for).
  static func firstFocus(of template: Template) -> String? {
    if case .nowPlaying = template { return NowPlayingTemplate.Control.playPause.elementID }
    return template.focusOrder.first
  }

  /// Whether `template` always has something focused: everything but the bare map.
  private func needsFocus(_ template: Template) -> Bool {
    guard case .map(let m) = template else { return true }
    return m.navigationAlert != nil || m.tripPreview != nil
  }

  /// The map draws its own focus ring: mirror the focus into it while it is on top.
  mutating func syncMapFocus() {
    guard case .map(var m) = stack.first else { return }
    let wanted = mapIsTop ? focusedElementID : nil
    guard m.focusedID != wanted else { return }
    m.focusedID = wanted
    stack[0] = .map(m)
  }
}

import Board

extension DaemonConfiguration {
  /// The configuration for people, as `headunit config check` prints it, made from the
  /// keys' descriptions: a line per top-level key (`logLevel info`,
  /// `board pi4, encoder, 4 buttons, ignition, headlights`) and one per section with its keys, each in
  /// its unit (`lifecycle: gracePeriod 10 s, shutdownDelay never, …`), `gpsd off` for one
  /// switched off, secrets only as set or not. A key added to a section's `keys` shows up
  /// here by itself.
  public var summary: [String] {
    Self.keys.compactMap { $0.summary(self) }
  }

  /// The GPIO inputs in a few words: `pi4, encoder, 2 buttons, ignition`; nil for none.
  var inputsSummary: String? {
    guard let board else { return nil }
    var parts = [board.board.id]
    if board.encoder != nil { parts.append("encoder") }
    let buttons = board.lines.filter {
      if case .button = $0.kind { return true }
      return false
    }.count
    if buttons > 0 { parts.append(buttons == 1 ? "1 button" : "\(buttons) buttons") }
    if board.lines.contains(where: { $0.kind == .ignition }) { parts.append("ignition") }
    if board.lines.contains(where: { $0.kind == .headlights }) { parts.append("headlights") }
    if parts.count == 1 { parts.append("no inputs") }
    return parts.joined(separator: ", ")
  }
}

import Board

extension DaemonConfiguration {
  /// The configuration in a few short lines for people, as `headunit config check` prints
  /// it: `log level info`, `language en, metric`, `gpsd 127.0.0.1:2947`,
  /// `routing offline`, `framebuffer /dev/fb0 (day, 5 fps)`, `audio default at 100 %`,
  /// `no GPIO inputs`, `grace 10 s, shutdown: none`,
  /// `state in /var/lib/headunit, resume within 30 min`. Each section words its own line.
  public var summary: [String] {
    [
      "log level \(logLevel)",
      "language \(language), \(units.rawValue)",
      "map \(mapPath ?? "embedded (central Helsinki)")",
      routing.summary,
      gpsd.summary,
      display.summary,
      audio.summary,
      gpioSummary,
      lifecycle.summary,
      fleet.summary,
      bridge.summary,
      "state in \(stateDirectory), \(trip.summary)",
    ]
  }

  /// `no GPIO inputs`, `GPIO: pi4, encoder, 2 buttons, ignition`.
  private var gpioSummary: String {
    guard let board else { return "no GPIO inputs" }
    var parts = [board.board.id]
    if board.encoder != nil { parts.append("encoder") }
    let buttons = board.lines.filter {
      if case .button = $0.kind { return true }
      return false
    }.count
    if buttons > 0 { parts.append(buttons == 1 ? "1 button" : "\(buttons) buttons") }
    if board.lines.contains(where: { $0.kind == .ignition }) { parts.append("ignition") }
    if parts.count == 1 { parts.append("no inputs") }
    return "GPIO: " + parts.joined(separator: ", ")
  }
}

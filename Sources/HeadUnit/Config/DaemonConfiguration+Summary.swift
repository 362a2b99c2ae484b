import Board
import JSON

extension DaemonConfiguration {
  /// The configuration in a few short lines for people, as `headunit config check` prints
  /// it: `log level info`, `language en, metric`, `gpsd 127.0.0.1:2947`,
  /// `routing offline`, `framebuffer /dev/fb0 (day, 5 fps)`, `audio default at 100 %`, `no GPIO inputs`,
  /// `grace 10 s, shutdown: none`, `state in /var/lib/headunit, resume within 30 min`.
  public var summary: [String] {
    let resume =
      resumeWithin > 0 ? "resume within \(Self.format(resumeWithin / 60)) min" : "never resume"
    return [
      "log level \(logLevel)",
      "language \(language), \(units.rawValue)",
      "map \(mapPath ?? "embedded (central Helsinki)")",
      routingSummary,
      gpsdEnabled ? "gpsd \(gpsdHost):\(gpsdPort)" : "gpsd off",
      "framebuffer \(framebuffer) (\(theme), \(frameRate) fps)",
      audioSummary,
      gpioSummary,
      lifecycleSummary,
      fleet.summary,
      bridgeSummary,
      "state in \(stateDirectory), \(resume)",
    ]
  }

  /// `routing offline`, `routing Valhalla at http://127.0.0.1:8002 (3 s), offline fallback`.
  private var routingSummary: String {
    guard let remoteRouter else { return "routing offline" }
    return "routing \(remoteRouter.name) (\(Self.format(routingTimeout)) s), offline fallback"
  }

  /// `audio default at 100 %`, `audio hw:1 at 80 %, muted, no earcon, 160 wpm`, `audio off`.
  private var audioSummary: String {
    guard audioEnabled else { return "audio off" }
    var line = "audio \(audioDevice) at \(Int((volume * 100).rounded())) %"
    if muted { line += ", muted" }
    if !earcon { line += ", no earcon" }
    if let speechRate { line += ", \(speechRate) wpm" }
    return line
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

  /// `grace 10 s, shutdown: none`, `grace 10 s, shutdown: systemctl poweroff after 60 s`.
  private var lifecycleSummary: String {
    let shutdown: String
    if let shutdownCommand, shutdownDelay > 0 {
      shutdown =
        "\(shutdownCommand.joined(separator: " ")) after \(Self.format(shutdownDelay)) s"
    } else {
      shutdown = "none"
    }
    return "grace \(Self.format(gracePeriod)) s, shutdown: \(shutdown)"
  }

  /// `bridge /run/headunit/bridge.sock`, `bridge … (group headunit)`, `bridge off`.
  private var bridgeSummary: String {
    guard bridgeEnabled else { return "bridge off" }
    return "bridge \(bridgeSocket)" + (bridgeGroup.map { " (group \($0))" } ?? "")
  }

  private static func format(_ number: Double) -> String {
    JSONValue.format(number)
  }
}

import Foundation
import Testing

@testable import HeadUnit

/// What `config check` prints: made from the key descriptions, each value in its unit.
extension DaemonConfigurationTests {
  @Test func summaryOfTheDefaults() {
    #expect(
      DaemonConfiguration().summary == [
        "logLevel info",
        "stateDirectory /var/lib/headunit",
        "language en",
        "units metric",
        "timeZone none (the system's zone)",
        "map none (the embedded map of central Helsinki)",
        "board none (no GPIO inputs)",
        "gpsd: host 127.0.0.1, port 2947",
        "display: framebuffer /dev/fb0, theme auto, frameRate 5 fps, touch auto, touchRotation 0, "
          + "touchFlipX false, touchFlipY false, speedWarning none (5 km/h, or 3 mph with "
          + "imperial units), speedChime false",
        "audio: device default, volume 1, muted false, earcon true, "
          + "rate de 195, en 205, es 195, it 180, ru 195, zh 260 wpm",
        "lifecycle: gracePeriod 10 s, shutdownDelay 60 s, shutdownCommand none, "
          + "heartbeatTimeout 5 s, parkedScreen 5 s",
        "routing: server none (offline router only), url none, timeout 3 s, avoid none",
        "trip: resumeWithin 30 min, saveInterval 10 s",
        "fleet off",
        "bridge: socket /run/headunit/bridge.sock, group none (the daemon's own group), "
          + "heartbeat 2 s, disconnectDrains true, maxQueuedMessages 1024, "
          + "maxQueuedBytes 4194304 bytes, maxClients 16",
        "music off",
      ])
  }

  @Test func summaryOfTheExample() throws {
    #expect(
      try DaemonConfiguration(contentsOf: example).summary == [
        "logLevel info",
        "stateDirectory /var/lib/headunit",
        "language en",
        "units metric",
        "timeZone none (the system's zone)",
        "map none (the embedded map of central Helsinki)",
        "board pi4, encoder, 4 buttons, ignition, headlights",
        "gpsd: host 127.0.0.1, port 2947",
        "display: framebuffer /dev/fb0, theme auto, frameRate 10 fps, touch auto, "
          + "touchRotation 0, touchFlipX false, touchFlipY false, speedWarning none (5 km/h, "
          + "or 3 mph with imperial units), speedChime false",
        "audio: device plughw:CARD=Headphones,DEV=0, volume 1.5, muted false, earcon true, "
          + "rate de 195, en 205, es 195, it 180, ru 195, zh 260 wpm",
        "lifecycle: gracePeriod 10 s, shutdownDelay 300 s, shutdownCommand systemctl poweroff, "
          + "heartbeatTimeout 5 s, parkedScreen 5 s",
        "routing: server none (offline router only), url http://127.0.0.1:8002, timeout 3 s, avoid none",
        "trip: resumeWithin 30 min, saveInterval 10 s",
        "fleet off",
        "bridge: socket /run/headunit/bridge.sock, group headunit, heartbeat 2 s, "
          + "disconnectDrains true, maxQueuedMessages 1024, maxQueuedBytes 4194304 bytes, "
          + "maxClients 16",
        "music off",
      ])
    // Switched off, a section is one word; zero for "never" says never.
    var quiet = DaemonConfiguration()
    quiet.gpsd.enabled = false
    quiet.audio.enabled = false
    quiet.trip.resumeWithin = .seconds(0)
    quiet.lifecycle.shutdownCommand = ["poweroff"]
    quiet.lifecycle.shutdownDelay = .seconds(0)
    #expect(quiet.summary.contains("gpsd off"))
    #expect(quiet.summary.contains("audio off"))
    #expect(
      quiet.summary.contains(
        "lifecycle: gracePeriod 10 s, shutdownDelay never, shutdownCommand poweroff, "
          + "heartbeatTimeout 5 s, parkedScreen 5 s"))
    #expect(quiet.summary.contains("trip: resumeWithin never, saveInterval 10 s"))
  }

  /// A key added to a section's `keys` is in the summary with no other edit: every key but
  /// a section's switch shows under its name (a span of time without its unit's suffix),
  /// with one of the choices it belongs to (a fleet transport's keys with that transport).
  @Test func summaryShowsEveryKey() throws {
    var config = DaemonConfiguration()
    config.fleet.enabled = true
    config.fleet.commands = true  // its topics show only when on
    config.music.enabled = true
    let summaries = FleetConfiguration.Transport.allCases.map { transport in
      config.fleet.transportName = transport.rawValue
      return config.summary
    }
    for summary in summaries { #expect(summary.count == DaemonConfiguration.schema.count) }
    for (index, (key, members)) in DaemonConfiguration.schema.enumerated() {
      let lines = summaries.map { $0[index] }
      for line in lines {
        #expect(line.hasPrefix(members.isEmpty ? "\(key) " : "\(key): "), "\(line)")
      }
      for member in members where member != "enabled" {
        let label = member.replacing(/(Seconds|Minutes)$/, with: "")
        #expect(
          lines.contains { $0.contains(": \(label) ") || $0.contains(", \(label) ") },
          "\(key).\(member)")
      }
    }
  }

  /// The README's `config check` output is what it prints for the example file.
  @Test func readmeShowsTheExamplesSummary() throws {
    let text = try String(contentsOf: Self.readme, encoding: .utf8)
    let lines = text.components(separatedBy: "\n")
    let start = try #require(lines.firstIndex(of: "    /etc/headunit/config.json: OK"))
    let shown = lines[(start + 1)...].prefix { $0.hasPrefix("      ") }.map { $0.dropFirst(6) }
    #expect(shown.map(String.init) == (try DaemonConfiguration(contentsOf: example).summary))
  }
}

import Audio
import Board
import Foundation
import HeadUnit
import Rendering
import Templates

extension DoctorChecks {
  /// The framebuffer: present, its size and pixel format, and the layout that size gets.
  static func display(_ config: DaemonConfiguration) -> DoctorResult {
    let path = config.display.framebuffer
    do {
      let framebuffer = try Framebuffer(path: path)
      let info = framebuffer.info
      let size = ScreenSize(width: info.width, height: info.height)
      return .ok(
        "display",
        "\(path): \(info.width)×\(info.height) \(info.format), \(info.driver); "
          + DisplayProfile.note(for: size).replacingOccurrences(of: "display \(size): ", with: ""))
    } catch {
      return .failure(
        "display", error.message,
        "`ls /dev/fb*` lists the framebuffers there are; set display.framebuffer to the"
          + " panel's")
    }
  }

  /// The sound device: it opens and plays a short tone (with `silent`, 20 ms of silence).
  static func audio(_ config: DaemonConfiguration, silent: Bool) -> DoctorResult {
    guard config.audio.enabled else {
      return .warning("audio", "voice guidance is off (audio.enabled false)", "")
    }
    let device = config.audio.device
    let format = AudioFormat(sampleRate: 22_050)
    let seconds = silent ? 0.02 : 0.3
    let samples = (0..<Int(Double(format.sampleRate) * seconds)).map { i -> Int16 in
      silent ? 0 : Int16(6_000 * sin(2 * Double.pi * 880 * Double(i) / Double(format.sampleRate)))
    }
    do {
      let output = try ALSAOutput(device: device)
      defer { output.close() }
      try output.write(samples, format: format)
      try output.drain()
      return .ok("audio", "\(device) plays" + (silent ? " (opened silently)" : " (a 0.3 s tone)"))
    } catch {
      return .failure(
        "audio", "\(device): \(error.message)",
        "check `aplay -L` for the device's name and set audio.device; is the DAC or HDMI on?")
    }
  }

  /// The GPIO chip and each configured line: free, and at rest where a line at rest should
  /// be (buttons released).
  static func gpio(_ config: DaemonConfiguration) -> [DoctorResult] {
    guard let board = config.board else {
      return [
        .warning(
          "gpio", "no board section: no knob, buttons or ignition input",
          "add the \"board\" section (Deploy/config.example.json; `headunit wiring`)")
      ]
    }
    let probe: (chip: String, readings: [GPIOProbe.Reading])
    do {
      probe = try GPIOProbe.read(board)
    } catch {
      return [
        .failure(
          "gpio", error.message, "check the board preset; `gpiodetect` lists the chips")
      ]
    }
    var results: [DoctorResult] = []
    var states: [String] = []
    for reading in probe.readings {
      let name = "\(reading.line.role) (GPIO\(reading.line.offset))"
      switch reading.outcome {
      case .busy(let consumer):
        results.append(
          .failure(
            "gpio", "\(name) is in use by \"\(consumer)\"",
            consumer.hasPrefix("headunit")
              ? "the unit is running: stop it first (systemctl stop headunit)"
              : "stop the other program, or move the input to a free pin"))
      case .failed(let reason):
        results.append(.failure("gpio", "\(name) cannot be read: \(reason)", "check the wiring"))
      case .level(let active):
        switch reading.line.kind {
        case .button(let role) where active:
          results.append(
            .warning(
              "gpio",
              "button \"\(role.rawValue)\" (GPIO\(reading.line.offset)) reads pressed"
                + " while nobody presses it",
              "a short to ground, or activeLow/pullUp wrong for the wiring"))
        case .ignition: states.append("ignition \(active ? "on" : "off")")
        case .headlights: states.append("headlights \(active ? "on" : "off")")
        default: break
        }
      }
    }
    let free = probe.readings.filter { if case .level = $0.outcome { true } else { false } }
    let summary =
      "\(probe.chip): \(free.count) of \(probe.readings.count) lines free"
      + (states.isEmpty ? "" : "; " + states.joined(separator: ", "))
    return [
      free.count == probe.readings.count ? .ok("gpio", summary) : .warning("gpio", summary, "")
    ]
      + results
  }
}

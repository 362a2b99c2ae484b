import Board
import Core
import Foundation
import HeadUnit
import JSON
import Synchronization

/// `headunit inputs [--config FILE] [--json]`: the bench monitor for the knob, the buttons
/// and the ignition line; with `--touch`, for the touch screen (`InputsCommand+Touch.swift`).
///
/// Opens the GPIO lines the board configuration names, decodes their edges live and prints
/// each event as it happens, until interrupted. Exit status 1 when the hardware is missing
/// (no such chip, line or permission), 2 when the configuration is wrong.
enum InputsCommand {
  static let help = """
    usage: headunit inputs [--config FILE] [--json]

    Watches the rotary encoder, buttons and ignition (ACC) line configured in FILE and
    prints each decoded event as it happens: knob detents, button press / long press /
    release, ignition on / off after its debounce. Stop with Ctrl-C.
      --config FILE  the daemon's configuration, whose board section it uses (default
               \(defaultConfig), as `headunit run`), or a board configuration alone
               (Deploy/board.example.json)
      --json   one JSON object per line: {"type":"rotated","detents":1},
               {"type":"button","role":"select","action":"press"},
               {"type":"ignition","on":false}; the first line ("type":"opened") names
               the chip and lines

    """ + touchHelp

  /// The installed unit's configuration, whose `board` section names the inputs.
  static let defaultConfig = DaemonConfiguration.defaultPath

  static func run(_ words: [String], console: Console) throws -> HeadUnitCommand.Status {
    guard
      let args = try Arguments.unlessHelp(
        words, options: ["config", "touch", "size", "rotation"],
        flags: ["json", "help", "flip-x", "flip-y"], help: help, console: console)
    else { return .success }
    if let device = args.value("touch") {
      guard args.value("config") == nil else {
        throw UsageError("--touch watches the touch screen alone; leave out --config")
      }
      return try touch(device, args, console: console)
    }
    for option in ["size", "rotation", "flip-x", "flip-y"]
    where args.value(option) != nil || args.flag(option) {
      throw UsageError("--\(option) goes with --touch")
    }
    try args.noPositional("inputs")
    let json = args.flag("json")
    let config: ResolvedInputConfig
    let source: GPIOEdgeSource
    do throws(BoardError) {
      config = try inputs(at: args.value("config") ?? defaultConfig)
      guard !config.lines.isEmpty else {
        throw BoardError(
          .configuration, "the board configuration names no encoder, buttons or ignition")
      }
      source = try GPIOEdgeSource(
        chip: config.chip,
        lines: config.lines.map(\.edgeLine))
    } catch {
      console.err("headunit: \(error.message)")
      return error.code == .configuration ? .usage : .failure
    }
    console.out(opened(source, config: config, json: json))
    let printer = EventPrinter(json: json, start: GPIOEdgeSource.now(), console: console)
    return HeadUnitCommand.block {
      await monitor(source, config: config, printer: printer, console: console)
    } ?? .failure
  }

  /// Prints decoded events until the source ends.
  static func monitor(
    _ source: GPIOEdgeSource, config: ResolvedInputConfig, printer: EventPrinter,
    console: Console
  ) async -> HeadUnitCommand.Status {
    for await event in source.inputEvents(config) { printer.print([event]) }
    if let failure = source.failure {
      console.err("headunit: \(failure.message)")
      return .failure
    }
    return .success
  }

  /// The first line: which chip and lines are being watched.
  static func opened(_ source: GPIOEdgeSource, config: ResolvedInputConfig, json: Bool)
    -> String
  {
    if json {
      let lines: [JSONValue] = config.lines.map { line in
        .object([
          ("offset", .number(Double(line.offset))), ("role", .string(line.role)),
          ("activeLow", .bool(line.activeLow)), ("pullUp", .bool(line.pullUp)),
          ("level", .number(source.initialLevels[line.offset] == true ? 1 : 0)),
        ])
      }
      return JSONValue.object([
        ("type", "opened"), ("chip", .string(source.chipName)),
        ("label", .string(source.chipLabel)), ("lines", .array(lines)),
      ]).serialized
    }
    let lines = config.lines.map { line in
      "line \(line.offset) \(line.role)\(line.activeLow ? " (active-low)" : "")"
    }
    return "inputs: \(source.chipName) [\(source.chipLabel)]: \(lines.joined(separator: ", "))"
      + " — Ctrl-C stops"
  }
}

extension InputsCommand {
  /// Writes decoded input events, as text with the time since start or as JSON lines.
  struct EventPrinter: Sendable {
    let json: Bool
    /// Kernel time at start-up; text lines show event times relative to it.
    let start: Duration
    let console: Console

    func print(_ events: [InputEvent]) {
      for event in events { console.out(json ? Self.json(event).serialized : text(event)) }
    }

    static func json(_ event: InputEvent) -> JSONValue {
      switch event {
      case .rotated(let detents, _):
        return .object([("type", "rotated"), ("detents", .number(Double(detents)))])
      case .button(let role, let action, _):
        return .object([
          ("type", "button"), ("role", .string(role.rawValue)),
          ("action", .string(action.rawValue)),
        ])
      case .ignition(let on, _):
        return .object([("type", "ignition"), ("on", .bool(on))])
      case .headlights(let on, _):
        return .object([("type", "headlights"), ("on", .bool(on))])
      case .tap(let element, _):
        return .object([("type", "tap"), ("element", .string(element))])
      case .drag(let offset, _):
        return .object([("type", "drag"), ("dx", .number(offset.dx)), ("dy", .number(offset.dy))])
      case .pinch(let scale, _):
        return .object([("type", "pinch"), ("scale", .number(scale))])
      }
    }

    func text(_ event: InputEvent) -> String {
      func stamp(_ time: Duration) -> String {
        let seconds =
          Double(time.components.seconds - start.components.seconds)
          + Double(time.components.attoseconds - start.components.attoseconds) * 1e-18
        return String(format: "%9.3f s  ", seconds)
      }
      switch event {
      case .rotated(let detents, let time):
        return stamp(time) + "knob \(detents > 0 ? "+" : "")\(detents)"
      case .button(let role, let action, let time):
        let what: String
        switch action {
        case .press: what = "press"
        case .longPress: what = "long press"
        case .release: what = "release"
        }
        return stamp(time) + "button \(role.rawValue): \(what)"
      case .ignition(let on, let time):
        return stamp(time) + "ignition \(on ? "on" : "off")"
      case .headlights(let on, let time):
        return stamp(time) + "headlights \(on ? "on" : "off")"
      case .tap(let element, let time):
        return stamp(time) + "tap \(element)"
      case .drag(let offset, let time):
        return stamp(time) + String(format: "drag %+.0f, %+.0f px", offset.dx, offset.dy)
      case .pinch(let scale, let time):
        return stamp(time) + String(format: "pinch ×%.2f", scale)
      }
    }
  }
}

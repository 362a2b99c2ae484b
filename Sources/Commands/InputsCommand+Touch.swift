import Board
import Foundation
import JSON
import Templates

/// `headunit inputs --touch DEVICE`: the bench monitor for the touch screen.
extension InputsCommand {
  static let touchHelp = """
    usage: headunit inputs --touch auto|DEVICE|FILE.evemu [--size WxH] [--rotation DEG]
                           [--flip-x] [--flip-y] [--json]

    Reads the touch screen (auto: the first /dev/input/event* with touch axes, as the
    daemon's display.touch "auto"; or a device path) and prints each gesture as the
    daemon recognises it, in screen pixels: tap (x, y), drag dx, dy, pinch ×factor, and
    touches outside the screen. Stop with Ctrl-C. A recording made with evemu-record is
    played through the same decoding, all at once, and the command ends with it.
      --size WxH     the screen the touches are placed on (default 800x480)
      --rotation, --flip-x, --flip-y
                     as display.touchRotation, touchFlipX, touchFlipY: to find them, tap
                     the picture's top-left corner, then its top-right one
      --json         one JSON object per line: {"type":"tap","x":400.5,"y":240.5},
                     {"type":"drag","dx":10,"dy":0}, {"type":"pinch","scale":1.5},
                     {"type":"outside","x":900.5,"y":100.5}; the first line
                     ("type":"opened") names the device
    """

  /// Watches `device` and prints its gestures; exit status 1 when the device cannot be
  /// read, 2 when the command line or a recording is wrong.
  static func touch(_ device: String, _ args: Arguments, console: Console) throws
    -> HeadUnitCommand.Status
  {
    try args.noPositional("inputs")
    let json = args.flag("json")
    let screen = try SnapshotCommand.size(args)
    let rotation = try args.int("rotation", default: 0, range: 0...270)
    guard TouchCalibration.rotations.contains(rotation) else {
      throw UsageError("--rotation must be 0, 90, 180 or 270, not \(rotation)")
    }
    let calibration = TouchCalibration(
      rotation: rotation, flipX: args.flag("flip-x"), flipY: args.flag("flip-y"))
    let source: any TouchSource
    let start: Duration
    do throws(BoardError) {
      if device.hasSuffix(".evemu") {
        let text: String
        do {
          text = try String(contentsOfFile: device, encoding: .utf8)
        } catch {
          throw BoardError(.configuration, "\(device): cannot read the recording")
        }
        let recording = try ReplayTouchSource(evemu: text, path: device)
        source = recording
        start = recording.recording.first?.time ?? .zero
      } else {
        source = try device == "auto" ? EvdevTouchSource.find() : EvdevTouchSource(path: device)
        start = GPIOEdgeSource.now()
      }
    } catch {
      console.err("headunit: \(error.message)")
      return error.code == .configuration ? .usage : .failure
    }
    if json {
      console.out(
        JSONValue.object([
          ("type", "opened"), ("device", .string(source.device.name)),
          ("path", .string(source.device.path)), ("screen", .string(screen.description)),
        ]).serialized)
    } else {
      console.out("inputs: touch \(source.device), on a \(screen) screen — Ctrl-C stops")
    }
    let gestures = source.gestures(screen: screen, calibration: calibration)
    return HeadUnitCommand.block {
      for await gesture in gestures {
        console.out(json ? Self.json(gesture).serialized : Self.text(gesture, since: start))
      }
      if let failure = source.failure {
        console.err("headunit: \(failure.message)")
        return .failure
      }
      return .success
    } ?? .failure
  }

  /// The gesture as a JSON object; pixels to a hundredth, factors to a ten-thousandth.
  static func json(_ gesture: TouchGesture) -> JSONValue {
    func px(_ value: Double) -> JSONValue { .number((value * 100).rounded() / 100) }
    switch gesture {
    case .tap(let p, _): return .object([("type", "tap"), ("x", px(p.x)), ("y", px(p.y))])
    case .drag(let offset, _):
      return .object([("type", "drag"), ("dx", px(offset.dx)), ("dy", px(offset.dy))])
    case .pinch(let scale, _):
      return .object([("type", "pinch"), ("scale", .number((scale * 10_000).rounded() / 10_000))])
    case .outside(let p, _):
      return .object([("type", "outside"), ("x", px(p.x)), ("y", px(p.y))])
    }
  }

  /// `    0.080 s  tap (400, 240)`: the time since `start`, then what happened.
  static func text(_ gesture: TouchGesture, since start: Duration) -> String {
    let seconds = (gesture.time - start) / .seconds(1)
    let what: String
    switch gesture {
    case .tap(let p, _): what = "tap \(p)"
    case .drag(let offset, _): what = String(format: "drag %+.0f, %+.0f px", offset.dx, offset.dy)
    case .pinch(let scale, _): what = String(format: "pinch ×%.2f", scale)
    case .outside(let p, _): what = "outside the screen at \(p): ignored until lifted"
    }
    return String(format: "%9.3f s  ", seconds) + what
  }
}

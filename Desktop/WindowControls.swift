import Board
import Core
import Templates

/// The keyboard and mouse of a desktop window as the car's controls: a pure state machine
/// from key and mouse events to what the GPIO inputs and the touch screen would report.
///
/// - Right, Down and the wheel turned down: the knob one detent clockwise; Left, Up and the
///   wheel up: one detent back.
/// - Enter and Space: the knob's press (`select`); Backspace and Escape: `back`; Home:
///   `home`; M: `mute`. A key held for `longPress` is a long press, as a held button is.
/// - I and L: the ignition and headlights lines, toggled (ignition starts on, headlights
///   off).
/// - The left mouse button: a finger (tap, drag); + and -: a pinch zooming in and out.
///
/// Times are the kernel's `CLOCK_MONOTONIC`, as for GPIO edges and touches.
public struct WindowControls: Sendable {
  /// How long a key is held before it is a long press (the board's default).
  public var longPress: Duration
  private var gestures: GestureRecognizer
  private var held: [InputRole: (since: Duration, long: Bool)] = [:]
  private var ignition = true
  private var headlights = false
  private var mouseDown = false

  public init(screen: ScreenSize, longPress: Duration = .milliseconds(700)) {
    self.longPress = longPress
    gestures = GestureRecognizer(screen: screen)
  }

  /// A key went down (`down`, `repeated` when the keyboard repeats it) or up.
  public mutating func key(_ key: WindowKey, down: Bool, repeated: Bool, at time: Duration)
    -> [DisplayInput]
  {
    if let detents = Self.detents[key] {
      return down ? [.input(.rotated(detents: detents, at: time))] : []
    }
    if let role = Self.roles[key] { return button(role, down: down, at: time) }
    guard down, !repeated else { return [] }
    switch key {
    case .ignition:
      ignition.toggle()
      return [.input(.ignition(on: ignition, at: time))]
    case .headlights:
      headlights.toggle()
      return [.input(.headlights(on: headlights, at: time))]
    case .zoomIn: return [.touch(.pinch(scale: 1.25, at: time))]
    case .zoomOut: return [.touch(.pinch(scale: 0.8, at: time))]
    default: return []
    }
  }

  /// The wheel turned by `steps` (positive towards the user: clockwise).
  public func wheel(_ steps: Int, at time: Duration) -> [DisplayInput] {
    steps == 0 ? [] : [.input(.rotated(detents: steps, at: time))]
  }

  /// The left mouse button went down or up at `point`.
  public mutating func mouse(down: Bool, at point: TouchPoint, time: Duration)
    -> [DisplayInput]
  {
    mouseDown = down
    let touches = down ? [GestureRecognizer.Touch(id: 0, point: point)] : []
    return gestures.handle(touches, at: time).map(DisplayInput.touch)
  }

  /// The mouse moved to `point`: a drag while the button is down.
  public mutating func mouseMoved(to point: TouchPoint, time: Duration) -> [DisplayInput] {
    guard mouseDown else { return [] }
    return gestures.handle([GestureRecognizer.Touch(id: 0, point: point)], at: time)
      .map(DisplayInput.touch)
  }

  /// Time passed: the long presses of keys held since `longPress` ago.
  public mutating func tick(at time: Duration) -> [DisplayInput] {
    var events: [DisplayInput] = []
    for (role, hold) in held.sorted(by: { $0.key.rawValue < $1.key.rawValue })
    where !hold.long && time - hold.since >= longPress {
      held[role] = (hold.since, true)
      events.append(.input(.button(role: role, action: .longPress, at: time)))
    }
    return events
  }

  /// Whether a key is held that is not yet a long press: the caller should tick soon.
  public var isTiming: Bool { held.values.contains { !$0.long } }

  private mutating func button(_ role: InputRole, down: Bool, at time: Duration)
    -> [DisplayInput]
  {
    if down {
      guard held[role] == nil else { return [] }
      held[role] = (time, false)
      return [.input(.button(role: role, action: .press, at: time))]
    }
    guard held.removeValue(forKey: role) != nil else { return [] }
    return [.input(.button(role: role, action: .release, at: time))]
  }

  private static let detents: [WindowKey: Int] = [.right: 1, .down: 1, .left: -1, .up: -1]
  private static let roles: [WindowKey: InputRole] = [
    .enter: .select, .space: .select, .backspace: .back, .escape: .back, .home: .home,
    .mute: .mute,
  ]
}

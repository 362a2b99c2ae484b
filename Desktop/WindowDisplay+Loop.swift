import Board
import CSDL2
import Core
import Foundation
import Templates

/// The window's thread: SDL's window, its events and its drawing.
extension WindowDisplay {
  /// Opens SDL and the window, reports the outcome through `opened`, then handles events
  /// until `close`; tears SDL down before returning.
  func run(title: String, opened: (Result<Void, BoardError>) -> Void) {
    // The daemon handles SIGINT and SIGTERM itself (state saved first); SDL would turn them
    // into a quit event of its own.
    SDL_SetHint("SDL_NO_SIGNAL_HANDLERS", "1")
    guard SDL_Init(UInt32(SDL_INIT_VIDEO)) == 0 else {
      opened(.failure(Self.failure("no window system")))
      return
    }
    defer { SDL_Quit() }
    // With no window system SDL falls back to drivers that show nothing (offscreen, dummy):
    // a window nobody sees is a failure, unless SDL_VIDEODRIVER asked for one.
    let driver = SDL_GetCurrentVideoDriver().map { String(cString: $0) } ?? "none"
    let asked = ProcessInfo.processInfo.environment["SDL_VIDEODRIVER"]
    guard ["x11", "wayland"].contains(driver) || asked == driver else {
      opened(
        .failure(
          BoardError(
            .unavailable,
            "no window system to show the window on (SDL found only its '\(driver)' driver):"
              + " set DISPLAY or WAYLAND_DISPLAY")))
      return
    }
    guard
      let window = SDL_CreateWindow(
        title, headunit_sdl_windowpos_undefined(), headunit_sdl_windowpos_undefined(),
        Int32(width), Int32(height), SDL_WINDOW_SHOWN.rawValue)
    else {
      opened(.failure(Self.failure("cannot open a window")))
      return
    }
    defer { SDL_DestroyWindow(window) }
    let wakeType = SDL_RegisterEvents(1)
    guard wakeType != UInt32.max else {
      opened(.failure(Self.failure("no SDL event type left")))
      return
    }
    shared.withLock { $0.wakeType = wakeType }
    opened(.success(()))
    var controls = WindowControls(
      screen: ScreenSize(width: width, height: height), longPress: longPress)
    var event = SDL_Event()
    while !shared.withLock({ $0.stopping }) {
      // Held keys are timed for their long press; otherwise the thread sleeps until woken.
      let got = SDL_WaitEventTimeout(&event, controls.isTiming ? 20 : 500)
      let now = GPIOEdgeSource.now()
      if got != 0 {
        if event.type == SDL_QUIT.rawValue {
          continuation.yield(.closed)
        } else if event.type == SDL_WINDOWEVENT.rawValue {
          if event.window.event == UInt8(SDL_WINDOWEVENT_EXPOSED.rawValue) {
            shared.withLock { $0.dirty = true }
          }
        } else if event.type != wakeType {
          for input in Self.inputs(for: event, controls: &controls, at: now) {
            continuation.yield(input)
          }
        }
      }
      for input in controls.tick(at: now) { continuation.yield(input) }
      draw(on: window)
    }
    continuation.finish()
  }

  /// Copies the latest frame (or black, while blanked) to the window when it changed.
  private func draw(on window: OpaquePointer) {
    guard let surface = SDL_GetWindowSurface(window) else { return }
    let drawn = shared.withLock { shared -> Bool in
      guard shared.dirty else { return false }
      shared.dirty = false
      guard SDL_LockSurface(surface) == 0 else { return false }
      defer { SDL_UnlockSurface(surface) }
      let target = surface.pointee
      if shared.blanked {
        for row in 0..<Int(target.h) {
          memset(target.pixels.advanced(by: row * Int(target.pitch)), 0, Int(target.w) * 4)
        }
        return true
      }
      return shared.pixels.withUnsafeBytes { frame in
        SDL_ConvertPixels(
          Int32(width), Int32(height), headunit_sdl_pixelformat_argb8888(), frame.baseAddress,
          Int32(width * 4), target.format.pointee.format, target.pixels, target.pitch) == 0
      }
    }
    if drawn { _ = SDL_UpdateWindowSurface(window) }
  }

  /// The controls' reading of one keyboard or mouse event.
  static func inputs(for event: SDL_Event, controls: inout WindowControls, at now: Duration)
    -> [DisplayInput]
  {
    switch event.type {
    case SDL_KEYDOWN.rawValue, SDL_KEYUP.rawValue:
      guard let key = WindowKey(sdl: event.key.keysym.sym) else { return [] }
      return controls.key(
        key, down: event.type == SDL_KEYDOWN.rawValue, repeated: event.key.repeat != 0,
        at: now)
    case SDL_MOUSEBUTTONDOWN.rawValue, SDL_MOUSEBUTTONUP.rawValue:
      guard event.button.button == UInt8(SDL_BUTTON_LEFT) else { return [] }
      return controls.mouse(
        down: event.type == SDL_MOUSEBUTTONDOWN.rawValue,
        at: TouchPoint(x: Double(event.button.x), y: Double(event.button.y)), time: now)
    case SDL_MOUSEMOTION.rawValue:
      return controls.mouseMoved(
        to: TouchPoint(x: Double(event.motion.x), y: Double(event.motion.y)), time: now)
    case SDL_MOUSEWHEEL.rawValue:
      // Wheel y is positive away from the user; towards the user turns the knob clockwise.
      let steps = Int(event.wheel.y)
      let flipped = event.wheel.direction == SDL_MOUSEWHEEL_FLIPPED.rawValue
      return controls.wheel(flipped ? steps : -steps, at: now)
    default:
      return []
    }
  }

  /// SDL's last error after `what`.
  static func failure(_ what: String) -> BoardError {
    let reason = String(cString: SDL_GetError())
    return BoardError(
      .unavailable,
      "\(what): \(reason.isEmpty ? "SDL gives no reason" : reason)"
        + " (is DISPLAY or WAYLAND_DISPLAY set?)")
  }
}

extension WindowKey {
  /// The key SDL calls `sym`, or nil for keys the window does not read.
  init?(sdl sym: SDL_Keycode) {
    switch UInt32(bitPattern: sym) {
    case SDLK_RIGHT.rawValue: self = .right
    case SDLK_LEFT.rawValue: self = .left
    case SDLK_DOWN.rawValue: self = .down
    case SDLK_UP.rawValue: self = .up
    case SDLK_RETURN.rawValue, SDLK_KP_ENTER.rawValue: self = .enter
    case SDLK_SPACE.rawValue: self = .space
    case SDLK_BACKSPACE.rawValue: self = .backspace
    case SDLK_ESCAPE.rawValue: self = .escape
    case SDLK_HOME.rawValue: self = .home
    case SDLK_m.rawValue: self = .mute
    case SDLK_i.rawValue: self = .ignition
    case SDLK_l.rawValue: self = .headlights
    case SDLK_PLUS.rawValue, SDLK_EQUALS.rawValue, SDLK_KP_PLUS.rawValue: self = .zoomIn
    case SDLK_MINUS.rawValue, SDLK_KP_MINUS.rawValue: self = .zoomOut
    default: return nil
    }
  }
}

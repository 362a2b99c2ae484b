import Board
import Core
import Desktop
import Templates
import Testing

/// The desktop window's keyboard and mouse as the car's knob, buttons and touch screen.
@Suite("Window controls")
struct WindowControlsTests {
  let screen = ScreenSize(width: 800, height: 480)

  @Test("arrows and the wheel turn the knob; Enter presses it, on key up as a button")
  func knob() {
    var controls = WindowControls(screen: screen)
    let t = Duration.seconds(5)
    #expect(
      controls.key(.right, down: true, repeated: false, at: t) == [
        .input(.rotated(detents: 1, at: t))
      ])
    #expect(
      controls.key(.up, down: true, repeated: true, at: t) == [.input(.rotated(detents: -1, at: t))]
    )
    #expect(controls.key(.right, down: false, repeated: false, at: t).isEmpty)
    #expect(controls.wheel(-2, at: t) == [.input(.rotated(detents: -2, at: t))])
    #expect(controls.wheel(0, at: t).isEmpty)
    #expect(
      controls.key(.enter, down: true, repeated: false, at: t)
        == [.input(.button(role: .select, action: .press, at: t))])
    // The keyboard's repeat of a held key is not another press.
    #expect(controls.key(.enter, down: true, repeated: true, at: t + .milliseconds(30)).isEmpty)
    #expect(
      controls.key(.enter, down: false, repeated: false, at: t + .milliseconds(90))
        == [.input(.button(role: .select, action: .release, at: t + .milliseconds(90)))])
    #expect(controls.key(.enter, down: false, repeated: false, at: t).isEmpty, "no second release")
  }

  @Test("a key held for the long-press time is a long press, once")
  func longPress() {
    var controls = WindowControls(screen: screen, longPress: .milliseconds(700))
    let t = Duration.seconds(1)
    _ = controls.key(.backspace, down: true, repeated: false, at: t)
    #expect(controls.isTiming)
    #expect(controls.tick(at: t + .milliseconds(600)).isEmpty)
    let held = t + .milliseconds(700)
    #expect(controls.tick(at: held) == [.input(.button(role: .back, action: .longPress, at: held))])
    #expect(!controls.isTiming)
    #expect(controls.tick(at: held + .seconds(1)).isEmpty)
    #expect(
      controls.key(.backspace, down: false, repeated: false, at: held + .seconds(2))
        == [.input(.button(role: .back, action: .release, at: held + .seconds(2)))])
  }

  @Test("I and L toggle the ignition and headlights; + and - pinch")
  func lines() {
    var controls = WindowControls(screen: screen)
    let t = Duration.seconds(2)
    #expect(
      controls.key(.ignition, down: true, repeated: false, at: t) == [
        .input(.ignition(on: false, at: t))
      ])
    #expect(controls.key(.ignition, down: false, repeated: false, at: t).isEmpty)
    #expect(
      controls.key(.ignition, down: true, repeated: false, at: t) == [
        .input(.ignition(on: true, at: t))
      ])
    #expect(
      controls.key(.headlights, down: true, repeated: false, at: t) == [
        .input(.headlights(on: true, at: t))
      ])
    #expect(
      controls.key(.zoomIn, down: true, repeated: false, at: t) == [
        .touch(.pinch(scale: 1.25, at: t))
      ])
    #expect(controls.key(.zoomOut, down: true, repeated: true, at: t).isEmpty)
  }

  @Test("the mouse is a finger: a click taps, a drag drags, moving without a button nothing")
  func mouse() {
    var controls = WindowControls(screen: screen)
    let t = Duration.seconds(3)
    let p = TouchPoint(x: 100, y: 200)
    #expect(controls.mouseMoved(to: p, time: t).isEmpty)
    #expect(controls.mouse(down: true, at: p, time: t).isEmpty)
    #expect(
      controls.mouse(down: false, at: p, time: t + .milliseconds(80))
        == [.touch(.tap(p, at: t + .milliseconds(80)))])
    _ = controls.mouse(down: true, at: p, time: t + .seconds(1))
    let moved = controls.mouseMoved(to: TouchPoint(x: 160, y: 200), time: t + .seconds(1.1))
    #expect(moved == [.touch(.drag(ScreenOffset(dx: 60, dy: 0), at: t + .seconds(1.1)))])
    #expect(controls.mouse(down: false, at: p, time: t + .seconds(1.2)).isEmpty, "a drag is no tap")
  }
}

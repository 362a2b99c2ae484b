import Board
import Templates
import Testing

private func ms(_ value: Int) -> Duration { .milliseconds(value) }

@Suite("Gesture recognizer")
struct GestureRecognizerTests {
  typealias Touch = GestureRecognizer.Touch

  /// One frame: the fingers down at a moment, as (id, x, y).
  struct Frame {
    var at: Duration
    var fingers: [(Int, Double, Double)]

    init(_ milliseconds: Int, _ fingers: [(Int, Double, Double)]) {
      at = ms(milliseconds)
      self.fingers = fingers
    }
  }

  /// Feeds `frames` to a recognizer for an 800×480 screen; returns every gesture.
  func run(_ frames: [Frame]) -> [TouchGesture] {
    var recognizer = GestureRecognizer(screen: ScreenSize(width: 800, height: 480))
    return frames.flatMap { frame in
      recognizer.handle(
        frame.fingers.map { Touch(id: $0.0, point: TouchPoint(x: $0.1, y: $0.2)) }, at: frame.at)
    }
  }

  @Test func aQuickTouchThatStaysPutIsATapWhereItWentDown() {
    let gestures = run([
      Frame(0, [(1, 100, 200)]),
      Frame(40, [(1, 104, 203)]),  // within the 12 px slop
      Frame(120, []),
    ])
    #expect(gestures == [.tap(TouchPoint(x: 100, y: 200), at: ms(120))])
  }

  @Test func aFingerRestingLongerThanATapIsNothing() {
    #expect(run([Frame(0, [(1, 100, 200)]), Frame(900, [])]).isEmpty)
  }

  @Test func aFingerThatMovesDragsAndDoesNotTap() {
    let gestures = run([
      Frame(0, [(1, 100, 200)]),
      Frame(16, [(1, 108, 200)]),  // inside the slop: nothing yet
      Frame(32, [(1, 130, 190)]),  // out: the whole way so far
      Frame(48, [(1, 160, 190)]),
      Frame(64, [(1, 160, 190)]),  // still: nothing
      Frame(80, []),
    ])
    #expect(
      gestures == [
        .drag(ScreenOffset(dx: 30, dy: -10), at: ms(32)),
        .drag(ScreenOffset(dx: 30, dy: 0), at: ms(48)),
      ])
  }

  @Test func twoFingersSpreadingPinchByTheRatioOfTheirDistances() {
    let gestures = run([
      Frame(0, [(1, 300, 240)]),
      Frame(10, [(1, 300, 240), (2, 400, 240)]),  // 100 px apart
      Frame(20, [(1, 295, 240), (2, 405, 240)]),  // 110: within the pinch slop
      Frame(30, [(1, 275, 240), (2, 425, 240)]),  // 150: zooms, from the start
      Frame(40, [(1, 200, 240), (2, 500, 240)]),  // 300
      Frame(50, [(2, 500, 240)]),  // one lifts: no tap, the other drags on
      Frame(60, [(2, 520, 240)]),
      Frame(70, []),
    ])
    #expect(
      gestures == [
        .pinch(scale: 1.5, at: ms(30)),
        .pinch(scale: 2, at: ms(40)),
        .drag(ScreenOffset(dx: 20, dy: 0), at: ms(60)),
      ])
  }

  @Test func fingersClosingPinchBelowOne() {
    let gestures = run([
      Frame(0, [(1, 200, 240), (2, 600, 240)]),
      Frame(20, [(1, 300, 240), (2, 500, 240)]),
      Frame(40, []),
    ])
    #expect(gestures == [.pinch(scale: 0.5, at: ms(20))])
  }

  @Test func aTouchOutsideTheScreenIsReportedOnceAndIgnoredUntilLifted() {
    let gestures = run([
      Frame(0, [(1, 810, 100)]),
      Frame(16, [(1, 700, 100)]),  // came back in: still the same touch
      Frame(32, [(1, 600, 100)]),
      Frame(48, []),
      Frame(100, [(2, 50, 50)]),  // a new touch works again
      Frame(150, []),
    ])
    #expect(
      gestures == [
        .outside(TouchPoint(x: 810, y: 100), at: .zero),
        .tap(TouchPoint(x: 50, y: 50), at: ms(150)),
      ])
  }

  @Test func aDragThatLeavesTheScreenStopsThere() {
    let gestures = run([
      Frame(0, [(1, 700, 100)]),
      Frame(16, [(1, 780, 100)]),
      Frame(32, [(1, 800, 100)]),  // x = 800 is past the last column
      Frame(48, [(1, 700, 100)]),
      Frame(64, []),
    ])
    #expect(
      gestures == [
        .drag(ScreenOffset(dx: 80, dy: 0), at: ms(16)),
        .outside(TouchPoint(x: 800, y: 100), at: ms(32)),
      ])
  }

  @Test func aSecondFingerTurnsAPressIntoAPinchWithNoTap() {
    let gestures = run([
      Frame(0, [(1, 100, 100)]),
      Frame(10, [(1, 100, 100), (2, 110, 100)]),
      Frame(20, []),
    ])
    #expect(gestures.isEmpty)
  }
}

import Board
import Testing

@testable import Core

private func ms(_ value: Int) -> Duration { .milliseconds(value) }

@Suite("Button debouncer")
struct ButtonDebouncerTests {
  @Test func cleanShortPress() {
    var button = ButtonDebouncer()
    #expect(button.update(pressed: true, at: ms(0)) == [])
    #expect(button.nextDeadline == ms(10))
    #expect(button.tick(at: ms(9)) == [])
    #expect(button.tick(at: ms(10)) == [.press])
    #expect(button.nextDeadline == ms(700))
    #expect(button.update(pressed: false, at: ms(200)) == [])
    #expect(button.tick(at: ms(210)) == [.release])
    #expect(button.nextDeadline == nil)
    #expect(!button.isPressed)
  }

  @Test func bounceOnPressAndReleaseRestartsTheWait() {
    var button = ButtonDebouncer()
    var actions: [ButtonAction] = []
    // Press bounces for 4 ms, then holds.
    for (time, level) in [(0, true), (1, false), (2, true), (3, false), (4, true)] {
      actions += button.update(pressed: level, at: ms(time))
    }
    #expect(actions == [])
    #expect(button.nextDeadline == ms(14))
    actions += button.tick(at: ms(14))
    #expect(actions == [.press])
    // Release bounces too.
    for (time, level) in [(300, false), (302, true), (303, false), (305, true), (306, false)] {
      actions += button.update(pressed: level, at: ms(time))
    }
    #expect(button.nextDeadline == ms(316))
    actions += button.tick(at: ms(400))
    #expect(actions == [.press, .release])
  }

  /// An edge that reverses within the debounce time is bounce: a glitch reports nothing.
  @Test func glitchIsIgnored() {
    var button = ButtonDebouncer()
    #expect(button.update(pressed: true, at: ms(100)) == [])
    #expect(button.update(pressed: false, at: ms(109)) == [])
    #expect(button.nextDeadline == nil)
    #expect(button.tick(at: ms(1000)) == [])
  }

  @Test func longPressIsReportedWhileHeld() {
    var button = ButtonDebouncer()
    _ = button.update(pressed: true, at: ms(0))
    #expect(button.tick(at: ms(10)) == [.press])
    #expect(button.tick(at: ms(699)) == [])
    #expect(button.tick(at: ms(700)) == [.longPress])
    #expect(button.nextDeadline == nil)
    #expect(button.isPressed)
    _ = button.update(pressed: false, at: ms(1500))
    #expect(button.tick(at: ms(1510)) == [.release])
  }

  /// The owner ticking late, or not at all before the next edge, loses nothing.
  @Test func lateTickReportsEverythingInOrder() {
    var button = ButtonDebouncer()
    _ = button.update(pressed: true, at: ms(0))
    #expect(button.update(pressed: false, at: ms(2000)) == [.press, .longPress])
    #expect(button.update(pressed: true, at: ms(3000)) == [.release])
  }

  /// A release being debounced when the long-press time comes holds the long press back.
  @Test func releaseJustBeforeLongPress() {
    var button = ButtonDebouncer()
    _ = button.update(pressed: true, at: ms(0))
    _ = button.tick(at: ms(10))
    _ = button.update(pressed: false, at: ms(695))
    #expect(button.nextDeadline == ms(705))
    #expect(button.tick(at: ms(800)) == [.release])
  }

  @Test func releaseBounceAroundLongPressTimeStillLongPresses() {
    var button = ButtonDebouncer()
    _ = button.update(pressed: true, at: ms(0))
    _ = button.tick(at: ms(10))
    #expect(button.update(pressed: false, at: ms(695)) == [])
    #expect(button.update(pressed: true, at: ms(702)) == [.longPress])
  }

  @Test func customTimes() {
    var button = ButtonDebouncer(debounce: ms(25), longPress: ms(1000))
    _ = button.update(pressed: true, at: ms(0))
    #expect(button.tick(at: ms(24)) == [])
    #expect(button.tick(at: ms(25)) == [.press])
    #expect(button.nextDeadline == ms(1000))
  }

  @Test func zeroDebounceReportsAtOnce() {
    var button = ButtonDebouncer(debounce: .zero)
    #expect(button.update(pressed: true, at: ms(5)) == [.press])
    #expect(button.update(pressed: false, at: ms(6)) == [.release])
  }

  @Test func heldAtStartReportsOnlyTheRelease() {
    var button = ButtonDebouncer(pressed: true)
    #expect(button.nextDeadline == nil)
    _ = button.update(pressed: false, at: ms(3000))
    #expect(button.tick(at: ms(3010)) == [.release])
  }
}

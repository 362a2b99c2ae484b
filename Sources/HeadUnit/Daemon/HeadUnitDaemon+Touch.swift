import Board
import Core
import Foundation
import Rendering

/// The touch screen: gestures become the core's input events.
extension HeadUnitDaemon {
  /// Distance in screen pixels within which a tap beside a control still hits it.
  static let tapSlack = 8.0

  /// The core's input event for `gesture`, or nil when it does nothing: a tap finds the
  /// element of the frame on screen under the finger (what the driver saw, so what the
  /// knob's press on it would choose); drags and pinches go to the core as they are. A
  /// touch outside the screen is logged, once per touch, and ignored; so is any touch while
  /// nothing live is on screen (starting, parked, blank).
  func input(for gesture: TouchGesture) -> InputEvent? {
    switch gesture {
    case .outside(let point, _):
      let size = display.map { "\($0.width)x\($0.height)" } ?? "no"
      logger.notice("touch: \(point) is outside the \(size) screen; the touch is ignored")
      return nil
    case _ where core.screen != .live:
      return nil
    case .tap(let point, let time):
      guard let (targets, placement) = frameTargets else { return nil }
      let inFrame = ScreenPoint(
        x: point.x - Double(placement.screenX - placement.frameX),
        y: point.y - Double(placement.screenY - placement.frameY))
      guard let target = FocusTarget.hit(inFrame, in: targets, slack: Self.tapSlack) else {
        logger.debug("touch: tap at \(point) on no control")
        return nil
      }
      logger.debug("touch: tap at \(point) on \(target.id)")
      return .tap(elementID: target.id, at: time)
    case .drag(let offset, let time):
      return .drag(offset, at: time)
    case .pinch(let scale, let time):
      return .pinch(scale: scale, at: time)
    }
  }
}

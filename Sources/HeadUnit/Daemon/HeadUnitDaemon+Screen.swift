import Audio
import Board
import Core
import Foundation
import Navigation
import Rendering
import Routing
import Templates

/// The screen: blanking, and frames drawn at most `frameRate` times a second.
extension HeadUnitDaemon {
  func show(_ screen: HeadUnitCore.Screen) {
    guard let display else { return }
    do throws(BoardError) {
      switch screen {
      case .live: try display.unblank()
      case .blank, .off: try display.blank()
      case .parked: break
      }
    } catch {
      logger.warning("display \(display.name): \(error.message)")
    }
  }

  /// Draws when something changed, at most `frameRate` times a second; keeps drawing while
  /// the vehicle glides between fixes. What the driver's knob or button changed is drawn
  /// at once: the cap saves CPU on animation and on changes from elsewhere (a bridge
  /// app's updates), never at the cost of the driver's feedback. Returns the frame timer
  /// to set when the next frame is held back; nothing while the display declines frames.
  func drawIfDue(at now: Date) -> TimerChange<Timer>? {
    // The display first: a replay without one spends nothing here.
    guard let display else { return nil }
    let urgent = inputAt != nil && redrawPending
    guard redrawPending || core.isAnimating, urgent || !frameScheduled,
      display.wantsFrame(at: now)
    else { return nil }
    let interval = Duration.seconds(1) / max(configuration.display.frameRate, 1)
    if !urgent, let lastFrame, now < lastFrame.adding(interval) || !redrawPending {
      frameScheduled = true
      return .schedule(.frame, at: max(lastFrame.adding(interval), now))
    }
    redrawPending = false
    lastFrame = now
    draw(on: display, at: now)
    // The vehicle glides on between fixes: the next frame comes without waiting for a wake.
    guard core.isAnimating else { return nil }
    frameScheduled = true
    return .schedule(.frame, at: now.adding(interval))
  }

  /// The display the devices hold now.
  var display: (any Display)? { devices.display }

  func draw(on display: any Display, at now: Date) {
    // A display smaller or larger than any layout gets the nearest one, centred or cropped.
    let size = ScreenSize(width: display.width, height: display.height).drawable
    let theme = theme.theme(
      at: now, position: core.position ?? core.configuration.home, headlights: core.headlightsOn)
    guard
      case .scene(let scene) = composer.frame(of: core, at: now, size: size, theme: theme)
    else {
      return
    }
    do {
      if renderer?.size != size {
        renderer = try TemplateRenderer(size: size)
        // Which layout the display gets, once per size: a display of a size with no
        // layout of its own is drawn with the nearest one's rules.
        logger.info(
          DisplayProfile.note(
            for: size, display: ScreenSize(width: display.width, height: display.height)))
      }
      guard let renderer else { return }
      let targets = renderer.render(scene)
      if targets != frameTargets?.targets {
        // Where a finger finds each control, for the bench and the touch tests.
        logger.debug("targets: " + targets.map(Self.describe).joined(separator: "; "))
      }
      frameTargets = (
        targets,
        FramePlacement(
          frameWidth: size.width, frameHeight: size.height, screenWidth: display.width,
          screenHeight: display.height)
      )
      _ = try renderer.withPixels { pixels, width, height, stride in
        try display.present(pixels, width: width, height: height, stride: stride)
      }
      framesDrawn += 1
    } catch {
      logger.error("cannot draw: \(error)")
      return
    }
    if let inputAt {
      self.inputAt = nil
      let latency = InputEvent.monotonicNow() - inputAt
      logger.debug(String(format: "input → frame %.2f ms", latency.seconds * 1e3))
    }
    if !firstFrameShown {
      firstFrameShown = true
      let elapsed = started.duration(to: .now)
      logger.notice(
        "first frame on \(display.name) after "
          + String(format: "%.0f ms", elapsed.seconds * 1e3))
      tell(.ready)
      tell(.status("running"))
      let released = StartupPages.release()
      logger.debug("handed back \(released >> 10) KB of start-only program pages")
    }
  }

  /// `destinations 724,310 56x56`: a target's id, top-left corner and size in whole pixels.
  static func describe(_ target: FocusTarget) -> String {
    let r = target.rect
    return "\(target.id) \(Int(r.x.rounded())),\(Int(r.y.rounded())) "
      + "\(Int(r.width.rounded()))x\(Int(r.height.rounded()))"
  }
}

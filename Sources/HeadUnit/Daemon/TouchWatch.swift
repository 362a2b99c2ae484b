import Board
import Core
import Templates

/// Keeps the touch screen read while the devices are held: opens it (the configured node,
/// or the first touch screen found), hands its gestures on, and when it is missing or goes
/// away (an unplugged USB panel) looks again every ``retryInterval``, so a panel plugged in
/// later is picked up. Each problem is logged once, not at every look; the knob works
/// throughout.
enum TouchWatch {
  /// How often a missing touch screen is looked for again.
  static let retryInterval = Duration.seconds(3)

  /// Starts watching; cancel the task to stop (the device is closed). Opening a device is
  /// a few ioctls, done on the task's thread.
  static func start(
    _ settings: TouchSettings, screen: ScreenSize, logger: Logger,
    touched: @escaping @Sendable (TouchGesture) -> Void
  ) -> Task<Void, Never> {
    Task {
      // The last problem logged; nil while the device is read. After it went away, its
      // absence is that one problem, not another line at every look.
      var reported: String?
      while !Task.isCancelled {
        do throws(BoardError) {
          let source =
            settings.device == TouchSettings.automatic
            ? try EvdevTouchSource.find() : try EvdevTouchSource(path: settings.device)
          reported = nil
          logger.info("touch: \(source.device), on the \(screen) screen")
          for await gesture in source.gestures(screen: screen, calibration: settings.calibration) {
            touched(gesture)
          }
          if Task.isCancelled { return }
          let why = source.failure?.message ?? "its events ended"
          reported = why
          logger.warning("touch: \(why) — knob only until it is back")
        } catch {
          if reported == nil {
            reported = error.message
            // A configured device that is missing is a fault; none found is a unit without one.
            let level: Logger.Level = settings.device == TouchSettings.automatic ? .notice : .error
            logger.log(level, "touch: \(error.message) — knob only")
          }
        }
        try? await Task.sleep(for: retryInterval)
      }
    }
  }
}

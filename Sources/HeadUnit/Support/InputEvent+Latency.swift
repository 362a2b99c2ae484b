import Board
import Core
import Foundation

extension InputEvent {
  /// When the edge or touch behind this event happened, on the kernel's CLOCK_MONOTONIC.
  var kernelTime: Duration { time }

  /// Now on CLOCK_MONOTONIC, the clock of GPIO edge and touch timestamps.
  static func monotonicNow() -> Duration {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return .seconds(now.tv_sec) + .nanoseconds(now.tv_nsec)
  }
}

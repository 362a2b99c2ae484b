import Board
import Core
import Foundation

extension InputEvent {
  /// When the edge behind this event happened, on the kernel's CLOCK_MONOTONIC.
  var kernelTime: Duration {
    switch self {
    case .rotated(_, let at), .button(_, _, let at), .ignition(_, let at): at
    }
  }

  /// Now on CLOCK_MONOTONIC, the clock of GPIO edge timestamps.
  static func monotonicNow() -> Duration {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return .seconds(now.tv_sec) + .nanoseconds(now.tv_nsec)
  }
}

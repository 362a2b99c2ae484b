import Board
import Commands
import Core
import Foundation
import Rigs

extension DriveBenchmark {
  /// The CPU a daemon used while a drive was fed to it.
  struct Window {
    /// Wall seconds from the first fix sent to the last sample.
    var seconds: Double
    /// The daemon's CPU time when the first fix went out, and at the last sample.
    var first: CPUTime
    var last: CPUTime
    /// Each second's CPU time as a share of one core.
    var perSecond: [Double]
  }

  /// Reads `daemon`'s CPU time every second for `seconds` (rounded up) while a drive is fed
  /// to it from another thread. Blocks the calling thread for that long.
  ///
  /// - Throws: `BoardError` when the daemon exits before or during the drive.
  static func sample(_ daemon: Process, for seconds: Double) throws -> Window {
    let pid = daemon.processIdentifier
    let clock = ContinuousClock()
    let started = clock.now
    guard var reading = CPUTime.of(process: pid) else {
      throw BoardError(.failed, "the daemon exited before the drive")
    }
    let first = reading
    var readAt = started
    var perSecond: [Double] = []
    var next = 1.0
    while next <= seconds.rounded(.up) {
      let remaining = (started + .seconds(next)) - clock.now
      if remaining > .zero { Thread.sleep(forTimeInterval: remaining.seconds) }
      guard daemon.isRunning, let now = CPUTime.of(process: pid) else {
        throw BoardError(.failed, "the daemon exited during the drive")
      }
      let at = clock.now
      perSecond.append(now.since(reading).total / max(readAt.duration(to: at).seconds, 1e-3))
      reading = now
      readAt = at
      next += 1
    }
    return Window(
      seconds: started.duration(to: readAt).seconds, first: first, last: reading,
      perSecond: perSecond)
  }
}

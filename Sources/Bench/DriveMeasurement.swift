import Foundation

/// What `bench drive` measured of one daemon navigating a drive at one frame rate, and the
/// lines it prints about it.
///
/// The window is the drive as sent: from the first epoch to a whole number of seconds after
/// the last epoch's interval ended, sampled once a second, so the average over the window is
/// a mean of the one-second samples weighted by their lengths and never above the peak.
struct DriveMeasurement: Equatable {
  /// The daemon's `display.frameRate`.
  var frameRate: Int
  /// Wall seconds of the window.
  var seconds: Double
  /// The daemon's CPU time over the window.
  var cpu: CPUTime
  /// The daemon's CPU time from its start to the window's (the program, the map, the
  /// first frame, the resumed trip).
  var start: CPUTime
  /// The daemon's CPU time over each second of the window, as a share of one core.
  var perSecond: [Double]
  /// Frames the daemon drew from its start to its exit, as its last line says; nil when
  /// it did not say.
  var frames: Int?
  /// Prompts played to their end (the daemon's `prompt #N spoken` lines).
  var prompts: Int
  /// Whether the daemon resumed the saved trip at its start.
  var resumed: Bool
  /// Whether the daemon said it arrived.
  var arrived: Bool
  /// `VmRSS` and `VmHWM` just before SIGTERM, MB.
  var rss: Double
  var peakRSS: Double
  /// The daemon's exit status after SIGTERM; nil when it had to be killed.
  var exitStatus: Int32?
  /// Seconds from SIGTERM to the exit.
  var stopSeconds: Double

  /// CPU over the window as a share of one core.
  var average: Double { seconds > 0 ? cpu.total / seconds : 0 }
  /// The busiest second's share of one core.
  var peak: Double { perSecond.max() ?? average }
  /// Frames a second over the window.
  var framesPerSecond: Double? { frames.map { Double($0) / max(seconds, 1e-9) } }
  /// CPU milliseconds over the window per frame drawn: everything the daemon did (fixes,
  /// guidance, prompts) charged to the frames, so an upper bound of a frame's cost.
  var cpuPerFrame: Double? {
    guard let frames, frames > 0 else { return nil }
    return cpu.total * 1e3 / Double(frames)
  }

  /// Whether the run counts: the trip resumed and the daemon exited 0 on SIGTERM.
  var succeeded: Bool { resumed && exitStatus == 0 }

  /// The report, one figure a line.
  var lines: [String] {
    var lines = [
      String(
        format: "  %d fps: CPU %.2f s over %.1f s (user %.2f s, system %.2f s): average %.2f %%"
          + " of one core, peak %.1f %% (%d one-second samples)", frameRate, cpu.total, seconds,
        cpu.user, cpu.system, average * 100, peak * 100, perSecond.count)
    ]
    if let frames, let framesPerSecond, let cpuPerFrame {
      lines.append(
        String(
          format: "    frames drawn (the daemon's count): %d, %.2f a second; %.2f ms of CPU"
            + " a frame (all the daemon's work charged to the frames)", frames, framesPerSecond,
          cpuPerFrame))
    } else {
      lines.append("    frames drawn: the daemon did not say")
    }
    lines.append(
      String(
        format: "    RSS %.1f MB, peak %.1f MB; %d prompts spoken; before the drive"
          + " (start, map, resume): CPU %.2f s", rss, peakRSS, prompts, start.total))
    let exit = exitStatus.map { "exited \($0)" } ?? "killed after 10 s"
    lines.append(
      String(
        format: "    trip %@, %@; SIGTERM → %@ in %.0f ms", resumed ? "resumed" : "NOT resumed",
        arrived ? "arrived" : "did NOT arrive", exit, stopSeconds * 1e3))
    return lines
  }
}

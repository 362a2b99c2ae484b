import Foundation

/// The CPU time a process has used since it started, from `/proc/PID/stat` (`utime` and
/// `stime`, in clock ticks of `sysconf(_SC_CLK_TCK)`, 10 ms on Linux).
struct CPUTime: Equatable {
  /// Seconds in user mode.
  var user: Double
  /// Seconds in the kernel on the process's behalf.
  var system: Double

  /// User and system seconds together.
  var total: Double { user + system }

  /// The time used between `earlier` and this reading.
  func since(_ earlier: CPUTime) -> CPUTime {
    CPUTime(user: user - earlier.user, system: system - earlier.system)
  }

  /// This process's CPU time now (`getrusage(RUSAGE_SELF)`: microseconds, finer than
  /// `/proc`'s clock ticks, which the small figures of a mostly idle process need).
  static var ofThisProcess: CPUTime {
    var usage = rusage()
    guard getrusage(RUSAGE_SELF.rawValue, &usage) == 0 else {
      return CPUTime(user: .nan, system: .nan)
    }
    func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
    return CPUTime(user: seconds(usage.ru_utime), system: seconds(usage.ru_stime))
  }

  /// Process `pid`'s CPU time now; nil when it has gone (or `/proc` cannot be read).
  static func of(process pid: Int32) -> CPUTime? {
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8) else {
      return nil
    }
    return parse(stat, ticksPerSecond: Double(sysconf(Int32(_SC_CLK_TCK))))
  }

  /// The CPU time in a `/proc/PID/stat` line. The command name (field 2) is in
  /// parentheses and may hold spaces and parentheses itself, so fields are counted from
  /// the last `)`: `state` is field 3, `utime` 14, `stime` 15.
  static func parse(_ stat: String, ticksPerSecond: Double) -> CPUTime? {
    guard let close = stat.lastIndex(of: ")"), ticksPerSecond > 0 else { return nil }
    let fields = stat[stat.index(after: close)...].split(separator: " ")
    guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12])
    else { return nil }
    return CPUTime(user: user / ticksPerSecond, system: system / ticksPerSecond)
  }
}

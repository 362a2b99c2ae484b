import CGPS
import Foundation
import Navigation

/// A short look at gpsd for a self-check: whether it answers, which receivers it has, and
/// whether one of them has a fix, waiting up to a given time for the fix. (`GPSDSurvey`
/// says why no fix came; this waits for one.)
public enum GPSDProbe {
  /// What gpsd showed.
  public enum Outcome: Sendable, Equatable {
    /// Nothing accepted the connection: the message says where and why.
    case unreachable(String)
    /// gpsd answered but listed no receiver in the time given.
    case noReceiver
    /// Receivers, but no fix in the time given; satellites in view and used.
    case noFix(receivers: [String], visible: Int, used: Int)
    /// A 2D or 3D fix, and the satellites used in it (0 when no SKY report came).
    case fix(mode: Fix.Mode, receivers: [String], used: Int)
  }

  /// Connects to gpsd at `host:port` and reads its reports until a fix comes or `wait`
  /// has passed; after the first fix, up to 2 s more (within `wait`) for a 3D fix and the
  /// satellites used. Blocks the calling thread for up to `wait`.
  public static func run(host: String, port: Int, wait: Duration) -> Outcome {
    let connection: GPSDConnection
    do {
      connection = try GPSDConnection.open(host: host, port: port)
    } catch {
      let reason = GPSDConnection.connectFailure(host: host, port: port).map { " (\($0))" }
      return .unreachable("gpsd not reachable at \(host):\(port)\(reason ?? "")")
    }
    let clock = ContinuousClock()
    var deadline = clock.now + wait
    var mode = Fix.Mode.noFix
    var receivers: [String] = []
    var sky = (seen: 0, used: 0)
    var fixed = false
    while clock.now < deadline {
      var descriptor = pollfd(fd: connection.fileDescriptor, events: Int16(POLLIN), revents: 0)
      let left = max(1, Int((deadline - clock.now).seconds * 1000))
      if !connection.hasInput && poll(&descriptor, 1, Int32(min(200, left))) <= 0 { continue }
      reading: while true {
        switch connection.read() {
        case .report(let report):
          if case .position(let m, _?) = report { mode = m }
          receivers = connection.devicesReported ?? receivers
          sky = connection.satellitesReported ?? sky
        case .incomplete: break reading
        case .closed: return .unreachable("gpsd at \(host):\(port) closed the connection")
        }
      }
      if !fixed && mode >= .twoD {
        fixed = true
        deadline = min(deadline, clock.now + .seconds(2))
      }
      if mode == .threeD && sky.used > 0 { break }
    }
    if fixed { return .fix(mode: mode, receivers: receivers, used: sky.used) }
    if receivers.isEmpty { return .noReceiver }
    return .noFix(receivers: receivers, visible: sky.seen, used: sky.used)
  }
}

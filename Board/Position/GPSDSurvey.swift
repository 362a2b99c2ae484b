import Foundation
import Navigation

/// What gpsd says about its receivers, for telling a person why no fix comes — gpsd not
/// running, gpsd without a receiver, a receiver that sees too few satellites — or, waiting
/// for one, that a fix came.
public struct GPSDSurvey: Sendable, Equatable {
  /// What the survey found.
  public enum Finding: Sendable, Equatable {
    /// Nothing accepted the connection; `reason` says so with the address and the
    /// system's reason.
    case unreachable(reason: String)
    /// gpsd answered but listed no device.
    case noReceiver
    /// gpsd has these devices; the satellites of the last SKY report, nil when none came.
    case receivers(paths: [String], satellitesSeen: Int?, satellitesUsed: Int?)
    /// gpsd accepted the connection but listed no devices within the survey's time.
    case silent
  }

  public var finding: Finding
  /// The best fix of the reports seen (2D or 3D), nil when none had a position.
  public var fix: Fix.Mode?

  public init(_ finding: Finding, fix: Fix.Mode? = nil) {
    self.finding = finding
    self.fix = fix
  }

  /// Connects to gpsd at `host:port`, watches its reports for up to `duration` (or until it
  /// has listed no device) and closes the connection. With `untilFix`, it ends sooner at a
  /// fix: at once for a 3D fix with its satellites, else 2 s after the first fix. Blocks the
  /// calling thread for up to `duration`; one receiver's SKY report comes once a second.
  public static func take(
    host: String, port: Int, for duration: Duration, untilFix: Bool = false
  ) -> GPSDSurvey {
    let connection: GPSDConnection
    do {
      connection = try GPSDConnection.open(host: host, port: port)
    } catch {
      return GPSDSurvey(.unreachable(reason: error.message))
    }
    guard let stop = try? StopSignal() else { return GPSDSurvey(.silent) }
    let clock = ContinuousClock()
    var deadline = clock.now.advanced(by: duration)
    var paths: [String]?
    var satellites: (seen: Int, used: Int)?
    var fix: Fix.Mode?
    var mayRead = false
    watching: while clock.now < deadline {
      if !mayRead {
        let left = clock.now.duration(to: deadline)
        guard stop.wait(readable: connection.fileDescriptor, timeout: left) == .readable else {
          break
        }
      }
      switch connection.read() {
      case .closed:
        return GPSDSurvey(finding(paths, satellites), fix: fix)
      case .incomplete:
        mayRead = false
      case .report(let report):
        if let listed = connection.devicesReported {
          paths = listed
          if listed.isEmpty { return GPSDSurvey(.noReceiver) }
        }
        satellites = connection.satellitesReported ?? satellites
        if case .position(let mode, _?) = report, mode >= .twoD, mode > fix ?? .noFix {
          if untilFix && fix == nil { deadline = min(deadline, clock.now + .seconds(2)) }
          fix = mode
        }
        if untilFix, fix == .threeD, (satellites?.used ?? 0) > 0 { break watching }
        mayRead = connection.hasInput
      }
    }
    return GPSDSurvey(finding(paths, satellites), fix: fix)
  }

  private static func finding(_ paths: [String]?, _ satellites: (seen: Int, used: Int)?)
    -> Finding
  {
    guard let paths else { return .silent }
    if paths.isEmpty { return .noReceiver }
    return .receivers(
      paths: paths, satellitesSeen: satellites?.seen, satellitesUsed: satellites?.used)
  }
}

import Foundation

/// What gpsd says about its receivers, for telling a person why no fix comes: gpsd not
/// running, gpsd without a receiver, or a receiver that sees too few satellites.
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

  public init(_ finding: Finding) {
    self.finding = finding
  }

  /// Connects to gpsd at `host:port`, watches its reports for up to `duration` (or until it
  /// has listed no device) and closes the connection. Blocks the calling thread for that
  /// long; one receiver's SKY report comes once a second.
  public static func take(host: String, port: Int, for duration: Duration) -> GPSDSurvey {
    let connection: GPSDConnection
    do {
      connection = try GPSDConnection.open(host: host, port: port)
    } catch {
      return GPSDSurvey(.unreachable(reason: error.message))
    }
    guard let stop = try? StopSignal() else { return GPSDSurvey(.silent) }
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: duration)
    var paths: [String]?
    var satellites: (seen: Int, used: Int)?
    var mayRead = false
    while clock.now < deadline {
      if !mayRead {
        let left = clock.now.duration(to: deadline)
        guard stop.wait(readable: connection.fileDescriptor, timeout: left) == .readable else {
          break
        }
      }
      switch connection.read() {
      case .closed:
        return GPSDSurvey(finding(paths, satellites))
      case .incomplete:
        mayRead = false
      case .report:
        if let listed = connection.devicesReported {
          paths = listed
          if listed.isEmpty { return GPSDSurvey(.noReceiver) }
        }
        satellites = connection.satellitesReported ?? satellites
        mayRead = connection.hasInput
      }
    }
    return GPSDSurvey(finding(paths, satellites))
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

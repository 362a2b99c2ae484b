import Foundation

extension DaemonConfiguration {
  /// What this configuration names that this machine lacks: a map file that is not there,
  /// a bridge group that does not exist, a TLS file of the MQTT broker's it cannot read. `config check` reports each (exit 2); the daemon
  /// logs them and carries on without that part (the embedded map, the daemon's own
  /// group), since a map on a stick not mounted yet must not keep the unit from starting.
  public var machineProblems: [String] {
    var problems: [String] = []
    if let mapPath {
      var info = stat()
      if stat(mapPath, &info) != 0 {
        problems.append("$.map: \(mapPath): no such file (make one with `headunit maps import`)")
      } else if (info.st_mode & S_IFMT) != S_IFREG {
        problems.append("$.map: \(mapPath) is not a map file")
      }
    }
    if bridge.enabled, let group = bridge.group, getgrnam(group) == nil {
      problems.append(
        "$.bridge.group: there is no group \"\(group)\" on this machine "
          + "(`groupadd \(group)`, or leave it null)")
    }
    if fleet.enabled, fleet.transport == .mqtt {
      let files = [
        ("caFile", fleet.caFile), ("certFile", fleet.certFile), ("keyFile", fleet.keyFile),
      ]
      for case (let key, let path?) in files where access(path, R_OK) != 0 {
        problems.append("$.fleet.\(key): \(path): \(String(cString: strerror(errno)))")
      }
    }
    return problems
  }
}

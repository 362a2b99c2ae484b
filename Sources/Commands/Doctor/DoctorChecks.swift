import Foundation
import HeadUnit
import MapFile

/// The checks `headunit doctor` runs, each a function from what it needs to result lines.
/// They only look (open, read, a short tone): none changes the unit's files or settings.
enum DoctorChecks {
  /// The configuration at `path`: missing (the defaults apply), unreadable or invalid
  /// (with the JSON path), or valid with what the machine lacks for it.
  static func configuration(_ path: String) -> (DaemonConfiguration, [DoctorResult]) {
    guard FileManager.default.fileExists(atPath: path) else {
      return (
        DaemonConfiguration(),
        [
          .warning(
            "config", "no \(path): the unit runs on the defaults (no knob, buttons or map)",
            "copy Deploy/config.example.json there and edit it")
        ]
      )
    }
    do {
      let config = try DaemonConfiguration(contentsOf: path)
      let problems = config.machineProblems + config.speechRateProblems()
      return (
        config,
        [.ok("config", "\(path) is valid")]
          + problems.map { .failure("config", $0, "edit \(path), then `headunit config check`") }
      )
    } catch {
      return (
        DaemonConfiguration(),
        [.failure("config", error.message, "fix it, then `headunit config check \(path)`")]
      )
    }
  }

  /// The offline map the configuration names: it opens, and what it holds.
  static func map(_ config: DaemonConfiguration) -> DoctorResult {
    guard let path = config.mapPath else {
      return .warning(
        "map", "no map configured: destinations are the embedded Helsinki places only",
        "set \"map\" to a file made with `headunit maps import REGION.osm.pbf`")
    }
    do {
      let map = try RoadMap(contentsOf: URL(fileURLWithPath: path))
      return .ok(
        "map",
        "\(path): \(map.edgeCount) road edges, \(map.addressCount) addresses")
    } catch {
      return .failure(
        "map", "\(path) does not open: \(error)",
        "import it again with `headunit maps import`, or check it with `headunit maps verify`")
    }
  }

  /// The state directory: present, writable (a file written, synced and removed) and with
  /// room for trips and reports.
  static func state(_ config: DaemonConfiguration) -> DoctorResult {
    let path = config.stateDirectory
    var info = stat()
    guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else {
      return .failure(
        "state", "\(path) is missing", "create it for the service's user: mkdir -p \(path)")
    }
    let probe = "\(path)/.doctor-\(getpid())"
    let fd = open(probe, O_WRONLY | O_CREAT | O_EXCL, 0o600)
    guard fd >= 0 else {
      let reason = String(cString: strerror(errno))
      return .failure(
        "state", "\(path) is not writable (\(reason)): trips and reports cannot be saved",
        "give the service's user the directory (chown), or mount the disk read-write")
    }
    let written = write(fd, "ok", 2) == 2 && fsync(fd) == 0
    close(fd)
    unlink(probe)
    guard written else {
      return .failure("state", "\(path): a write failed (disk full?)", "free space on the disk")
    }
    var disk = statvfs()
    let free = statvfs(path, &disk) == 0 ? Int(disk.f_bavail) * Int(disk.f_frsize) : 0
    let megabytes = free / 1_000_000
    if megabytes < minimumFreeMegabytes {
      return .warning(
        "state", "\(path) is writable, \(megabytes) MB free",
        "free some space: the unit wants \(minimumFreeMegabytes) MB for trips and reports")
    }
    return .ok("state", "\(path) is writable, \(megabytes) MB free")
  }

  /// Below this much free space in the state directory, a warning.
  static let minimumFreeMegabytes = 20
}

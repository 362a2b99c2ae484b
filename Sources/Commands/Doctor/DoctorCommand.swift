import Foundation
import HeadUnit

/// `headunit doctor`: checks on the car what the unit needs — its configuration and map,
/// gpsd and a fix, the clock, the GPIO lines, the sound device, the framebuffer, the state
/// directory, the service and its journal — and prints a line each: ok, warn or FAIL, with
/// what to do. Exit 0 when nothing failed (warnings allowed), 1 otherwise.
enum DoctorCommand {
  static let help = """
    usage: headunit doctor [--config FILE] [--wait SECONDS] [--silent] [--service NAME]

    Checks what the unit needs on this machine and prints one line per check:
    ok, warn or FAIL, what was found and what to do. Exit 0 when nothing failed.

      --config FILE     the daemon's configuration (default \(DaemonConfiguration.defaultPath))
      --wait SECONDS    how long to wait for a GPS fix (default 10)
      --silent          open the sound device without playing the short tone
      --service NAME    the systemd unit to check (default headunit)

    Stop the unit first (systemctl stop headunit): while it runs it holds the GPIO lines
    and the sound device, and those checks say so.
    """

  static func run(_ words: [String], console: Console) throws -> HeadUnitCommand.Status {
    guard
      let args = try Arguments.unlessHelp(
        words, options: ["config", "wait", "service"], flags: ["silent", "help"], help: help,
        console: console)
    else { return .success }
    try args.noPositional("doctor")
    let path = args.value("config") ?? DaemonConfiguration.defaultPath
    let wait = try args.int("wait", default: 10, range: 0...600)
    let service = args.value("service") ?? "headunit"
    guard !service.isEmpty else { throw UsageError("doctor: --service needs a unit name") }

    var failed = false
    func report(_ results: [DoctorResult]) {
      for result in results {
        console.out(result.line)
        failed = failed || result.level == .failure
      }
    }
    let (config, configuration) = DoctorChecks.configuration(path)
    report(configuration)
    report([DoctorChecks.map(config)])
    report([DoctorChecks.gpsd(config, wait: .seconds(wait))])
    report([DoctorChecks.clock(config)])
    report(DoctorChecks.gpio(config))
    report([DoctorChecks.audio(config, silent: args.flag("silent"))])
    report([DoctorChecks.display(config)])
    report([DoctorChecks.state(config)])
    report([DoctorChecks.service(service), DoctorChecks.journal(service)])
    return failed ? .failure : .success
  }
}

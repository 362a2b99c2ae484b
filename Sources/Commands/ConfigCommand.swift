import Audio
import HeadUnit

/// `headunit config check FILE` and `headunit config defaults`: the daemon's configuration
/// file, checked before it is installed or printed with every field at its default.
///
/// `check` exits 0 and prints `FILE: OK` with a summary, or exits 2 with the first problem
/// (the file, the JSON path, what was expected) on standard error.
enum ConfigCommand {
  static let help = """
    usage: headunit config check FILE
           headunit config defaults

    The daemon reads one JSON configuration file (default \(DaemonConfiguration.defaultPath)).
    Every field is optional; Deploy/config.example.json shows them all.
      check FILE   validate FILE: print "FILE: OK" and what it sets up, or the first
                   problem with its JSON path (exit 2); also what this machine lacks (the
                   map file, the bridge's group), and a speaking rate at which espeak-ng
                   makes a final prompt last over \(VoicePrompt.finalLimit) s
      defaults     print a configuration with every field at its default (no GPIO inputs)
    """

  static func run(_ words: [String], console: Console) throws -> HeadUnitCommand.Status {
    guard
      let args = try Arguments.unlessHelp(
        words, options: [], flags: ["help"], help: help, console: console)
    else { return .success }
    guard let action = args.positional.first else {
      throw UsageError("config: check FILE or defaults? (headunit config --help)")
    }
    let rest = args.positional.dropFirst()
    switch action {
    case "check":
      guard let path = rest.first else {
        throw UsageError("config check: which file? (headunit config check FILE)")
      }
      if let extra = rest.dropFirst().first {
        throw UsageError("config check: unexpected argument '\(extra)'")
      }
      return check(path, console: console)
    case "defaults":
      if let extra = rest.first {
        throw UsageError("config defaults: unexpected argument '\(extra)'")
      }
      console.out(DaemonConfiguration().document.prettyPrinted)
      return .success
    default:
      throw UsageError("config: unknown action '\(action)' (expected check or defaults)")
    }
  }

  /// Reads and validates the file at `path`; exit status 2 when it is unreadable or wrong.
  static func check(_ path: String, console: Console) -> HeadUnitCommand.Status {
    do {
      let config = try DaemonConfiguration(contentsOf: path)
      let problems = config.machineProblems + config.speechRateProblems()
      guard problems.isEmpty else {
        for problem in problems { console.err("headunit: \(path): \(problem)") }
        return .usage
      }
      console.out("\(path): OK")
      for line in config.summary { console.out("  \(line)") }
      return .success
    } catch {
      console.err("headunit: \(error.message)")
      return .usage
    }
  }
}

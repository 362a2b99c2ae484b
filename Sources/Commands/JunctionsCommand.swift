import Foundation
import Junctions

/// `headunit junctions PATH... [--all] [--quiet]`: checks junction scenario files
/// (`JunctionFile`) through the real importer, router and maneuver builder.
public enum JunctionsCommand {
  static let help = """
    usage: headunit junctions PATH... [--all] [--quiet]

    Checks junction scenarios: each drawn junction is imported as an OpenStreetMap extract,
    routed, and its routes' maneuvers compared with the expected ones. PATH is a junction
    file or a folder of them (*.junctions). Prints each route that differs, with what was
    expected and what came, then a summary: exact routes, routes differing in words only,
    and the rest by kind (wrong side, roundabout exit, missing, needless, otherwise).
    Exit status 1 when a route differs, 2 when a file cannot be read (the others are
    still checked).
      --all     also print the routes that pass
      --quiet   the summary only
    """

  static func run(_ words: [String], console: Console) throws -> HeadUnitCommand.Status {
    guard
      let args = try Arguments.unlessHelp(
        words, options: [], flags: ["all", "quiet", "help"], help: help, console: console)
    else { return .success }
    guard !args.positional.isEmpty else {
      throw UsageError("junctions: which files? (headunit junctions PATH...)")
    }
    var files: [String] = []
    for path in args.positional {
      var isFolder: ObjCBool = false
      guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
        throw UsageError("junctions: no file or folder '\(path)'")
      }
      if isFolder.boolValue {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        files += names.filter { $0.hasSuffix(".junctions") }.sorted().map { "\(path)/\($0)" }
      } else {
        files.append(path)
      }
    }
    var scenarios: [JunctionScenario] = []
    var unreadable = 0
    for file in files {
      do {
        scenarios += try JunctionFile.read(path: file)
      } catch {
        console.err("headunit: junctions: \(error)")
        unreadable += 1
      }
    }
    var tally = JunctionTally()
    for scenario in scenarios {
      for result in JunctionCheck.run(scenario) {
        let difference = tally.add(result)
        if args.flag("quiet") || (result.passed && !args.flag("all")) { continue }
        console.out(report(result, difference))
      }
    }
    console.out(tally.summary)
    if unreadable > 0 {
      console.err("headunit: junctions: \(unreadable) of \(files.count) files could not be read")
      return .usage
    }
    return tally.failed == 0 ? .success : .failure
  }

  static func report(_ result: JunctionCheck.Result, _ difference: ManeuverDifference) -> String {
    var lines = ["\(result.passed ? "ok  " : "FAIL") \(result.label)"]
    if !result.passed {
      lines.append("  expected: " + result.expected.map(\.description).joined(separator: ", "))
      if let problem = result.problem {
        lines.append("  \(problem)")
      } else {
        lines.append("  got:      " + result.got.map(\.description).joined(separator: ", "))
        lines.append("  (\(difference.summary))")
      }
    }
    return lines.joined(separator: "\n")
  }
}

import Bench
import Commands
import Foundation

exit(
  HeadUnitCommand.run(
    Array(CommandLine.arguments.dropFirst()), commands: ["bench": BenchCommand.run]
  ).rawValue)

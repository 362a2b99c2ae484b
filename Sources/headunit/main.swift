import Bench
import Foundation
import HeadUnit

exit(
  HeadUnitCommand.run(
    Array(CommandLine.arguments.dropFirst()), commands: ["bench": BenchCommand.run]
  ).rawValue)

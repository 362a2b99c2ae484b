import Foundation
import HeadUnit

exit(HeadUnitCommand.run(Array(CommandLine.arguments.dropFirst())).rawValue)

/// `headunit gps [--host H] [--port P] [--once]`: the bench fix monitor.
enum GPSCommand {
  static func run(_ words: [String], console: Console) throws -> HeadUnitCommand.Status {
    throw UsageError("gps: not available yet")
  }
}

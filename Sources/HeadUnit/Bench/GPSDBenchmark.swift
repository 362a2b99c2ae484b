/// `headunit bench gpsd`: latency from a gpsd report to the delivered event, and the CPU
/// time of a source connected to an idle gpsd.
enum GPSDBenchmark {
  static func run(_ args: Arguments, console: Console) throws -> HeadUnitCommand.Status {
    throw UsageError("bench gpsd: not available yet")
  }
}

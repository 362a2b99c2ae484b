import Board
import Commands
import Core
import Foundation
import HeadUnit
import Rigs

/// `headunit bench fleet [--reports N] [--interval S] [--duration S] [--format F]`: fleet
/// reporting over MQTT to a real Mosquitto on loopback, through the daemon's own
/// `FleetService`, `MQTTTransport` and `FleetQueueFile`.
///
/// Two figures: how fast an outage's backlog goes out once the broker is back (the burst,
/// `FleetBenchmark+Burst.swift`), and what reporting costs the process while the link is up
/// (`FleetBenchmark+CPU.swift`). Reports arrive at a `mosquitto_sub` subscriber, a process
/// of its own, so its work is not counted in this one's CPU time.
enum FleetBenchmark {
  static let help = """
    usage: headunit bench fleet [--reports N] [--interval S] [--duration S] [--format json|owntracks]

    fleet: starts its own Mosquitto on loopback and a subscriber to the report topic.
    Burst: stops the broker, has the fleet service (MQTT transport, its queue saved in
    fleet-queue.json in a temporary folder, as in the car) make N reports (default 360, an
    hour offline at 10 s), starts the broker again and ticks every 50 ms until the queue is
    empty; prints the time until the transport is back, until the broker acknowledged all N
    (the queue empty) and until the subscriber has them all, in order, and reports a second.
    CPU: the service ticking every S seconds (--interval, default 5, the least the
    configuration takes) on a vehicle driving the helsinki-1 route, for --duration seconds
    (default 60), after as long with the same vehicle and reporting off; prints the
    process's CPU time (user + system) of both as % of one core, and per report delivered.
    --format: what a report looks like on the topic (default json).
    """

  static func run(_ args: Arguments, console: Console) throws -> HeadUnitCommand.Status {
    let reports = try args.int("reports", default: 360, range: 1...10_000)
    let interval = try args.int("interval", default: 5, range: 5...60)
    let duration = try args.int("duration", default: 60, range: 5...3_600)
    let name = args.value("format") ?? "json"
    guard let format = MQTTTransport.Format(rawValue: name) else {
      throw UsageError("--format must be json or owntracks, not '\(name)'")
    }
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "headunit-bench-fleet-\(UUID().uuidString)", isDirectory: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let drive = try FleetDrive()
    let broker = try MosquittoBroker.start()
    let burst = Burst(
      reports: reports, format: format, drive: drive, broker: broker,
      directory: directory.appendingPathComponent("burst", isDirectory: true))
    let result = try burst.run()
    console.out(result.summary)
    let cpu = CPU(
      interval: interval, duration: duration, format: format, drive: drive, broker: broker,
      directory: directory.appendingPathComponent("cpu", isDirectory: true))
    console.out(try cpu.run().summary)
    guard result.complete else {
      console.err("headunit: bench fleet: the subscriber did not get every report in order")
      return .failure
    }
    return .success
  }

  /// The MQTT transport to `broker` that `headunit run` makes for vehicle `van-7`.
  static func transport(
    _ broker: MosquittoBroker, format: MQTTTransport.Format, timeout: Duration
  ) throws -> MQTTTransport {
    guard let url = URL(string: broker.url) else {
      throw BoardError(.failed, "the broker's URL \(broker.url) does not parse")
    }
    return try MQTTTransport(
      MQTTTransport.Settings(
        broker: url, topic: "fleet/van-7/state", statusTopic: "fleet/van-7/status",
        clientId: "headunit-van-7", keepalive: .seconds(60), timeout: timeout),
      format: format)
  }

  /// A logger for the services that writes errors (a queue that cannot be saved) and
  /// nothing else: the outage's warnings are the point of the burst.
  static func logger(_ console: Console? = nil) -> Logger {
    Logger(label: "fleet", level: .error) { line in console?.err(line) }
  }
}

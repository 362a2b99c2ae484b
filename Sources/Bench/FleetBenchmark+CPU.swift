import Core
import Foundation
import HeadUnit
import Navigation
import Rigs

extension FleetBenchmark {
  /// What reporting costs the process while the link is up.
  ///
  /// A vehicle driving at 10 m/s is observed once a second, as the daemon observes after
  /// each fix, for `duration` seconds with the service made but not started (the
  /// baseline: the bench's own loop and an idle process), then for as long with it
  /// reporting on its own timer every `interval` seconds to the broker: every tick makes a
  /// report (the vehicle moved 50 m or more), published with QoS 1 and waited for.
  struct CPU {
    var interval: Int
    var duration: Int
    var format: MQTTTransport.Format
    var drive: FleetDrive
    var broker: MosquittoBroker
    var directory: URL

    struct Result {
      var interval: Int
      var duration: Int
      var idle: CPUTime
      var reporting: CPUTime
      var delivered: Int
      var queued: Int
      var failures: [String: Int]

      var summary: String {
        let seconds = Double(duration)
        let own = reporting.total - idle.total
        let failed =
          failures.isEmpty
          ? "" : ", failures \(failures.sorted { $0.key < $1.key }.map { "\($0) \($1)" })"
        return String(
          format: "  CPU reporting every %d s over %d s: %.3f s (user %.3f, system %.3f), "
            + "%.3f %% of one core; %d reports delivered%@%@: %.2f ms a report; idle "
            + "baseline, same loop without reporting: %.3f s, %.3f %%; reporting's own "
            + "%.3f s, %.3f %%, %.2f ms a report",
          interval, duration, reporting.total, reporting.user, reporting.system,
          reporting.total / seconds * 100, delivered, queued > 0 ? " (\(queued) queued)" : "",
          failed, reporting.total * 1e3 / Double(max(1, delivered)), idle.total,
          idle.total / seconds * 100, own, own / seconds * 100,
          own * 1e3 / Double(max(1, delivered)))
      }
    }

    func run() throws -> Result {
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      let service = FleetService(
        reporter: FleetReporter(
          configuration: .init(vehicleId: "van-7", interval: .seconds(interval))),
        transport: try FleetBenchmark.transport(broker, format: format, timeout: .seconds(5)),
        store: FleetQueueFile(directory: directory), logger: FleetBenchmark.logger())
      defer {
        service.stop()
        service.drain()
      }
      let start = Date()
      let idle = observe(service, from: start)
      service.start()
      let reporting = observe(service, from: start)
      service.stop()
      service.drain()
      let reporter = service.reporter
      return Result(
        interval: interval, duration: duration, idle: idle, reporting: reporting,
        delivered: reporter.deliveredCount, queued: reporter.queue.count,
        failures: reporter.failures)
    }

    /// Hands `service` the vehicle once a second for `duration` seconds; the process's CPU
    /// time meanwhile.
    private func observe(_ service: FleetService, from start: Date) -> CPUTime {
      let clock = ContinuousClock()
      let end = clock.now + .seconds(duration)
      let before = CPUTime.ofThisProcess
      var next = clock.now
      while next < end {
        service.observe(drive.state(at: Date().timeIntervalSince(start), start: start))
        next = next + .seconds(1)
        let wait = min(next, end) - clock.now
        if wait > .zero { Thread.sleep(forTimeInterval: wait.seconds) }
      }
      return CPUTime.ofThisProcess.since(before)
    }
  }
}

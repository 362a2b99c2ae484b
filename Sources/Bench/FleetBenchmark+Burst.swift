import Board
import Core
import Foundation
import HeadUnit
import JSON
import Navigation
import Rigs
import Synchronization

extension FleetBenchmark {
  /// An outage's backlog going out once the broker is back.
  ///
  /// The broker is stopped (`SIGKILL`, as a lost link looks to the unit: no answer) after
  /// the subscriber's persistent session is saved; the service makes `reports` reports on a
  /// virtual clock 10 s apart, each saved to `fleet-queue.json` as the reporter asks while
  /// the endpoint cannot be reached; then the broker starts again on the same port and the
  /// service is ticked every 50 ms (the daemon's ticks are `interval` apart: up to that
  /// much more) until its queue is empty. The reporter sends the next report as soon as
  /// the last is acknowledged (catch-up), so once a tick finds the transport connected the
  /// whole backlog goes out back to back, one QoS 1 publish and its PUBACK at a time.
  struct Burst {
    var reports: Int
    var format: MQTTTransport.Format
    var drive: FleetDrive
    var broker: MosquittoBroker
    var directory: URL

    struct Result {
      var reports: Int
      var format: MQTTTransport.Format
      /// Wall time to make and save the backlog with the broker down.
      var queueing: Duration
      var saves: Int
      var saving: Duration
      var fileBytes: Int
      /// Broker listening again → the tick that found the transport connected began.
      var reconnect: Duration
      /// That tick → the queue empty (every report acknowledged).
      var drain: Duration
      /// Broker listening again → the subscriber has every report.
      var arrival: Duration?
      var arrived: Int
      var duplicates: Int
      /// The subscriber got 1…N, in order (a duplicate right after its first copy aside).
      var complete: Bool
      var drainSaves: Int

      var summary: String {
        let rate = Double(reports) / max(drain.seconds, 1e-9)
        let received =
          arrival.map {
            String(
              format: "all %d at the subscriber, in order%@, %.2f s after the broker was back "
                + "(%.0f reports/s from the drain's start)",
              reports, duplicates > 0 ? " (\(duplicates) twice)" : "", $0.seconds,
              Double(reports) / max(($0 - reconnect).seconds, 1e-9))
          }
          ?? "the subscriber got \(arrived) of \(reports)"
          + (complete ? "" : ", not 1…\(reports) in order")
        return String(
          format: "bench fleet: burst of %d reports (%@): queued with the broker down in "
            + "%.2f s, %d saves of fleet-queue.json (%.1f KB at the end) taking %.2f s; "
            + "broker back → transport connected %.2f s (the transport's reconnect backoff); "
            + "drained: all acknowledged in %.3f s, %.0f reports/s, %d save; %@",
          reports, format.rawValue, queueing.seconds, saves, Double(fileBytes) / 1024,
          saving.seconds, reconnect.seconds, drain.seconds, rate, drainSaves, received)
      }
    }

    func run() throws -> Result {
      let subscriber = try MQTTSubscriber(
        broker: broker, filter: "fleet/van-7/state", clientId: "bench-subscriber")
      // The broker saves the subscription within its autosave second; killed before that,
      // it would come back without the session and drop what is published to it.
      Thread.sleep(forTimeInterval: 1.5)
      broker.stop()

      let start = Date(timeIntervalSince1970: 1_800_000_000)
      let clock = Mutex(start)
      let store = CountingStore(FleetQueueFile(directory: directory))
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      let service = FleetService(
        reporter: FleetReporter(
          configuration: .init(
            vehicleId: "van-7", interval: .seconds(10), queueLimit: max(360, reports))),
        transport: try FleetBenchmark.transport(broker, format: format, timeout: .seconds(2)),
        store: store, logger: FleetBenchmark.logger(), automatic: false
      ) { clock.withLock { $0 } }
      defer {
        service.stop()
        service.drain()
      }
      let wall = ContinuousClock()
      let queueing = try wall.measure {
        service.start()
        for _ in 0..<reports {
          let now = clock.withLock { $0 }
          service.observe(drive.state(at: now.timeIntervalSince(start), start: start))
          service.tick()
          clock.withLock { $0 += 10 }
        }
        guard service.reporter.queue.count == reports else {
          throw BoardError(
            .failed,
            "\(service.reporter.queue.count) of \(reports) reports queued with the broker down "
              + "(\(service.reporter.deliveredCount) delivered)")
        }
      }
      let queued = store.counts
      let file = FleetQueueFile(directory: directory)
      let size = (try? FileManager.default.attributesOfItem(atPath: file.url.path)[.size]) as? Int

      try broker.restart()
      let back = wall.now
      var drainStart = back
      repeat {
        guard wall.now - back < .seconds(120) else {
          throw BoardError(.failed, "the queue was not empty 120 s after the broker was back")
        }
        if drainStart != back { Thread.sleep(forTimeInterval: 0.05) }
        drainStart = wall.now
        service.tick()
      } while !service.reporter.queue.isEmpty
      let drained = wall.now

      var arrival: Duration?
      var sequences: [Int] = []
      while wall.now - back < .seconds(60) {
        sequences = subscriber.messages.compactMap { sequence(of: $0.payload, start: start) }
        if Set(sequences).count >= reports {
          arrival = wall.now - back
          break
        }
        Thread.sleep(forTimeInterval: 0.01)
      }
      subscriber.stop()
      let unique = sequences.reduce(into: [Int]()) { if $0.last != $1 { $0.append($1) } }
      return Result(
        reports: reports, format: format, queueing: queueing, saves: queued.saves,
        saving: queued.time,
        fileBytes: size ?? 0, reconnect: drainStart - back, drain: drained - drainStart,
        arrival: arrival, arrived: Set(sequences).count,
        duplicates: sequences.count - unique.count, complete: unique == Array(1...reports),
        drainSaves: store.counts.saves - queued.saves)
    }

    /// The report's sequence number: its `sequence` in JSON; in OwnTracks, which has none,
    /// from its time (`tst`), the reports being 10 s apart from `start`.
    private func sequence(of payload: String, start: Date) -> Int? {
      guard let node = try? JSONNode(parsing: Data(payload.utf8)) else { return nil }
      switch format {
      case .json:
        return try? node.required("sequence").integer(in: 1...Int(Int32.max))
      case .owntracks:
        guard let tst = try? node.required("tst").integer(in: 0...Int(Int32.max)) else {
          return nil
        }
        return (tst - Int(start.timeIntervalSince1970)) / 10 + 1
      }
    }
  }

  /// A queue store that counts the saves made through it and the time they took.
  final class CountingStore: FleetQueueStore {
    private let store: any FleetQueueStore
    private let state = Mutex<(saves: Int, time: Duration)>((0, .zero))

    init(_ store: any FleetQueueStore) {
      self.store = store
    }

    var counts: (saves: Int, time: Duration) { state.withLock { $0 } }

    func load(limit: Int) -> (backlog: FleetBacklog, warning: String?) {
      store.load(limit: limit)
    }

    func save(_ backlog: FleetBacklog) throws(AtomicFile.Error) {
      let clock = ContinuousClock()
      let began = clock.now
      defer {
        let took = clock.now - began
        state.withLock {
          $0.saves += 1
          $0.time += took
        }
      }
      try store.save(backlog)
    }
  }
}

/// Power supplies from `/sys/class/power_supply`, re-read every `interval`.
///
/// The kernel offers no change notification we can rely on for every fuel gauge (uevents
/// are per driver), so the tree is polled: a task sleeps `interval` (default 2 s) between
/// reads, with `Task.sleep`, so no thread is held. A snapshot is yielded only when it differs
/// from the previous one. Cancelling the consumer's iteration stops the polling.
///
/// If the tree is missing (a desktop without the class, a container), the source yields an
/// empty snapshot, reports the problem once through `report`, and keeps polling.
public struct SysfsPowerSource: PowerSupplySource {
  public let reader: PowerSupplyReader
  public let interval: Duration
  private let report: @Sendable (BoardError) -> Void

  /// - Parameters:
  ///   - root: the power-supply class directory.
  ///   - interval: time between reads.
  ///   - report: told (once per outage) when the tree cannot be read; pass a logger's sink.
  public init(
    root: String = "/sys/class/power_supply", interval: Duration = .seconds(2),
    report: @escaping @Sendable (BoardError) -> Void = { _ in }
  ) {
    precondition(interval > .zero, "interval must be positive")
    self.reader = PowerSupplyReader(root: root)
    self.interval = interval
    self.report = report
  }

  public func supplies() -> AsyncStream<[PowerSupplyState]> {
    let (stream, continuation) = AsyncStream.makeStream(
      of: [PowerSupplyState].self, bufferingPolicy: .bufferingNewest(1))
    let task = Task { [reader, interval, report] in
      var last: [PowerSupplyState]?
      var degraded = false
      while !Task.isCancelled {
        var snapshot: [PowerSupplyState] = []
        do throws(BoardError) {
          snapshot = try reader.read()
          degraded = false
        } catch {
          if !degraded { report(error) }
          degraded = true
        }
        if snapshot != last {
          continuation.yield(snapshot)
          last = snapshot
        }
        do {
          try await Task.sleep(for: interval)
        } catch {
          break
        }
      }
      continuation.finish()
    }
    continuation.onTermination = { _ in task.cancel() }
    return stream
  }
}

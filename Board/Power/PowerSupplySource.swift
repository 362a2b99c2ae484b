import Core

/// Something that reports the power supplies: the sysfs tree, or a script.
///
/// `supplies()` may be called once. The first snapshot comes at once; later ones when
/// something may have changed. Sources never throw: a missing tree is reported through the
/// source's own channel and reads as no supplies.
public protocol PowerSupplySource: Sendable {
  /// Snapshots of every supply, sorted by name.
  func supplies() -> AsyncStream<[PowerSupplyState]>
}

extension PowerSupplySource {
  /// The supply snapshots run through `monitor`: external power and battery changes only.
  ///
  /// For owners that do not also feed ignition events to a monitor of their own.
  public func powerEvents(monitor: PowerMonitor = PowerMonitor()) -> AsyncStream<PowerEvent> {
    let snapshots = supplies()
    let (events, continuation) = AsyncStream.makeStream(of: PowerEvent.self)
    let task = Task {
      var monitor = monitor
      for await snapshot in snapshots {
        for event in monitor.handle(supplies: snapshot) {
          continuation.yield(event)
        }
      }
      continuation.finish()
    }
    continuation.onTermination = { _ in task.cancel() }
    return events
  }
}

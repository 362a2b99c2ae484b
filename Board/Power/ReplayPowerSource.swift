/// Scripted power-supply snapshots, for tests, the bench and demos.
///
/// Yields each step's snapshot after waiting its `after` (on `Task.sleep`; zero waits not at
/// all), then finishes.
public struct ReplayPowerSource: PowerSupplySource {
  /// One scripted snapshot.
  public struct Step: Sendable, Equatable {
    /// The wait before this snapshot.
    public var after: Duration
    public var supplies: [PowerSupplyState]

    public init(after: Duration = .zero, _ supplies: [PowerSupplyState]) {
      self.after = after
      self.supplies = supplies
    }
  }

  public let steps: [Step]

  public init(_ steps: [Step]) {
    self.steps = steps
  }

  public func supplies() -> AsyncStream<[PowerSupplyState]> {
    let (stream, continuation) = AsyncStream.makeStream(of: [PowerSupplyState].self)
    let task = Task { [steps] in
      for step in steps {
        if step.after > .zero {
          do {
            try await Task.sleep(for: step.after)
          } catch {
            break
          }
        }
        continuation.yield(step.supplies)
      }
      continuation.finish()
    }
    continuation.onTermination = { _ in task.cancel() }
    return stream
  }
}

import Core
import Foundation

extension GPIOEdgeSource {
  /// How long after a deadline the decoder is ticked, and how far back it settles: an edge
  /// that happened just before a deadline (a release just before the long-press time) may
  /// still be on its way from the kernel, and must be applied first.
  public static let deadlineGrace = Duration.milliseconds(5)

  /// The lines' edges decoded with `config`: knob detents, button press / long press /
  /// release, ignition after its debounce — starting with what the levels at open mean
  /// (the ignition state).
  ///
  /// The decoder is owned by one task, which wakes for each edge and for the decoder's next
  /// deadline (long press, ignition off delay), whichever comes first. The stream ends when
  /// the edges end (the source failed: see `failure`) or the consumer stops iterating.
  public func inputEvents(_ config: ResolvedInputConfig) -> AsyncStream<InputEvent> {
    enum Wake: Sendable {
      case edge(Edge)
      case deadline
      case end
    }
    let (events, output) = AsyncStream.makeStream(of: InputEvent.self)
    let (wakes, wake) = AsyncStream.makeStream(of: Wake.self)
    let edges = self.edges()
    let levels = initialLevels
    let pump = Task {
      for await edge in edges { wake.yield(.edge(edge)) }
      wake.yield(.end)
    }
    let decoding = Task {
      var decoder = InputDecoder(config)
      for event in decoder.seed(levels: levels, at: Self.now()) { output.yield(event) }
      var timer: Task<Void, Never>?
      var timerDeadline: Duration?
      loop: for await event in wakes {
        var decoded: [InputEvent] = []
        switch event {
        case .edge(let edge):
          decoded = decoder.handle(edge)
        case .deadline:
          timerDeadline = nil
          decoded = decoder.tick(at: Self.now() - Self.deadlineGrace)
        case .end:
          break loop
        }
        for item in decoded { output.yield(item) }
        let next = decoder.nextDeadline
        if next != timerDeadline {
          timer?.cancel()
          timer = nil
          timerDeadline = next
          if let next {
            let delay = next + Self.deadlineGrace - Self.now()
            timer = Task {
              try? await Task.sleep(for: max(delay, .zero))
              if !Task.isCancelled { wake.yield(.deadline) }
            }
          }
        }
      }
      timer?.cancel()
      output.finish()
    }
    output.onTermination = { _ in
      pump.cancel()
      decoding.cancel()
      wake.finish()
    }
    return events
  }
}

import Board
import Testing

@Suite("Replayed GPIO edges")
struct GPIOReplayEdgeSourceTests {
  static let capture = """
    # gpiomon -l pinctrl-bcm2711 22
    event: FALLING EDGE offset: 17 timestamp: [    1414.602280568]

    event:  RISING EDGE offset: 22 timestamp: [    1414.65]
    """

  static let edges = [
    Edge(line: 17, rising: false, timestamp: .seconds(1414) + .nanoseconds(602_280_568)),
    Edge(line: 22, rising: true, timestamp: .seconds(1414) + .milliseconds(650)),
  ]

  func collect(_ source: some EdgeSource) async -> [Edge] {
    var edges: [Edge] = []
    for await edge in source.edges() { edges.append(edge) }
    return edges
  }

  @Test("a gpiomon capture reads as edges with its kernel timestamps")
  func gpiomon() async throws {
    let source = try ReplayEdgeSource(gpiomon: Self.capture)
    #expect(source.recording == Self.edges)
    #expect(await collect(source) == Self.edges)
    // Each call plays the whole recording.
    #expect(await collect(source) == Self.edges)
  }

  @Test("a line that is not a gpiomon event names its line number")
  func badLine() {
    #expect(throws: BoardError.self) {
      try ReplayEdgeSource(gpiomon: "event:  RISING EDGE offset: 3 timestamp: [ 1.0 ]\nhello")
    }
    do {
      _ = try ReplayEdgeSource(gpiomon: "\nevent: RISING EDGE offset: x timestamp: [1.0]")
      Issue.record("expected an error")
    } catch {
      #expect(error.code == .configuration)
      #expect(error.message.hasPrefix("line 2: not a gpiomon event"))
    }
  }

  @Test("real-time pacing keeps the recorded gaps, scaled by speed")
  func realTime() async {
    let edges = (0..<3).map { Edge(line: 5, rising: $0 % 2 == 0, timestamp: .seconds($0)) }
    let source = ReplayEdgeSource(edges, pacing: .realTime(speed: 20))
    let clock = ContinuousClock()
    var played: [Edge] = []
    let elapsed = await clock.measure { played = await collect(source) }
    #expect(played == edges)
    // 2 s recorded at 20× is 100 ms. (No upper bound: a loaded machine may be slow.)
    #expect(elapsed >= .milliseconds(100), "\(elapsed)")
  }

  @Test("a consumer that stops early stops a real-time replay")
  func stopEarly() async {
    let edges = (0..<100).map { Edge(line: 5, rising: $0 % 2 == 0, timestamp: .seconds($0)) }
    let source = ReplayEdgeSource(edges, pacing: .realTime(speed: 1))
    var first: Edge?
    for await edge in source.edges() {
      first = edge
      break
    }
    #expect(first == edges[0])
  }
}

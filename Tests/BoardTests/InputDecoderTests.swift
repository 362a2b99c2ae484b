import Board
import Testing

@testable import Core

private func ms(_ value: Int) -> Duration { .milliseconds(value) }

@Suite("Input decoder")
struct InputDecoderTests {
  /// Encoder on 17/27, select on 22, back on 23, ignition on 5.
  static let config = ResolvedInputConfig(
    board: .pi4,
    lines: [
      .init(offset: 17, kind: .encoderA, activeLow: false, pullUp: true),
      .init(offset: 27, kind: .encoderB, activeLow: false, pullUp: true),
      .init(offset: 22, kind: .button(role: .select), activeLow: true, pullUp: true),
      .init(offset: 23, kind: .button(role: .back), activeLow: true, pullUp: true),
      .init(offset: 5, kind: .ignition, activeLow: false, pullUp: false),
    ],
    encoder: .init(transitionsPerDetent: 4, reversed: false, acceleration: nil))

  /// Feeds edges in order, ticking at each deadline that falls between them, as the owner's
  /// loop would; then runs the clock on to `end`.
  func run(_ edges: [Edge], until end: Duration, config: ResolvedInputConfig = config)
    -> [InputEvent]
  {
    var decoder = InputDecoder(config)
    var events: [InputEvent] = []
    for edge in edges.sorted(by: { $0.timestamp < $1.timestamp }) {
      while let deadline = decoder.nextDeadline, deadline < edge.timestamp {
        events += decoder.tick(at: deadline)
      }
      events += decoder.handle(edge)
    }
    events += decoder.tick(at: end)
    return events
  }

  @Test func encoderEdgesBecomeRotations() {
    var signal = QuadratureSignal(bouncesPerEdge: 1)
    signal.turn(3, every: .milliseconds(80))
    signal.turn(-2, every: .milliseconds(80))
    let events = run(signal.edges, until: .seconds(5))
    let detents = events.compactMap { event -> Int? in
      guard case .rotated(let detents, _) = event else { return nil }
      return detents
    }
    #expect(detents == [1, 1, 1, -1, -1])
    // Each rotation is stamped with the edge that completed it.
    guard case .rotated(_, let first) = events.first else {
      Issue.record("no rotation")
      return
    }
    #expect(first == .seconds(1) + ms(80))
  }

  @Test func buttonsAndIgnitionInterleaved() {
    let edges = [
      Edge(line: 5, rising: true, timestamp: ms(0)),
      Edge(line: 22, rising: true, timestamp: ms(100)),
      Edge(line: 22, rising: false, timestamp: ms(101)),  // bounce
      Edge(line: 22, rising: true, timestamp: ms(102)),
      Edge(line: 23, rising: true, timestamp: ms(150)),
      Edge(line: 22, rising: false, timestamp: ms(300)),
      Edge(line: 23, rising: false, timestamp: ms(1500)),
      Edge(line: 5, rising: false, timestamp: ms(5000)),
      Edge(line: 5, rising: true, timestamp: ms(6000)),  // 1 s cranking dip
      Edge(line: 5, rising: false, timestamp: ms(10_000)),
    ]
    let events = run(edges, until: .seconds(20))
    #expect(
      events == [
        .ignition(on: true, at: ms(50)),
        .button(role: .select, action: .press, at: ms(112)),
        .button(role: .back, action: .press, at: ms(160)),
        .button(role: .select, action: .release, at: ms(310)),
        .button(role: .back, action: .longPress, at: ms(850)),
        .button(role: .back, action: .release, at: ms(1510)),
        .ignition(on: false, at: ms(12_000)),
      ])
  }

  /// Deadlines due before an edge are settled first and keep their own time, even if the
  /// owner never ticked.
  @Test func overdueDeadlinesKeepTheirTime() {
    var decoder = InputDecoder(Self.config)
    _ = decoder.handle(Edge(line: 22, rising: true, timestamp: ms(0)))
    let events = decoder.handle(Edge(line: 22, rising: false, timestamp: ms(2000)))
    #expect(
      events == [
        .button(role: .select, action: .press, at: ms(10)),
        .button(role: .select, action: .longPress, at: ms(700)),
      ])
    #expect(decoder.nextDeadline == ms(2010))
  }

  /// The headlights settle after half a second either way: a switch turned through its
  /// positions does not flash the screen; the level read at start counts at once.
  @Test func headlightsSettleAfterHalfASecond() {
    var config = Self.config
    config.lines.append(.init(offset: 6, kind: .headlights, activeLow: false, pullUp: false))
    var decoder = InputDecoder(config)
    #expect(decoder.seed(levels: [6: false], at: ms(0)) == [.headlights(on: false, at: ms(0))])
    let edges = [
      Edge(line: 6, rising: true, timestamp: ms(1000)),
      Edge(line: 6, rising: false, timestamp: ms(1300)),  // flicked through
      Edge(line: 6, rising: true, timestamp: ms(2000)),
      Edge(line: 6, rising: false, timestamp: ms(9000)),
    ]
    var events: [InputEvent] = []
    for edge in edges {
      while let deadline = decoder.nextDeadline, deadline < edge.timestamp {
        events += decoder.tick(at: deadline)
      }
      events += decoder.handle(edge)
    }
    events += decoder.tick(at: .seconds(20))
    #expect(events == [.headlights(on: true, at: ms(2500)), .headlights(on: false, at: ms(9500))])
  }

  @Test func unknownLinesAreIgnored() {
    var decoder = InputDecoder(Self.config)
    #expect(decoder.handle(Edge(line: 4, rising: true, timestamp: ms(1))) == [])
    #expect(decoder.nextDeadline == nil)
  }

  @Test func seedReportsIgnitionAndSetsLevels() {
    var decoder = InputDecoder(Self.config)
    let events = decoder.seed(levels: [5: true, 22: true, 17: true, 27: true], at: ms(0))
    #expect(events == [.ignition(on: true, at: ms(0))])
    // Select was held at start: its release is reported, no press.
    _ = decoder.handle(Edge(line: 22, rising: false, timestamp: ms(100)))
    #expect(decoder.tick(at: ms(110)) == [.button(role: .select, action: .release, at: ms(110))])
  }

  @Test func reversedAndAcceleratedEncoderFromConfig() {
    var config = Self.config
    config.encoder = .init(transitionsPerDetent: 2, reversed: true, acceleration: .standard)
    var signal = QuadratureSignal()
    signal.turn(4, every: .milliseconds(10), transitionsPerDetent: 2)
    let events = run(signal.edges, until: .seconds(5), config: config)
    let detents = events.compactMap { event -> Int? in
      guard case .rotated(let detents, _) = event else { return nil }
      return detents
    }
    #expect(detents == [-1, -4, -4, -4])
  }
}

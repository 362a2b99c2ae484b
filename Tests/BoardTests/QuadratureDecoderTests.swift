import Testing

@testable import Board

@Suite("Quadrature decoder")
struct QuadratureDecoderTests {
  /// The table: one bit changing is one step; none is nothing; both is invalid.
  @Test func transitionTable() {
    let clockwise: [(UInt8, UInt8)] = [(0b11, 0b01), (0b01, 0b00), (0b00, 0b10), (0b10, 0b11)]
    for (old, new) in clockwise {
      #expect(QuadratureDecoder.table[Int(old << 2 | new)] == .clockwise)
      #expect(QuadratureDecoder.table[Int(new << 2 | old)] == .counterClockwise)
    }
    for state in 0..<4 {
      #expect(QuadratureDecoder.table[state << 2 | state] == .none)
      #expect(QuadratureDecoder.table[state << 2 | (state ^ 0b11)] == .invalid)
    }
  }

  @Test(arguments: [1, 2, 4])
  func slowSpinBothWays(transitionsPerDetent: Int) {
    var signal = QuadratureSignal()
    signal.turn(5, every: .milliseconds(120), transitionsPerDetent: transitionsPerDetent)
    signal.pause(.milliseconds(500))
    signal.turn(-3, every: .milliseconds(120), transitionsPerDetent: transitionsPerDetent)
    var decoder = QuadratureDecoder(transitionsPerDetent: transitionsPerDetent)
    let counts = decode(signal.edges, with: &decoder)
    #expect(counts == [1, 1, 1, 1, 1, -1, -1, -1])
  }

  @Test func fastSpinBothWaysWithoutAcceleration() {
    var signal = QuadratureSignal()
    signal.turn(40, every: .milliseconds(4))
    signal.turn(-40, every: .milliseconds(4))
    var decoder = QuadratureDecoder()
    let counts = decode(signal.edges, with: &decoder)
    #expect(counts == Array(repeating: 1, count: 40) + Array(repeating: -1, count: 40))
  }

  @Test(arguments: [1, 2, 4])
  func bounceOnEveryEdgeCountsNothingExtra(transitionsPerDetent: Int) {
    var signal = QuadratureSignal(bouncesPerEdge: 3)
    signal.turn(7, every: .milliseconds(60), transitionsPerDetent: transitionsPerDetent)
    signal.turn(-4, every: .milliseconds(60), transitionsPerDetent: transitionsPerDetent)
    var decoder = QuadratureDecoder(transitionsPerDetent: transitionsPerDetent)
    let counts = decode(signal.edges, with: &decoder)
    #expect(counts.reduce(0, +) == 3)
    #expect(counts.filter { $0 > 0 }.count == 7)
    #expect(counts.filter { $0 < 0 }.count == 4)
  }

  /// Bounce during a fast spin, with bounce edges overlapping the next transition's time.
  @Test func bounceOnEveryEdgeDuringFastSpin() {
    var signal = QuadratureSignal(bouncesPerEdge: 2)
    signal.bounceSpacing = .microseconds(50)
    signal.turn(-25, every: .milliseconds(3))
    var decoder = QuadratureDecoder()
    #expect(decode(signal.edges, with: &decoder) == Array(repeating: -1, count: 25))
  }

  /// A lost edge loses its detent and nothing else: no garbage counts either way.
  @Test(arguments: [0, 1, 2, 3])
  func missedEdgeLosesOneDetent(position: Int) {
    var signal = QuadratureSignal()
    signal.turn(6, every: .milliseconds(30), missing: [8 + position])
    var decoder = QuadratureDecoder()
    let counts = decode(signal.edges, with: &decoder)
    #expect(counts.allSatisfy { $0 == 1 })
    #expect(counts.count == 5)
  }

  /// Both contacts changing at once (levels sampled, a transition missed) is invalid: the
  /// detent it happened in is dropped, the next ones count.
  @Test func bothBitsChangingDropsTheDetent() {
    var decoder = QuadratureDecoder()
    let ms: (Int) -> Duration = { .milliseconds($0) }
    // 11 → 01 → (00 missed) → 10 → 11: a clockwise detent with a gap.
    #expect(decoder.update(a: false, b: true, at: ms(1)) == 0)
    #expect(decoder.update(a: true, b: false, at: ms(2)) == 0)
    #expect(decoder.update(a: true, b: true, at: ms(3)) == 0)
    // A clean one after it counts.
    let clean: [(Bool, Bool)] = [(false, true), (false, false), (true, false), (true, true)]
    let counts = clean.enumerated().map { decoder.update(a: $1.0, b: $1.1, at: ms(10 + $0)) }
    #expect(counts == [0, 0, 0, 1])
  }

  /// Half a detent and back counts nothing; three quarters, back and round the other way
  /// counts one the other way.
  @Test func reversalMidDetent() {
    var signal = QuadratureSignal()
    signal.transition(clockwise: true, after: .milliseconds(10))
    signal.transition(clockwise: true, after: .milliseconds(10))
    signal.transition(clockwise: false, after: .milliseconds(10))
    signal.transition(clockwise: false, after: .milliseconds(10))
    var decoder = QuadratureDecoder()
    #expect(decode(signal.edges, with: &decoder) == [])

    signal = QuadratureSignal()
    for _ in 0..<3 { signal.transition(clockwise: true, after: .milliseconds(10)) }
    for _ in 0..<7 { signal.transition(clockwise: false, after: .milliseconds(10)) }
    decoder = QuadratureDecoder()
    #expect(decode(signal.edges, with: &decoder) == [-1])
  }

  @Test func reversedFlipsTheSign() {
    var signal = QuadratureSignal()
    signal.turn(2, every: .milliseconds(100))
    signal.turn(-1, every: .milliseconds(100))
    var decoder = QuadratureDecoder(reversed: true)
    #expect(decode(signal.edges, with: &decoder) == [-1, -1, 1])
  }

  /// With active-low lines the rest state is logical 00.
  @Test func restLevelLow() {
    var decoder = QuadratureDecoder(restLevel: false)
    let ms: (Int) -> Duration = { .milliseconds($0) }
    let clockwise: [(Bool, Bool)] = [(true, false), (true, true), (false, true), (false, false)]
    let counts = clockwise.enumerated().map { decoder.update(a: $1.0, b: $1.1, at: ms($0)) }
    #expect(counts == [0, 0, 0, 1])
  }

  @Test func accelerationCurve() {
    let curve = QuadratureDecoder.Acceleration.standard
    let expected: [(Int, Int)] = [
      (100, 1), (40, 1), (39, 1), (20, 2), (13, 3), (10, 4), (8, 5), (1, 5),
    ]
    for (interval, multiplier) in expected {
      #expect(curve.multiplier(interval: .milliseconds(interval)) == multiplier, "\(interval) ms")
    }
  }

  @Test func accelerationMultipliesFastSpinsOnly() {
    var signal = QuadratureSignal()
    signal.turn(3, every: .milliseconds(100))  // slow: 1 each
    signal.pause(.seconds(1))
    signal.turn(5, every: .milliseconds(10))  // fast: first 1, then ×4
    signal.turn(-3, every: .milliseconds(10))  // reversal: first 1, then ×4
    var decoder = QuadratureDecoder(acceleration: .standard)
    #expect(decode(signal.edges, with: &decoder) == [1, 1, 1, 1, 4, 4, 4, 4, -1, -4, -4])
  }

  @Test func accelerationWithReversedAndBounce() {
    var signal = QuadratureSignal(bouncesPerEdge: 1)
    signal.bounceSpacing = .microseconds(100)
    signal.turn(4, every: .milliseconds(20))
    var decoder = QuadratureDecoder(reversed: true, acceleration: .standard)
    #expect(decode(signal.edges, with: &decoder) == [-1, -2, -2, -2])
  }
}

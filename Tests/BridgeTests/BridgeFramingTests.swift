import Testing

@testable import Bridge

/// The bridge's line framing and back-pressure, on a connection value with no socket.
@Suite("Bridge line framing")
struct BridgeFramingTests {
  static func limits(line: Int = 16, inFlight: Int = 4) -> BridgeServer.Limits {
    var limits = BridgeServer.Limits()
    limits.maximumLineLength = line
    limits.maximumInFlight = inFlight
    return limits
  }

  static func text(_ lines: [[UInt8]?]) -> [String?] {
    lines.map { $0.map { String(decoding: $0, as: UTF8.self) } }
  }

  @Test("complete lines come out in order; blank ones are skipped; a partial one waits")
  func lines() {
    var connection = BridgeServer.Connection(descriptor: -1)
    connection.input = Array("one\n \t\r\ntwo\nthr".utf8)
    #expect(Self.text(connection.takeLines(limits: Self.limits())) == ["one", "two"])
    #expect(connection.inFlight == 2)
    connection.input += Array("ee\n".utf8)
    #expect(Self.text(connection.takeLines(limits: Self.limits())) == ["three"])
  }

  @Test("no more than the in-flight limit waits for the core; the rest stays buffered")
  func backPressure() {
    var connection = BridgeServer.Connection(descriptor: -1)
    connection.input = Array("a\nb\nc\nd\ne\nf\n".utf8)
    let limits = Self.limits(inFlight: 4)
    #expect(Self.text(connection.takeLines(limits: limits)) == ["a", "b", "c", "d"])
    #expect(connection.takeLines(limits: limits).isEmpty)
    connection.inFlight -= 3
    #expect(Self.text(connection.takeLines(limits: limits)) == ["e", "f"])
  }

  @Test("an oversized line is reported once (nil) and skipped up to its newline")
  func oversized() {
    var connection = BridgeServer.Connection(descriptor: -1)
    let limits = Self.limits(line: 8)
    connection.input = Array("0123456789ABCDEF".utf8)
    #expect(Self.text(connection.takeLines(limits: limits)) == [nil])
    #expect(connection.discarding)
    connection.input += Array("more of it\nok\n".utf8)
    #expect(Self.text(connection.takeLines(limits: limits)) == ["ok"])
  }
}

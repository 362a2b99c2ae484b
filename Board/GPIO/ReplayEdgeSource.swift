/// Recorded edges played back: for tests, the bench, and captures made in the car.
///
/// Recordings are the default output of libgpiod 1.6's `gpiomon` (so a capture is
/// `gpiomon -l pinctrl-bcm2711 5 6 13 > drive.gpio` on the Pi; use `-l` for the lines the
/// config requests active-low, since edges are logical):
///
///     event:  RISING EDGE offset: 17 timestamp: [    1414.602280568]
///
/// Threading: ``edges()`` may be called from any thread, any number of times; each call
/// plays the whole recording. With ``Pacing/realTime(speed:)`` a task sleeps between
/// edges; it stops when the consumer does.
public struct ReplayEdgeSource: EdgeSource {
  /// How fast edges come out.
  public enum Pacing: Sendable, Equatable {
    /// All at once: the consumer sees only the timestamps (deterministic; for tests).
    case immediate
    /// Spaced as recorded, `speed` times faster (1 = as recorded).
    case realTime(speed: Double)
  }

  /// The edges, in the order they are played.
  public let recording: [Edge]
  public let pacing: Pacing

  public init(_ recording: [Edge], pacing: Pacing = .immediate) {
    self.recording = recording
    self.pacing = pacing
  }

  /// Reads a `gpiomon` capture. Blank lines and lines starting with `#` are skipped.
  ///
  /// - Throws: ``BoardError`` `.configuration` naming the first line that is not an event.
  public init(gpiomon text: String, pacing: Pacing = .immediate) throws(BoardError) {
    var edges: [Edge] = []
    for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false)
      .enumerated()
    {
      let line = raw.trimmingWhitespace()
      if line.isEmpty || line.hasPrefix("#") { continue }
      guard let edge = Self.parse(line) else {
        throw BoardError(
          .configuration,
          "line \(index + 1): not a gpiomon event (expected 'event:  RISING EDGE offset: 17"
            + " timestamp: [    12.000000000]'), got '\(line)'")
      }
      edges.append(edge)
    }
    self.init(edges, pacing: pacing)
  }

  public func edges() -> AsyncStream<Edge> {
    let (stream, continuation) = AsyncStream.makeStream(of: Edge.self)
    switch pacing {
    case .immediate:
      for edge in recording { continuation.yield(edge) }
      continuation.finish()
    case .realTime(let speed):
      let recording = recording
      let player = Task {
        var previous = recording.first?.timestamp
        for edge in recording {
          if let last = previous, edge.timestamp > last, speed > 0 {
            let gap = (edge.timestamp - last) / speed
            do {
              try await Task.sleep(for: gap)
            } catch {
              break
            }
          }
          previous = edge.timestamp
          if case .terminated = continuation.yield(edge) { break }
        }
        continuation.finish()
      }
      continuation.onTermination = { _ in player.cancel() }
    }
    return stream
  }

  /// One `gpiomon` event line, or `nil`.
  static func parse(_ line: Substring) -> Edge? {
    let rising: Bool
    if line.contains("RISING EDGE") {
      rising = true
    } else if line.contains("FALLING EDGE") {
      rising = false
    } else {
      return nil
    }
    guard let offsetText = line.value(after: "offset:", upTo: " "),
      let offset = UInt32(offsetText),
      let stampText = line.value(after: "timestamp: [", upTo: "]"),
      let timestamp = duration(stampText)
    else { return nil }
    return Edge(line: offset, rising: rising, timestamp: timestamp)
  }

  /// `"1414.602280568"` (seconds, up to nine decimals) as a duration.
  static func duration(_ text: Substring) -> Duration? {
    let parts = text.split(separator: ".", omittingEmptySubsequences: false)
    guard (1...2).contains(parts.count), let seconds = Int64(parts[0]) else { return nil }
    var nanoseconds: Int64 = 0
    if parts.count == 2 {
      let fraction = parts[1]
      guard !fraction.isEmpty, fraction.count <= 9, fraction.allSatisfy(\.isASCII),
        let digits = Int64(fraction)
      else { return nil }
      nanoseconds = digits
      for _ in fraction.count..<9 { nanoseconds *= 10 }
    }
    return .seconds(seconds) + .nanoseconds(nanoseconds)
  }
}

extension Substring {
  fileprivate func trimmingWhitespace() -> Substring {
    let start = firstIndex { !$0.isWhitespace } ?? endIndex
    let end = lastIndex { !$0.isWhitespace }.map(index(after:)) ?? start
    return self[start..<end]
  }

  /// The trimmed text between `marker` and the next `terminator` (or the end).
  fileprivate func value(after marker: String, upTo terminator: Character) -> Substring? {
    guard let range = firstRange(of: marker) else { return nil }
    let rest = self[range.upperBound...].drop { $0 == " " }
    let end = rest.firstIndex(of: terminator) ?? rest.endIndex
    let value = rest[..<end].trimmingWhitespace()
    return value.isEmpty ? nil : value
  }
}

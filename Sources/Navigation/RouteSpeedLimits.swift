/// The speed limits along a route, as a server's annotations give them: spans of the
/// route's shape, each with the limit signed there (nil where the source does not know it
/// or there is none).
///
/// Offsets are metres along `Route.geometry` from its first point, the measure guidance
/// reports progress in. Spans are in order of their start, the first starts at 0, and two
/// neighbours never carry the same limit.
public struct RouteSpeedLimits: Hashable, Sendable, Codable {
  /// From `start` (metres along the route) to the next span's start, `limit` applies.
  public struct Span: Hashable, Sendable, Codable {
    public var start: Double
    public var limit: SpeedLimit?

    public init(start: Double, limit: SpeedLimit?) {
      self.start = start
      self.limit = limit
    }
  }

  public private(set) var spans: [Span]

  /// The limits of `spans`, put in order, neighbours with the same limit merged; a span
  /// with a start that is not finite or below 0 counts from 0.
  public init(spans: [Span]) {
    var merged: [Span] = []
    for span in spans.sorted(by: { $0.start < $1.start }) {
      let start = span.start.isFinite ? max(0, span.start) : 0
      if let last = merged.last {
        if last.limit == span.limit { continue }
        if last.start == start {
          merged[merged.count - 1].limit = span.limit
          continue
        }
      }
      merged.append(Span(start: start, limit: span.limit))
    }
    if let first = merged.first, first.start > 0 {
      merged.insert(Span(start: 0, limit: nil), at: 0)
    }
    self.spans = merged
  }

  /// The first span out of order or range (a file edited by hand), as a path below
  /// `speedLimits` and what was expected; nil when every span is in order with a limit from
  /// 1 to `SpeedLimit.largest` of its unit.
  public var problem: String? {
    var previous = -1.0
    for (index, span) in spans.enumerated() {
      guard span.start.isFinite, span.start > previous, index > 0 || span.start == 0 else {
        return "spans[\(index)].start: expected 0 first, then ever larger, got \(span.start)"
      }
      previous = span.start
      if let limit = span.limit,
        !(1...(SpeedLimit.largest[limit.unit] ?? 300)).contains(limit.value)
      {
        return "spans[\(index)].limit: expected 1–\(SpeedLimit.largest[limit.unit] ?? 300), "
          + "got \(limit.value)"
      }
    }
    return nil
  }

  /// Whether no span knows a limit.
  public var isEmpty: Bool { !spans.contains { $0.limit != nil } }

  /// The limit `offset` metres along the route; nil where none is known. O(log spans).
  public func limit(at offset: Double) -> SpeedLimit? {
    var low = 0
    var high = spans.count
    // The last span starting at or before `offset`.
    while low < high {
      let mid = (low + high) / 2
      if spans[mid].start <= offset { low = mid + 1 } else { high = mid }
    }
    return low == 0 ? nil : spans[low - 1].limit
  }
}

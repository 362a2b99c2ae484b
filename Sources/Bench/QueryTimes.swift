import Foundation

/// The median, 95th percentile and maximum of a set of query times, in milliseconds.
///
/// The median is the upper middle value and the 95th percentile the value at index
/// `count * 95 / 100` of the sorted times (nearest rank, never past the last); with no
/// times, all three are NaN, which the report prints as `nan`.
struct QueryTimes: Equatable, Sendable {
  var count: Int
  var median: Double
  var p95: Double
  var max: Double

  /// The figures of `milliseconds`, in any order.
  init(_ milliseconds: [Double]) {
    let sorted = milliseconds.sorted()
    count = sorted.count
    median = sorted.isEmpty ? .nan : sorted[sorted.count / 2]
    p95 = sorted.isEmpty ? .nan : sorted[Swift.min(sorted.count - 1, sorted.count * 95 / 100)]
    max = sorted.last ?? .nan
  }

  /// `median 0.240 ms, p95 0.610 ms, max 0.890 ms`.
  var text: String {
    String(format: "median %.3f ms, p95 %.3f ms, max %.3f ms", median, p95, max)
  }
}

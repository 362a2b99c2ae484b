import Foundation
import Navigation

/// What a track reader (NMEA, gpsd JSON, GPX) produced from one input.
///
/// Readers skip records they cannot use and count them here instead of failing, so a
/// long drive with a few corrupted sentences still replays; `firstProblem` says where
/// the first of them is.
public struct TrackReadResult: Sendable, Equatable {
  /// The fixes, one per epoch, in time order.
  public var fixes: [Fix]
  /// Well-formed records read: NMEA sentences, gpsd JSON lines, GPX track points.
  /// Records of kinds the reader does not use (for example `$GPGSV`, gpsd `VERSION`)
  /// are included.
  public var sentences: Int
  /// Records rejected as malformed (bad checksum, wrong field count, wrong types).
  public var badSentences: Int
  /// The first rejected record, with file and line; nil when none was rejected.
  public var firstProblem: NavigationError?

  public init(
    fixes: [Fix], sentences: Int, badSentences: Int = 0, firstProblem: NavigationError? = nil
  ) {
    self.fixes = fixes
    self.sentences = sentences
    self.badSentences = badSentences
    self.firstProblem = firstProblem
  }
}

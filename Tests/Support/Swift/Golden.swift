import Foundation

/// Text outputs checked in as golden files (the gpsd habit): `check` compares, and with
/// `UPDATE_GOLDENS=1` in the environment writes the file anew instead.
public enum Golden {
  public static var updating: Bool { ProcessInfo.processInfo.environment["UPDATE_GOLDENS"] == "1" }

  /// A golden file that differs from what was made now.
  public struct Mismatch: Error, CustomStringConvertible {
    public var description: String
  }

  /// Compares `text` with the file at `url`; throws `Mismatch` naming the first line that
  /// differs (golden and new). Writes `text` there instead when updating. (This module is
  /// built with the program too, where the testing library is not at hand: the test
  /// records the thrown error.)
  public static func check(_ text: String, against url: URL, what: String) throws {
    if updating {
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(text.utf8).write(to: url)
      return
    }
    let golden = try String(contentsOf: url, encoding: .utf8)
    guard text != golden else { return }
    let got = text.split(separator: "\n", omittingEmptySubsequences: false)
    let want = golden.split(separator: "\n", omittingEmptySubsequences: false)
    let first =
      zip(got, want).enumerated().first { $0.element.0 != $0.element.1 }?.offset
      ?? min(got.count, want.count)
    throw Mismatch(
      description: """
        \(what) differs from \(url.lastPathComponent) at line \(first + 1)
          golden: \(first < want.count ? want[first] : "(end)")
          now:    \(first < got.count ? got[first] : "(end)")
        (UPDATE_GOLDENS=1 writes it anew; review the diff)
        """)
  }
}

import Foundation
import Navigation
import Testing

@testable import Readers

/// Paths and helpers shared by the reader tests.
enum ReaderFixtures {
  /// The package root, found from this file's path.
  static let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// The shared Helsinki routes and drives.
  static let helsinki = packageRoot.appendingPathComponent("Sources/HeadUnit/Resources/Helsinki")

  /// `Tests/Fixtures`.
  static let fixtures = packageRoot.appendingPathComponent("Tests/Fixtures")

  static let routeNames = (1...6).map { "helsinki-\($0)" }

  /// Every `.nmea` drive in the Helsinki folder, without extension.
  static var driveNames: [String] {
    let files = (try? FileManager.default.contentsOfDirectory(atPath: helsinki.path)) ?? []
    return files.filter { $0.hasSuffix(".nmea") }.map { String($0.dropLast(5)) }.sorted()
  }

  static func route(_ name: String) -> URL { helsinki.appendingPathComponent("\(name).json") }
  static func drive(_ name: String) -> URL { helsinki.appendingPathComponent("\(name).nmea") }

  /// The truth file of a drive as a dictionary.
  static func truth(_ name: String) throws -> [String: Any] {
    let data = try Data(contentsOf: helsinki.appendingPathComponent("\(name).truth.json"))
    return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
  }

  /// `body`'s error, or nil (and a recorded issue) when it does not throw a
  /// `NavigationError`. (Untyped so closures inside `#expect` infer.)
  static func failure<T>(
    _ body: () throws -> T, sourceLocation: SourceLocation = #_sourceLocation
  ) -> NavigationError? {
    do {
      _ = try body()
      Issue.record("expected a NavigationError", sourceLocation: sourceLocation)
      return nil
    } catch let error as NavigationError {
      return error
    } catch {
      Issue.record("expected a NavigationError, got \(error)", sourceLocation: sourceLocation)
      return nil
    }
  }

  /// `body` with an NMEA checksum appended: `$body*hh`.
  static func nmea(_ body: String) -> String {
    let sum = body.utf8.reduce(UInt8(0), ^)
    let hex = String(sum, radix: 16, uppercase: true)
    return "$\(body)*\(hex.count < 2 ? "0" + hex : hex)"
  }

  /// Writes `data` to a new temporary file named `name` and returns its URL.
  static func temporaryFile(_ name: String, _ data: Data) throws -> URL {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("reader-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let url = folder.appendingPathComponent(name)
    try data.write(to: url)
    return url
  }

  /// Deterministic pseudo-random bytes (64-bit LCG), starting with a u-blox sync and
  /// a NUL so the data is not text.
  static func garbage(count: Int, seed: UInt64) -> Data {
    var state = seed
    var bytes: [UInt8] = [0xB5, 0x62, 0x00, 0xFF]
    while bytes.count < count {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      bytes.append(UInt8(truncatingIfNeeded: state >> 56))
    }
    return Data(bytes)
  }
}

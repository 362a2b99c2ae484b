import Foundation
import Testing

@testable import HeadUnit

@Suite("The saved trip on disk")
struct TripStoreTests {
  func temporaryDirectory() throws -> URL {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("trip-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    return directory
  }

  @Test("what is saved loads back the same, with no warning")
  func roundTrip() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let store = TripStore(directory: directory)
    #expect(store.load() == (nil, nil))
    let snapshot = try DriveFixtures.snapshot(
      "helsinki-1-clean", savedAt: Date(timeIntervalSince1970: 1_800_000_000.5), sequence: 7)
    try store.save(snapshot)
    let (loaded, warning) = store.load()
    #expect(loaded == snapshot)
    #expect(warning == nil)
  }

  @Test("a damaged trip is moved aside with a warning naming the JSON path")
  func damaged() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let store = TripStore(directory: directory)
    let snapshot = try DriveFixtures.snapshot(
      "helsinki-1-clean", savedAt: Date(timeIntervalSince1970: 1_800_000_000), sequence: 7)
    let text = String(decoding: TripStore.encode(snapshot), as: UTF8.self)
    #expect(text.contains(#""sequence":7"#))
    try Data(text.replacingOccurrences(of: #""sequence":7"#, with: #""sequence":"7""#).utf8)
      .write(to: store.url)
    let (loaded, warning) = store.load(now: Date(timeIntervalSince1970: 1_800_000_100))
    #expect(loaded == nil)
    let aside = directory.appendingPathComponent("trip.json.corrupt-1800000100").path
    #expect(
      warning
        == "\(store.url.path) failed validation "
        + #"($.sequence: expected a whole number, got the string "7"); moved aside to \#(aside)"#)
    #expect(FileManager.default.fileExists(atPath: aside))
    #expect(!FileManager.default.fileExists(atPath: store.url.path))
  }
}

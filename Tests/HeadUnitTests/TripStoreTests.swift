import Core
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

  /// A store in a fresh folder, and the trip of a drive, #7, saved at 1,800,000,000.
  func seeded() throws -> (store: TripStore, snapshot: TripSnapshot, directory: URL) {
    let directory = try temporaryDirectory()
    let snapshot = try DriveFixtures.snapshot(
      "helsinki-1-clean", savedAt: Date(timeIntervalSince1970: 1_800_000_000), sequence: 7)
    return (TripStore(directory: directory), snapshot, directory)
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
    let (store, snapshot, directory) = try seeded()
    defer { try? FileManager.default.removeItem(at: directory) }
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

  @Test(
    "a trip whose numbers are out of range is moved aside, the log naming the reason",
    arguments: [
      (
        #""sequence":7"#, #""sequence":9223372036854775807"#,
        "$.sequence: expected a whole number smaller than 9007199254740992, got the number 9.223372036854776e+18"
      ),
      (#""choice":0"#, #""choice":5"#, "$.choice: expected 0–0, got 5"),
      (
        #""version":1"#, #""version":2"#,
        "$.version: expected 1 (the format this unit reads), got 2"
      ),
      (#""duration":"#, #""duration":1e20,"x":"#, "duration: expected 0–32000000, got 1e+20"),
    ])
  func outOfRange(find: String, replace: String, reason: String) throws {
    let (store, snapshot, directory) = try seeded()
    defer { try? FileManager.default.removeItem(at: directory) }
    let text = String(decoding: TripStore.encode(snapshot), as: UTF8.self)
    let range = try #require(text.range(of: find))
    try Data(text.replacingCharacters(in: range, with: replace).utf8).write(to: store.url)
    let (loaded, warning) = store.load(now: Date(timeIntervalSince1970: 1_800_000_100))
    #expect(loaded == nil)
    let aside = directory.appendingPathComponent("trip.json.corrupt-1800000100").path
    #expect(warning?.contains(reason) == true, "\(warning ?? "no warning")")
    #expect(warning?.hasSuffix("moved aside to \(aside)") == true)
    #expect(FileManager.default.fileExists(atPath: aside))
  }

  @Test("a trip with no route choices is moved aside with the reason")
  func noRouteChoices() throws {
    var (store, snapshot, directory) = try seeded()
    defer { try? FileManager.default.removeItem(at: directory) }
    snapshot.trip.routeChoices = []
    try store.save(snapshot)
    let (loaded, warning) = store.load(now: Date(timeIntervalSince1970: 1_800_000_100))
    #expect(loaded == nil)
    #expect(
      warning?.contains("$.trip.routeChoices: expected at least one route choice, got none")
        == true)
  }
}

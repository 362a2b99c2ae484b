import Foundation
import Geo
import Navigation
import Testing

@testable import Core
@testable import HeadUnit

@Suite("Favourites and recents on disk")
struct PlaceStoreTests {
  func temporaryFile() -> URL {
    FileManager.default.temporaryDirectory.appendingPathComponent(
      "places-\(UUID().uuidString)/places.json")
  }

  @Test("what is saved loads back; no file yet means empty lists")
  func roundTrip() throws {
    let url = temporaryFile()
    defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
    let store = PlaceStore(url: url)
    #expect(try store.load() == PlaceLists())
    let lists = PlaceLists(
      favourites: [
        Place(
          id: "home", name: "Töölönlahdenkatu",
          coordinate: Coordinate(latitude: 60.174563, longitude: 24.938414), category: "Home")
      ],
      recents: [
        Place(
          id: "r1", name: "Kaivokatu", coordinate: Coordinate(latitude: 60.1707, longitude: 24.9414)
        )
      ])
    try store.save(lists)
    #expect(try store.load() == lists)
  }

  @Test("a damaged file is an error naming the file and the JSON path")
  func damaged() throws {
    let url = temporaryFile()
    defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
    try FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(#"{"favourites": [{"id": "a", "name": "A", "lat": "x", "lon": 1}]}"#.utf8)
      .write(to: url)
    #expect {
      _ = try PlaceStore(url: url).load()
    } throws: { error in
      let e = error as? NavigationError
      return e?.code == .malformed && e?.file == url.path && e?.path == "$.favourites[0]"
        && e?.message == #"lat: expected a number, found a string "x""#
    }
    try Data("garbage".utf8).write(to: url)
    #expect(throws: NavigationError.self) { _ = try PlaceStore(url: url).load() }
  }

  @Test("the daemon's load moves a damaged file aside, saying what was wrong where")
  func repairing() throws {
    let url = temporaryFile()
    defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
    try FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(#"{"recents": [{"id": "a", "name": "A", "lat": 91, "lon": 1}]}"#.utf8).write(to: url)
    let (lists, warning) = PlaceStore(url: url).loadRepairing(
      now: Date(timeIntervalSince1970: 1_800_000_000))
    #expect(lists == PlaceLists())
    #expect(
      warning
        == "\(url.path) failed validation ($.recents[0]: lat: expected -90–90, found the number 91)"
        + "; moved aside to \(url.path).corrupt-1800000000")
    #expect(!FileManager.default.fileExists(atPath: url.path))
  }
}

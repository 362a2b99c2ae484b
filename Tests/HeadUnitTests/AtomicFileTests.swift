import Foundation
import Testing

@testable import HeadUnit

@Suite("Atomic file writes")
struct AtomicFileTests {
  func temporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "atomic-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  func names(in directory: URL) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
  }

  @Test("what is written reads back; a rewrite replaces it; a missing file reads as nil")
  func roundTrip() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let url = directory.appendingPathComponent("session.json")
    #expect(AtomicFile.read(url) == .init(data: nil, warning: nil))
    try AtomicFile.write(Data("first".utf8), to: url)
    try AtomicFile.write(Data("second, longer".utf8), to: url)
    #expect(AtomicFile.read(url) == .init(data: Data("second, longer".utf8), warning: nil))
    #expect(try names(in: directory) == ["session.json"])
  }

  @Test("a file that fails validation is moved aside with a warning")
  func corruptMovedAside() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let url = directory.appendingPathComponent("session.json")
    try AtomicFile.write(Data("{trunc".utf8), to: url)
    let now = Date(timeIntervalSince1970: 1_800_000_000)
    let result = AtomicFile.read(url, now: now) {
      (try? JSONSerialization.jsonObject(with: $0)) != nil
    }
    #expect(result.data == nil)
    #expect(result.warning?.contains("session.json.corrupt-1800000000") == true)
    #expect(try names(in: directory) == ["session.json.corrupt-1800000000"])
    let aside = directory.appendingPathComponent("session.json.corrupt-1800000000")
    #expect(FileManager.default.contents(atPath: aside.path) == Data("{trunc".utf8))
  }

  @Test("a temporary file left by an interrupted write is ignored and removed")
  func leftoverTemporary() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let url = directory.appendingPathComponent("session.json")
    try AtomicFile.write(Data("good".utf8), to: url)
    let leftover = directory.appendingPathComponent(
      AtomicFile.temporaryPrefix(for: url) + "interrupted")
    try Data("half-writ".utf8).write(to: leftover)
    #expect(AtomicFile.read(url) == .init(data: Data("good".utf8), warning: nil))
    #expect(try names(in: directory) == ["session.json"])
  }

  @Test("writing into a missing directory throws a typed error")
  func missingDirectory() throws {
    let url = URL(fileURLWithPath: "/nonexistent-\(UUID().uuidString)/x.json")
    #expect(throws: AtomicFile.Error.self) { try AtomicFile.write(Data(), to: url) }
  }
}

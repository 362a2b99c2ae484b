import Foundation
import Testing

@testable import HeadUnit

/// `StartupPages` against this test process: the program's own pages leave its
/// resident set.
@Suite("start-only pages handed back")
struct StartupPagesTests {
  /// The resident KB of this process's read-only mappings of its own executable (those
  /// `StartupPages` advises; the writable ones hold changed data and stay).
  static func residentExecutable() throws -> Int {
    let executable = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
    let data = try #require(try FileHandle(forReadingAtPath: "/proc/self/smaps")?.readToEnd())
    var inside = false
    var kilobytes = 0
    for line in String(decoding: data, as: UTF8.self).split(separator: "\n") {
      if line.split(separator: " ").first?.contains("-") == true {
        // A mapping's header: `start-end perms offset dev inode path`.
        let perms = line.split(separator: " ").dropFirst().first ?? ""
        inside = line.hasSuffix(" " + executable) && !perms.contains("w")
      } else if inside, line.hasPrefix("Rss:") {
        kilobytes += Int(line.split(separator: " ")[1]) ?? 0
      }
    }
    return kilobytes
  }

  @Test func theExecutablesPagesLeaveTheResidentSet() throws {
    let before = try Self.residentExecutable()
    #expect(before > 1024, "the test program has \(before) KB resident")
    let advised = StartupPages.release()
    // A mapping's resident part is at most the mapping: all of it was advised.
    #expect(advised >= before * 1024, "advised \(advised) bytes")
    let after = try Self.residentExecutable()
    // Other tests running meanwhile fault some of their code back in at once.
    #expect(after < before * 3 / 4, "\(before) KB before, \(after) KB after")
  }
}

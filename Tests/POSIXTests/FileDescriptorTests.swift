import Foundation
import Testing

@testable import POSIX

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `FileDescriptor`: opens close-on-exec, reads and writes, fails with an `Errno`, and
/// closes its number exactly once.
@Suite("file descriptor")
struct FileDescriptorTests {
  /// A new file holding `text` in the temporary directory; removed by the caller.
  static func file(holding text: String) throws -> String {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("posix-\(UUID().uuidString)").path
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    return path
  }

  /// Everything `file` reads from its current offset, at most 256 bytes.
  static func contents(_ file: FileDescriptor) throws(Errno) -> String {
    let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 256, alignment: 1)
    defer { buffer.deallocate() }
    let count = try file.read(into: buffer)
    return String(decoding: buffer[..<count], as: UTF8.self)
  }

  @Test func openingAMissingFileThrowsENOENTWithItsMessage() {
    let path = "/nonexistent-\(UUID().uuidString)/file"
    do {
      _ = try FileDescriptor.open(path, O_RDONLY)
      Issue.record("opened \(path)")
    } catch {
      #expect(error == .noSuchFileOrDirectory)
      #expect(error.rawValue == ENOENT)
      #expect(error.description == "No such file or directory")
    }
  }

  @Test func openedFilesAndPipesAreCloseOnExec() throws {
    let path = try Self.file(holding: "x")
    defer { unlink(path) }
    let file = try FileDescriptor.open(path, O_RDONLY)
    #expect(fcntl(file.rawValue, F_GETFD) & FD_CLOEXEC != 0)
    let (reader, writer) = try FileDescriptor.pipe(nonBlocking: true)
    for end in [reader, writer] {
      #expect(fcntl(end.rawValue, F_GETFD) & FD_CLOEXEC != 0)
      #expect(fcntl(end.rawValue, F_GETFL) & O_NONBLOCK != 0)
    }
  }

  @Test func writesAllReadsBackAndSynchronizes() throws {
    let path = try Self.file(holding: "")
    defer { unlink(path) }
    let text = String(repeating: "route ", count: 20)
    let writer = try FileDescriptor.open(path, O_WRONLY | O_TRUNC)
    try Array(text.utf8).withUnsafeBytes { try writer.writeAll($0) }
    try writer.synchronize()
    writer.close()
    #expect(try Self.contents(FileDescriptor.open(path, O_RDONLY)) == text)
  }

  @Test func aSecondCloseLeavesTheFileThatReusedTheNumberOpen() throws {
    let firstPath = try Self.file(holding: "first")
    let secondPath = try Self.file(holding: "second")
    defer {
      unlink(firstPath)
      unlink(secondPath)
    }
    // Other tests open files meanwhile and may take the freed number: try again then.
    for _ in 0..<100 {
      var first: FileDescriptor? = try FileDescriptor.open(firstPath, O_RDONLY)
      let number = first!.rawValue
      first!.close()
      #expect(first!.rawValue == -1)
      #expect(!first!.isOpen)
      let second = try FileDescriptor.open(secondPath, O_RDONLY)
      guard second.rawValue == number else { continue }
      first!.close()
      first = nil
      #expect(try Self.contents(second) == "second", "the number still names the second file")
      return
    }
    Issue.record("the freed number was never reused")
  }

  @Test func theLastReferenceGoingAwayClosesIt() throws {
    var (reader, writer): (FileDescriptor, FileDescriptor?) = try FileDescriptor.pipe()
    writer = nil
    // A pipe reads as ended once every write end is closed.
    #expect(try Self.contents(reader) == "")
    #expect(writer == nil)
  }

  @Test func aClosedDescriptorFailsWithEBADFInsteadOfReachingAnotherFile() throws {
    let (reader, _) = try FileDescriptor.pipe()
    reader.close()
    #expect(throws: Errno.badFileDescriptor) { try Self.contents(reader) }
  }
}

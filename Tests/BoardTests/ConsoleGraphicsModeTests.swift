import Foundation
import Testing

@testable import Board

@Suite("Console graphics mode")
struct ConsoleGraphicsModeTests {
  @Test("a missing console is a clear error")
  func missing() {
    #expect {
      _ = try ConsoleGraphicsMode(path: "/nonexistent/tty9")
    } throws: { error in
      let board = error as? BoardError
      return board?.code == .unavailable
        && board?.message.contains("cannot open the console /nonexistent/tty9") == true
    }
  }

  @Test("a file that is not a virtual console is refused and left alone")
  func notAConsole() throws {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "not-a-tty-\(UUID().uuidString)")
    try Data("x".utf8).write(to: url)
    defer { try? FileManager.default.removeItem(at: url) }
    #expect {
      _ = try ConsoleGraphicsMode(path: url.path)
    } throws: { error in
      (error as? BoardError)?.message.contains("is not a virtual console") == true
    }
    #expect(try Data(contentsOf: url) == Data("x".utf8))
  }
}

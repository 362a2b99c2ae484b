import Foundation

/// A virtual X server (`Xvfb`) on a free display number, for tests of the desktop window:
/// the window system's own tools find a window (`xwininfo`), send it keys (`xdotool`) and
/// read its pixels back (`xwd`). Killed when dropped.
public final class XvfbServer: Sendable {
  /// `:N`, for `DISPLAY`.
  public let display: String
  private let server: ChildProcess

  /// Starts Xvfb with a `width` × `height` 24-bit screen and waits for its socket.
  public init(width: Int = 1024, height: Int = 768) throws {
    let number = try (90..<200).first { n in
      !FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\(n)")
        && !FileManager.default.fileExists(atPath: "/tmp/.X\(n)-lock")
    }.unwrap("no free X display number in 90…199")
    display = ":\(number)"
    server = try ChildProcess(
      "/usr/bin/Xvfb", [display, "-screen", "0", "\(width)x\(height)x24", "-nolisten", "tcp"])
    let deadline = Date().addingTimeInterval(10)
    while !FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\(number)") {
      guard Date() < deadline, server.isRunning else {
        throw XError("Xvfb \(display) did not start: \(server.err.joined(separator: "\n"))")
      }
      Thread.sleep(forTimeInterval: 0.02)
    }
  }

  deinit {
    server.signal(SIGTERM)
  }

  /// Runs an X tool on this display; its output, or an error with it when it fails.
  @discardableResult
  public func run(_ tool: String, _ arguments: [String]) throws -> String {
    var environment = ProcessInfo.processInfo.environment
    environment["DISPLAY"] = display
    let (status, output) = try ChildProcess.output(
      of: "/usr/bin/\(tool)", arguments, environment: environment)
    guard status == 0 else { throw XError("\(tool) \(arguments): exit \(status): \(output)") }
    return output
  }

  /// The id of the top-level window titled `title`, waiting up to `timeout` for it to be
  /// mapped; nil when there is none by then.
  public func window(titled title: String, timeout: Duration = .seconds(5)) throws -> String? {
    let quoted = "\"\(title)\":"
    let deadline = ContinuousClock.now + timeout
    repeat {
      for line in try run("xwininfo", ["-root", "-tree"]).split(separator: "\n") {
        let words = line.split(separator: " ")
        if words.count > 1, String(words[1]) == quoted { return String(words[0]) }
      }
      Thread.sleep(forTimeInterval: 0.05)
    } while ContinuousClock.now < deadline
    return nil
  }

  /// Sends `keys` (xdotool's names: `Return`, `Down`) to window `id`, one after another.
  public func press(_ keys: [String], window id: String) throws {
    try run("xdotool", ["key", "--window", id] + keys)
  }

  /// The pixels of window `id` as `0x00RRGGBB`, row by row, read back from the server.
  public func pixels(ofWindow id: String) throws -> (width: Int, height: Int, pixels: [UInt32]) {
    let file = FileManager.default.temporaryDirectory
      .appendingPathComponent("window-\(UUID().uuidString.prefix(8)).xwd")
    defer { try? FileManager.default.removeItem(at: file) }
    try run("xwd", ["-silent", "-id", id, "-out", file.path])
    return try Self.decodeXWD(Data(contentsOf: file))
  }

  /// An XWD file (X Window Dump, version 7) of a 24-bit TrueColor window at 32 bits a pixel.
  static func decodeXWD(_ data: Data) throws -> (width: Int, height: Int, pixels: [UInt32]) {
    let bytes = [UInt8](data)
    func field(_ index: Int) -> Int {
      let at = index * 4
      guard at + 4 <= bytes.count else { return -1 }
      return bytes[at..<(at + 4)].reduce(0) { $0 << 8 | Int($1) }
    }
    let (headerSize, version, width, height) = (field(0), field(1), field(4), field(5))
    let (byteOrder, bitsPerPixel, bytesPerLine) = (field(7), field(11), field(12))
    let (red, green, blue, colours) = (field(14), field(15), field(16), field(19))
    guard version == 7, bitsPerPixel == 32, red == 0xFF0000, green == 0xFF00, blue == 0xFF
    else {
      throw XError(
        "an XWD file this test does not read: version \(version), \(bitsPerPixel) bits a "
          + "pixel, masks \(red), \(green), \(blue)")
    }
    let start = headerSize + colours * 12
    guard width > 0, height > 0, start + bytesPerLine * height <= bytes.count else {
      throw XError("a truncated XWD file: \(bytes.count) bytes for \(width)x\(height)")
    }
    var pixels: [UInt32] = []
    pixels.reserveCapacity(width * height)
    for row in 0..<height {
      for column in 0..<width {
        let at = start + row * bytesPerLine + column * 4
        let b = bytes[at..<(at + 4)].map(UInt32.init)
        let value = byteOrder == 0 ? b[0] | b[1] << 8 | b[2] << 16 : b[3] | b[2] << 8 | b[1] << 16
        pixels.append(value & 0x00FF_FFFF)
      }
    }
    return (width, height, pixels)
  }
}

/// What went wrong with the X server or its tools.
public struct XError: Error, CustomStringConvertible {
  public let description: String
  init(_ description: String) { self.description = description }
}

extension Optional {
  fileprivate func unwrap(_ message: String) throws -> Wrapped {
    guard let value = self else { throw XError(message) }
    return value
  }
}

import Foundation
import MapFile
import MapImport
import POSIX

/// The files commands write their results to (a map, a WAV, a PNG): checked before any
/// work, written whole or not at all.
///
/// An output must be a regular file or not exist yet: a device (`/dev/full`), a FIFO, a
/// socket or a directory is refused, so a command run as root never replaces a device node
/// with a regular file. It must not be one of the command's inputs (the same file by device
/// and inode, whatever the path). Writing goes to a temporary file beside it, renamed over
/// it once complete; a write that fails (a full disk) leaves the old file, or nothing, and
/// no temporary behind.
enum OutputFile {
  /// Refuses `path` as an output of a command reading `inputs`, with a message naming both.
  static func check(_ path: String, notOver inputs: [String] = []) throws(UsageError) {
    var output = stat()
    if stat(path, &output) == 0 {
      guard (output.st_mode & S_IFMT) == S_IFREG else {
        throw UsageError("\(path) is \(kind(output.st_mode)), not a file to write to")
      }
      for input in inputs {
        var source = stat()
        if stat(input, &source) == 0, source.st_dev == output.st_dev,
          source.st_ino == output.st_ino
        {
          throw UsageError("\(path) is the input \(input); choose another output")
        }
      }
    } else if errno != ENOENT {
      let code = errno
      throw UsageError("\(path): cannot be written (\(String(cString: strerror(code))))")
    }
    let directory = (path as NSString).deletingLastPathComponent
    var folder = stat()
    let parent = directory.isEmpty ? "." : directory
    guard stat(parent, &folder) == 0, (folder.st_mode & S_IFMT) == S_IFDIR else {
      throw UsageError("\(path): the folder \(parent) does not exist")
    }
  }

  /// Calls `body` with a temporary path beside `path` to write to, then renames it over
  /// `path`. When `body` throws, the temporary is removed and the error passed on.
  static func write(_ path: String, _ body: (String) throws -> Void) throws {
    let directory = (path as NSString).deletingLastPathComponent
    let name = (path as NSString).lastPathComponent
    let temporary = (directory.isEmpty ? "" : directory + "/") + ".\(name).partial-\(getpid())"
    do {
      try body(temporary)
      guard rename(temporary, path) == 0 else {
        let code = errno
        throw OutputError(path: path, reason: String(cString: strerror(code)))
      }
    } catch let error as OutputError {
      unlink(temporary)
      throw error
    } catch {
      unlink(temporary)
      // The writer's own message, about the file the user named.
      let said = "\(error)".replacingOccurrences(of: temporary, with: path)
      throw OutputError(path: path, reason: said, named: said.contains(path))
    }
  }

  /// `Data` written to `path` through `write(_:_:)`.
  static func write(_ data: Data, to path: String) throws {
    try write(path) { temporary in
      guard FileManager.default.createFile(atPath: temporary, contents: nil) else {
        throw OutputError(path: path, reason: "cannot create a file in its folder")
      }
      guard let handle = FileHandle(forWritingAtPath: temporary) else {
        throw OutputError(path: path, reason: "cannot open a file in its folder")
      }
      defer { try? handle.close() }
      do {
        try handle.write(contentsOf: data)
        try handle.synchronize()
      } catch {
        throw OutputError(
          path: path,
          reason: (error as NSError).localizedFailureReason
            ?? "\(error)")
      }
    }
  }

  /// A built map streamed to `path` through `write(_:_:)`, section by section; returns its
  /// size.
  static func write(_ map: RoadMapBuilder.Output, to path: String) throws -> Int {
    var size = 0
    try write(path) { temporary in
      do throws(Errno) {
        let file = try FileDescriptor.open(temporary, O_WRONLY | O_CREAT | O_TRUNC)
        defer { file.close() }
        size = try map.write { (part: UnsafeRawBufferPointer) throws(Errno) in
          try file.writeAll(part)
        }
        try file.synchronize()
      } catch {
        throw OutputError(path: path, reason: "\(error)")
      }
    }
    return size
  }

  /// What a mode is, for a message: `a character device`.
  static func kind(_ mode: mode_t) -> String {
    switch mode & S_IFMT {
    case S_IFDIR: "a folder"
    case S_IFCHR: "a character device"
    case S_IFBLK: "a block device"
    case S_IFIFO: "a FIFO"
    case S_IFSOCK: "a socket"
    default: "not a regular file"
    }
  }
}

/// A result that could not be written: the file and why.
struct OutputError: Error, CustomStringConvertible {
  var path: String
  var reason: String
  /// Whether `reason` names the file already.
  var named = false

  var description: String { named ? reason : "\(path): cannot write it: \(reason)" }
}

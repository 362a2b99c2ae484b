import Foundation
import POSIX

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes files so that a power cut leaves either the old or the new contents, never a mix.
///
/// `write` puts the bytes in a temporary file beside the target (`.<name>.tmp-<uuid>`),
/// `fsync`s it, `rename`s it over the target and `fsync`s the directory so the rename
/// itself is durable. `read` never traps: a file that fails validation is moved aside as
/// `<name>.corrupt-<timestamp>` and reported as a warning. Both block on disk I/O; call
/// them off the main loop.
public enum AtomicFile {
  /// A failed system call during a write.
  public struct Error: Swift.Error, Sendable, Equatable, CustomStringConvertible {
    /// The C call that failed (`open`, `write`, `fsync`, `rename`).
    public var operation: String
    public var path: String
    /// The `errno` it set.
    public var code: Int32

    public var description: String {
      "\(operation) \(path): \(String(cString: strerror(code)))"
    }
  }

  /// What `read` found.
  public struct ReadResult: Sendable, Equatable {
    /// The valid contents, or nil if the file is missing or was moved aside.
    public var data: Data?
    /// Set when something was repaired (a corrupt file moved aside).
    public var warning: String?
  }

  /// Atomically replaces the contents of `url` with `data`.
  ///
  /// The corresponding C calls are `open`, `write`, `fsync` and `rename`. On failure the
  /// temporary file is removed and the target is untouched.
  public static func write(_ data: Data, to url: URL) throws(Error) {
    let directory = url.deletingLastPathComponent().path
    let temporary = url.deletingLastPathComponent()
      .appendingPathComponent(temporaryPrefix(for: url) + UUID().uuidString).path
    let file = try failing(as: "open", temporary) { () throws(Errno) in
      try FileDescriptor.open(temporary, O_WRONLY | O_CREAT | O_EXCL, permissions: 0o644)
    }
    do throws(Error) {
      // Closed on every path, exactly once, before the rename.
      defer { file.close() }
      let failure = data.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) -> Error? in
        do throws(Error) {
          try failing(as: "write", temporary) { () throws(Errno) in try file.writeAll(buffer) }
          return nil
        } catch {
          return error
        }
      }
      if let failure { throw failure }
      try failing(as: "fsync", temporary) { () throws(Errno) in try file.synchronize() }
    } catch {
      unlink(temporary)
      throw error
    }
    do throws(Error) {
      _ = try failing(as: "rename", url.path) { () throws(Errno) in
        try retryingInterrupts { rename(temporary, url.path) }
      }
    } catch {
      unlink(temporary)
      throw error
    }
    try syncDirectory(directory)
  }

  /// Removes `url` durably (`unlink`, then `fsync` of the directory); a missing file is
  /// not an error.
  public static func remove(_ url: URL) throws(Error) {
    guard unlink(url.path) == 0 || errno == ENOENT else {
      throw Error(operation: "unlink", path: url.path, code: errno)
    }
    try syncDirectory(url.deletingLastPathComponent().path)
  }

  /// Makes renames and removals in `directory` durable.
  private static func syncDirectory(_ directory: String) throws(Error) {
    let handle = try failing(as: "open", directory) { () throws(Errno) in
      try FileDescriptor.open(directory, O_RDONLY | O_DIRECTORY)
    }
    defer { handle.close() }
    try failing(as: "fsync", directory) { () throws(Errno) in try handle.synchronize() }
  }

  /// Reads `url`, moving it aside if `isValid` rejects it, and removes leftover temporaries.
  ///
  /// A temporary file left by an interrupted `write` is never read; it is deleted. `now`
  /// stamps the name of a file moved aside.
  public static func read(
    _ url: URL, now: Date = Date(), isValid: (Data) -> Bool = { _ in true }
  ) -> ReadResult {
    read(url, now: now, problem: { isValid($0) ? nil : "" })
  }

  /// Reads `url` as ``read(_:now:isValid:)`` does, `problem` saying what is wrong with the
  /// contents (nil when nothing is); the warning quotes it:
  /// `… failed validation ($.progress: missing required key "offset"); moved aside to …`.
  ///
  /// - Parameter maxBytes: a file larger than this is moved aside unread
  ///   (`… failed validation (52428800 bytes, more than the 33554432 it may hold)`).
  public static func read(
    _ url: URL, now: Date = Date(), maxBytes: Int? = nil, problem: (Data) -> String?
  ) -> ReadResult {
    removeTemporaries(for: url)
    if let maxBytes, let size = size(of: url), size > maxBytes {
      return setAside(
        url, problem: "\(size) bytes, more than the \(maxBytes) it may hold", now: now)
    }
    guard let data = FileManager.default.contents(atPath: url.path) else {
      return ReadResult(data: nil, warning: nil)
    }
    guard let problem = problem(data) else { return ReadResult(data: data, warning: nil) }
    return setAside(url, problem: problem, now: now)
  }

  /// The size of the file at `url` in bytes (the C call is `stat`); nil when it cannot be
  /// looked at.
  private static func size(of url: URL) -> Int? {
    var status = stat()
    guard stat(url.path, &status) == 0 else { return nil }
    return Int(status.st_size)
  }

  /// Moves `url`, which has `problem`, aside; the warning says where.
  private static func setAside(_ url: URL, problem: String, now: Date) -> ReadResult {
    let failed = "\(url.path) failed validation" + (problem.isEmpty ? "" : " (\(problem))")
    do throws(Error) {
      let aside = try setAside(url, as: "corrupt", now: now)
      return ReadResult(data: nil, warning: "\(failed); moved aside to \(aside.path)")
    } catch {
      return ReadResult(data: nil, warning: "\(failed) and could not be moved aside: \(error)")
    }
  }

  /// Renames `url` to `NAME.LABEL-STAMP` (`trip.json.corrupt-1800000000`, then `-1`, `-2`…
  /// when taken) in the same directory, `now` giving the stamp; returns the new name.
  public static func setAside(_ url: URL, as label: String, now: Date = Date())
    throws(Error) -> URL
  {
    let stamp = Int(min(max(now.timeIntervalSince1970, 0), 1e12))
    let directory = url.deletingLastPathComponent()
    var aside = directory.appendingPathComponent("\(url.lastPathComponent).\(label)-\(stamp)")
    var suffix = 1
    while FileManager.default.fileExists(atPath: aside.path) {
      aside = directory.appendingPathComponent(
        "\(url.lastPathComponent).\(label)-\(stamp)-\(suffix)")
      suffix += 1
    }
    _ = try failing(as: "rename", url.path) { () throws(Errno) in
      try retryingInterrupts { rename(url.path, aside.path) }
    }
    return aside
  }

  static func temporaryPrefix(for url: URL) -> String {
    ".\(url.lastPathComponent).tmp-"
  }

  private static func removeTemporaries(for url: URL) {
    let directory = url.deletingLastPathComponent()
    let prefix = temporaryPrefix(for: url)
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
    for name in names where name.hasPrefix(prefix) {
      unlink(directory.appendingPathComponent(name).path)
    }
  }

  /// Runs a call of the POSIX layer (which retries `EINTR`), naming its `Errno` as a
  /// failure of `operation` on `path`.
  @discardableResult
  private static func failing<T>(
    as operation: String, _ path: String, _ call: () throws(Errno) -> T
  ) throws(Error) -> T {
    do {
      return try call()
    } catch {
      throw Error(operation: operation, path: path, code: error.rawValue)
    }
  }
}

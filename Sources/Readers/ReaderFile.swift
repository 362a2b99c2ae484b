import Foundation
import Navigation

/// File access and text helpers shared by the readers.
enum ReaderFile {
  /// The largest route or track file read: a day of 1 Hz NMEA is 25 MB.
  static let sizeLimit = 32 << 20

  /// The bytes of `url`.
  ///
  /// Throws `.unreadable` when it is not a regular file (a folder, a FIFO that would block,
  /// a device), is larger than `limit` bytes or cannot be read, and `.empty` when it holds
  /// nothing but white space.
  static func data(contentsOf url: URL, limit: Int = sizeLimit) throws(NavigationError) -> Data {
    if let problem = problem(with: url.path, limit: limit) {
      throw NavigationError(.unreadable, problem, file: url.path)
    }
    let data: Data
    do {
      data = try Data(contentsOf: url)
    } catch {
      let reason = (error as NSError).localizedFailureReason ?? error.localizedDescription
      throw NavigationError(.unreadable, "cannot read the file (\(reason))", file: url.path)
    }
    guard firstSignificantByte(data) != nil else {
      throw NavigationError(.empty, "the file is empty", file: url.path)
    }
    return data
  }

  /// Why `path` cannot be read as a file of at most `limit` bytes; nil when it can.
  static func problem(with path: String, limit: Int) -> String? {
    let target = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
    guard let attributes = try? FileManager.default.attributesOfItem(atPath: target) else {
      return FileManager.default.fileExists(atPath: path)
        ? "cannot read the file" : "no such file"
    }
    let type = attributes[.type] as? FileAttributeType
    switch type {
    case .typeRegular?: break
    case .typeDirectory?: return "this is a folder; give a file"
    case .typeCharacterSpecial?, .typeBlockSpecial?: return "this is a device; give a file"
    case .typeSocket?: return "this is a socket; give a file"
    default: return "this is not a regular file (a FIFO?); give a file"
    }
    let size = (attributes[.size] as? NSNumber)?.intValue ?? 0
    if size > limit {
      return "the file is \(size >> 20) MB; at most \(limit >> 20) MB is read"
    }
    if !FileManager.default.isReadableFile(atPath: target) { return "permission denied" }
    return nil
  }

  /// The first byte that is not white space or part of a UTF-8 byte order mark.
  static func firstSignificantByte(_ data: Data) -> UInt8? {
    data.first { byte in
      !(byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0xEF
        || byte == 0xBB || byte == 0xBF)
    }
  }

  /// The lines of `text` with their 1-based numbers. Lines end at LF; a CR before
  /// the LF is removed, so CRLF files work (Swift treats CRLF as one `Character`).
  static func lines(_ text: String) -> [(number: Int, text: Substring)] {
    var result: [(number: Int, text: Substring)] = []
    let views = text.utf8.split(separator: 0x0A, omittingEmptySubsequences: false)
    for (index, view) in views.enumerated() {
      var line = Substring(view)
      if line.utf8.last == 0x0D { line = Substring(line.utf8.dropLast()) }
      result.append((index + 1, line))
    }
    return result
  }

  /// `text` without leading and trailing white space.
  static func trimmed(_ text: Substring) -> Substring {
    let isSpace: (Character) -> Bool = { $0.isWhitespace }
    guard let start = text.firstIndex(where: { !isSpace($0) }),
      let end = text.lastIndex(where: { !isSpace($0) })
    else { return text[text.endIndex...] }
    return text[start...end]
  }
}

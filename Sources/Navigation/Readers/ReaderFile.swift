import Foundation

/// File access and text helpers shared by the readers.
enum ReaderFile {
  /// The bytes of `url`.
  ///
  /// Throws `.unreadable` when the file cannot be read and `.empty` when it holds
  /// nothing but white space.
  static func data(contentsOf url: URL) throws(NavigationError) -> Data {
    let data: Data
    do {
      data = try Data(contentsOf: url)
    } catch {
      throw NavigationError(
        .unreadable, "cannot read the file (\(error.localizedDescription))", file: url.path)
    }
    guard firstSignificantByte(data) != nil else {
      throw NavigationError(.empty, "the file is empty", file: url.path)
    }
    return data
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

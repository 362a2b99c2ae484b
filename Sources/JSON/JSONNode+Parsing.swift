import Foundation

extension JSONNode {
  /// How deeply arrays and objects may nest unless a reader says otherwise; the unit's own
  /// documents nest a dozen levels at most.
  public static let defaultMaxDepth = 128

  /// Parses `data` as one JSON document (any value at the top level). Foundation's
  /// `JSONSerialization` reads the text; the tree is then held as ``JSONValue``s.
  ///
  /// - Parameters:
  ///   - path: The root's path: `$` unless the document is part of a larger one.
  ///   - expecting: What the document should hold, for the message when it is empty.
  ///   - maxDepth: The deepest nesting of arrays and objects accepted. It is checked before
  ///     the parser sees the text, so a hostile `[[[[…` is a clean error whatever limit the
  ///     Foundation in use has (or lacks), and nothing after it recurses deeper.
  /// - Throws: `JSONError` with `path` as its path:
  ///   - ``JSONError/Code/empty``: `the document is empty (expected a JSON object)` for
  ///     empty or blank data;
  ///   - ``JSONError/Code/tooDeep``: `nested deeper than 128 arrays and objects (at line 1,
  ///     column 129)`;
  ///   - ``JSONError/Code/invalid``: `the key "port" is given twice in one object (the
  ///     second at line 4, column 5)`, at the path of that member: one of the two would be
  ///     dropped silently;
  ///   - ``JSONError/Code/syntax``: `not valid JSON (Invalid value at line 3, column 12)`,
  ///     the parser's reason with the place it gives turned into a line and column (and
  ///     ``JSONError/offset``), which an editor can go to.
  public init(
    parsing data: Data, path: String = "$", expecting: String = "a JSON object",
    maxDepth: Int = defaultMaxDepth
  ) throws(JSONError) {
    if data.allSatisfy({ [0x20, 0x09, 0x0A, 0x0D].contains($0) }) {
      throw JSONError(.empty, path: path, "the document is empty (expected \(expecting))")
    }
    if let offset = Self.firstTooDeep(data, maxDepth: maxDepth) {
      var error = JSONError(
        .tooDeep, path: path, "nested deeper than \(maxDepth) arrays and objects")
      Self.locate(&error, at: offset, in: data)
      error.message += " (at line \(error.line ?? 1), column \(error.column ?? 1))"
      throw error
    }
    let parsed: Any
    do {
      parsed = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
    } catch {
      throw Self.syntaxError(error, in: data, path: path)
    }
    if let duplicate = Self.firstDuplicateKey(data, root: path) {
      var error = JSONError(
        .invalid, path: duplicate.path,
        "the key \(Self.quoted(duplicate.key)) is given twice in one object")
      Self.locate(&error, at: duplicate.offset, in: data)
      error.message += " (the second at line \(error.line ?? 1), column \(error.column ?? 1))"
      throw error
    }
    self.init(Self.value(of: parsed), path: path)
  }

  /// The byte offset of the first `[` or `{` that opens level `maxDepth + 1`, if any.
  private static func firstTooDeep(_ data: Data, maxDepth: Int) -> Int? {
    data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) -> Int? in
      var depth = 0
      var inString = false
      var escaped = false
      for (offset, byte) in bytes.enumerated() {
        if inString {
          if escaped {
            escaped = false
          } else if byte == UInt8(ascii: "\\") {
            escaped = true
          } else if byte == UInt8(ascii: "\"") {
            inString = false
          }
          continue
        }
        switch byte {
        case UInt8(ascii: "\""): inString = true
        case UInt8(ascii: "["), UInt8(ascii: "{"):
          depth += 1
          if depth > maxDepth { return offset }
        case UInt8(ascii: "]"), UInt8(ascii: "}"): depth -= 1
        default: break
        }
      }
      return nil
    }
  }

  /// The tree `JSONSerialization` returned, as values. Its depth is bounded by the check
  /// above, so the recursion is too.
  private static func value(of object: Any) -> JSONValue {
    switch object {
    case let text as String: return .string(text)
    case let number as NSNumber:
      // Booleans come as NSNumbers too; their type code is `c`, which no JSON number gets.
      if String(cString: number.objCType) == "c" { return .bool(number.boolValue) }
      return .number(number.doubleValue)
    case let items as [Any]: return .array(items.map(value(of:)))
    case let members as [String: Any]:
      return .object(members.keys.sorted().map { ($0, value(of: members[$0]!)) })
    default: return .null
    }
  }

  /// The parser's failure as an error at `path`, placed at the offset or line and column
  /// its reason gives ("… around character 33.", "… around line 3, column 12."), or at
  /// the end of the text when the text ended too early.
  private static func syntaxError(_ failure: any Error, in data: Data, path: String)
    -> JSONError
  {
    let reason =
      ((failure as NSError).userInfo[NSDebugDescriptionErrorKey] as? String)
      ?? failure.localizedDescription
    var words = reason.hasSuffix(".") ? String(reason.dropLast()) : reason
    var error = JSONError(.syntax, path: path, "")
    error.underlying = reason
    if let range = words.range(of: " around character "),
      let offset = Int(words[range.upperBound...].prefix { $0.isNumber })
    {
      locate(&error, at: min(offset, data.count), in: data)
      words = String(words[..<range.lowerBound])
    } else if let range = words.range(of: " around line "),
      let (line, column) = lineAndColumn(words[range.upperBound...])
    {
      error.line = line
      error.column = column
      words = String(words[..<range.lowerBound])
    } else if words.lowercased().contains("end of") {
      locate(&error, at: data.count, in: data)
    }
    if words.contains("nested") { error.code = .tooDeep }
    if let line = error.line, let column = error.column {
      words += " at line \(line), column \(column)"
    }
    error.message = "not valid JSON (\(words))"
    return error
  }

  /// The two numbers of "3, column 12".
  private static func lineAndColumn(_ text: Substring) -> (Int, Int)? {
    let numbers = text.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
    return numbers.count >= 2 ? (numbers[0], numbers[1]) : nil
  }

  /// Sets the offset, line and column of `error` to byte `offset` of `data`.
  private static func locate(_ error: inout JSONError, at offset: Int, in data: Data) {
    let before = data.prefix(offset)
    let lineStart = before.lastIndex(of: 0x0A).map { $0 + 1 } ?? before.startIndex
    error.offset = offset
    error.line = 1 + before.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
    error.column = 1 + String(decoding: before[lineStart...], as: UTF8.self).count
  }
}

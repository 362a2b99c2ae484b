import Foundation

/// A small non-validating XML parser, enough for GPX: elements, attributes, text,
/// CDATA, comments, processing instructions, a DOCTYPE without internal subset, and
/// the predefined and numeric entities. Namespace prefixes are dropped from names.
///
/// Written by hand because FoundationXML on Linux reports success for some
/// malformed documents and does not give reliable line numbers.
enum XMLScanner {
  /// One element with its attributes, direct text and child elements.
  struct Element {
    /// Local name (without a namespace prefix).
    var name: String
    var attributes: [String: String]
    var children: [Element]
    /// The element's own text (CDATA included), not that of its children.
    var text: String
    /// 1-based line of the start tag.
    var line: Int

    /// The first child called `name`.
    func child(_ name: String) -> Element? { children.first { $0.name == name } }

    /// All children called `name`.
    func children(_ name: String) -> [Element] { children.filter { $0.name == name } }
  }

  /// A syntax error and the line it is on.
  struct SyntaxError: Error {
    var line: Int
    var message: String
  }

  /// The deepest nesting of elements accepted. GPX needs six levels; a limit keeps a
  /// hostile file from building a tree too deep to walk or to free on the stack.
  static let maximumDepth = 64

  /// Parses `data` (UTF-8) into its root element.
  static func parse(_ data: Data) throws(SyntaxError) -> Element {
    var scanner = Scanner(bytes: Array(data))
    return try scanner.document()
  }

  private struct Scanner {
    let bytes: [UInt8]
    var index = 0
    var line = 1
    var stack: [Element] = []
    var root: Element?

    init(bytes: [UInt8]) {
      self.bytes = bytes
      if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
    }

    func fail(_ message: String, line: Int? = nil) -> SyntaxError {
      SyntaxError(line: line ?? self.line, message: message)
    }

    func starts(with prefix: String) -> Bool {
      let p = Array(prefix.utf8)
      return index + p.count <= bytes.count && bytes[index..<(index + p.count)].elementsEqual(p)
    }

    /// Moves to `target`, counting the newlines passed.
    mutating func advance(to target: Int) {
      let end = min(target, bytes.count)
      while index < end {
        if bytes[index] == 0x0A { line += 1 }
        index += 1
      }
    }

    /// Skips past the next `terminator`; returns the bytes before it.
    mutating func skip(past terminator: String, what: String) throws(SyntaxError) -> ArraySlice<
      UInt8
    > {
      let t = Array(terminator.utf8)
      let startLine = line
      var i = index
      while i + t.count <= bytes.count {
        if bytes[i] == t[0], bytes[i..<(i + t.count)].elementsEqual(t) {
          let content = bytes[index..<i]
          advance(to: i + t.count)
          return content
        }
        i += 1
      }
      throw fail("unterminated \(what) (no \(terminator))", line: startLine)
    }

    mutating func document() throws(SyntaxError) -> Element {
      while index < bytes.count {
        if bytes[index] == 0x3C {
          try markup()
        } else {
          try text()
        }
      }
      if let open = stack.last {
        throw fail("the file ends inside <\(open.name)> opened on line \(open.line)")
      }
      guard let root else { throw fail("no XML element found") }
      return root
    }

    mutating func markup() throws(SyntaxError) {
      if starts(with: "<?") {
        _ = try skip(past: "?>", what: "processing instruction")
      } else if starts(with: "<!--") {
        _ = try skip(past: "-->", what: "comment")
      } else if starts(with: "<![CDATA[") {
        guard !stack.isEmpty else { throw fail("CDATA outside the root element") }
        advance(to: index + 9)
        let content = try skip(past: "]]>", what: "CDATA section")
        stack[stack.count - 1].text += String(decoding: content, as: UTF8.self)
      } else if starts(with: "<!") {
        _ = try skip(past: ">", what: "declaration")
      } else if starts(with: "</") {
        try endTag()
      } else {
        try startTag()
      }
    }

    mutating func text() throws(SyntaxError) {
      let startLine = line
      var end = index
      while end < bytes.count, bytes[end] != 0x3C { end += 1 }
      let raw = String(decoding: bytes[index..<end], as: UTF8.self)
      advance(to: end)
      if stack.isEmpty {
        guard raw.allSatisfy(\.isWhitespace) else {
          throw fail("text outside the root element", line: startLine)
        }
        return
      }
      stack[stack.count - 1].text += try decodeEntities(raw, line: startLine)
    }

    static func isNameByte(_ b: UInt8) -> Bool {
      (b >= 0x61 && b <= 0x7A) || (b >= 0x41 && b <= 0x5A) || (b >= 0x30 && b <= 0x39)
        || b == 0x5F || b == 0x2D || b == 0x2E || b == 0x3A || b >= 0x80
    }

    mutating func name() throws(SyntaxError) -> String {
      let start = index
      while index < bytes.count, Self.isNameByte(bytes[index]) { index += 1 }
      guard index > start else {
        throw fail(
          index < bytes.count
            ? "expected a name, found \"\(String(decoding: [bytes[index]], as: UTF8.self))\""
            : "expected a name, found the end of the file")
      }
      return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    mutating func skipSpace() {
      while index < bytes.count,
        bytes[index] == 0x20 || bytes[index] == 0x09 || bytes[index] == 0x0A
          || bytes[index] == 0x0D
      {
        advance(to: index + 1)
      }
    }

    static func localName(_ name: String) -> String {
      name.split(separator: ":").last.map(String.init) ?? name
    }

    mutating func startTag() throws(SyntaxError) {
      let startLine = line
      index += 1
      let qualified = try name()
      var element = Element(
        name: Self.localName(qualified), attributes: [:], children: [], text: "", line: startLine)
      while true {
        skipSpace()
        guard index < bytes.count else {
          throw fail("the file ends inside the tag <\(qualified)>", line: startLine)
        }
        if starts(with: "/>") {
          index += 2
          close(element)
          return
        }
        if bytes[index] == 0x3E {
          index += 1
          guard root == nil else {
            throw fail("a second root element <\(qualified)>", line: startLine)
          }
          guard stack.count < XMLScanner.maximumDepth else {
            throw fail(
              "<\(qualified)> is nested more than \(XMLScanner.maximumDepth) elements deep",
              line: startLine)
          }
          stack.append(element)
          return
        }
        let attribute = try name()
        skipSpace()
        guard index < bytes.count, bytes[index] == 0x3D else {
          throw fail("expected = after the attribute \(attribute) of <\(qualified)>")
        }
        index += 1
        skipSpace()
        guard index < bytes.count, bytes[index] == 0x22 || bytes[index] == 0x27 else {
          throw fail("expected a quoted value for the attribute \(attribute) of <\(qualified)>")
        }
        let quote = bytes[index]
        index += 1
        let valueLine = line
        var end = index
        while end < bytes.count, bytes[end] != quote, bytes[end] != 0x3C { end += 1 }
        guard end < bytes.count, bytes[end] == quote else {
          throw fail("unterminated value of the attribute \(attribute)", line: valueLine)
        }
        let raw = String(decoding: bytes[index..<end], as: UTF8.self)
        advance(to: end + 1)
        element.attributes[Self.localName(attribute)] = try decodeEntities(raw, line: valueLine)
      }
    }

    mutating func endTag() throws(SyntaxError) {
      let startLine = line
      index += 2
      let qualified = try name()
      skipSpace()
      guard index < bytes.count, bytes[index] == 0x3E else {
        throw fail("expected > to end </\(qualified)>", line: startLine)
      }
      index += 1
      guard let open = stack.popLast() else {
        throw fail("</\(qualified)> without a matching start tag", line: startLine)
      }
      guard open.name == Self.localName(qualified) else {
        throw fail(
          "expected </\(open.name)> (opened on line \(open.line)), found </\(qualified)>",
          line: startLine)
      }
      close(open)
    }

    /// Attaches a finished element to its parent, or makes it the root.
    mutating func close(_ element: Element) {
      if stack.isEmpty {
        root = element
      } else {
        stack[stack.count - 1].children.append(element)
      }
    }

    func decodeEntities(_ text: String, line: Int) throws(SyntaxError) -> String {
      guard text.contains("&") else { return text }
      var result = ""
      var rest = Substring(text)
      while let amp = rest.firstIndex(of: "&") {
        result += rest[..<amp]
        guard let semicolon = rest[amp...].firstIndex(of: ";") else {
          throw fail("& without ; (write &amp; for a literal ampersand)", line: line)
        }
        let entity = rest[rest.index(after: amp)..<semicolon]
        switch entity {
        case "lt": result += "<"
        case "gt": result += ">"
        case "amp": result += "&"
        case "quot": result += "\""
        case "apos": result += "'"
        default:
          let scalar: UInt32? =
            entity.hasPrefix("#x")
            ? UInt32(entity.dropFirst(2), radix: 16)
            : entity.hasPrefix("#") ? UInt32(entity.dropFirst()) : nil
          guard let value = scalar, let character = Unicode.Scalar(value) else {
            throw fail("unknown entity &\(entity);", line: line)
          }
          result.unicodeScalars.append(character)
        }
        rest = rest[rest.index(after: semicolon)...]
      }
      return result + rest
    }
  }
}

import Foundation
import Geo
import JSON
import Testing

/// The error parsing `data` fails with, or nil (and a recorded issue) when it parses.
private func parseFailure(
  _ data: Data, maxDepth: Int = JSONNode.defaultMaxDepth,
  sourceLocation: SourceLocation = #_sourceLocation
) -> JSONError? {
  failure(
    { try JSONNode(parsing: data, maxDepth: maxDepth) },
    sourceLocation: sourceLocation)
}

private func parseFailure(
  _ text: String, sourceLocation: SourceLocation = #_sourceLocation
) -> JSONError? {
  parseFailure(Data(text.utf8), sourceLocation: sourceLocation)
}

@Suite("JSON parsing")
struct JSONParsingTests {
  @Test func valuesBecomeTypedValues() throws {
    let root = try parse(
      #"{"s": "é\n", "n": 2.5, "i": 3, "t": true, "f": false, "z": null, "a": [1, "x"]}"#)
    #expect(root.value["s"] == .string("é\n"))
    #expect(root.value["n"] == .number(2.5))
    #expect(root.value["i"] == .number(3))
    // Booleans are not the numbers 1 and 0, nor the reverse.
    #expect(root.value["t"] == .bool(true))
    #expect(root.value["f"] == .bool(false))
    #expect(failure { try root.required("i").bool() }?.code == .wrongType)
    #expect(failure { try root.required("t").number() }?.code == .wrongType)
    #expect(root.value["z"] == .null)
    #expect(root.value["a"] == .array([1, "x"]))
    // Object members come in key order, whatever order the text had.
    guard case .object(let fields) = root.value else {
      Issue.record("not an object")
      return
    }
    #expect(fields.map(\.0) == ["a", "f", "i", "n", "s", "t", "z"])
    #expect(try parse("[]").value == .array([]))
    #expect(try parse(#""just text""#).value == .string("just text"))
  }

  @Test func emptyDocuments() throws {
    for text in ["", " \n\t\r\n"] {
      let error = try #require(parseFailure(text))
      #expect(error.code == .empty)
      #expect(error.description == "$: the document is empty (expected a JSON object)")
    }
    let places = try #require(
      failure {
        try JSONNode(parsing: Data(), path: "$.places", expecting: "a list of places")
      })
    #expect(places.description == "$.places: the document is empty (expected a list of places)")
  }

  @Test func syntaxErrorsNameTheLineAndColumn() throws {
    let error = try #require(parseFailure("{\n  \"language\": \"en\",\n  \"units\": metric\n}"))
    #expect(error.code == .syntax)
    #expect(error.path == "$")
    #expect(error.offset == 33)
    #expect(error.line == 3)
    #expect(error.column == 12)
    #expect(error.message.hasPrefix("not valid JSON ("))
    #expect(error.message.hasSuffix(" at line 3, column 12)"))
    #expect(error.underlying?.isEmpty == false)
    // Columns count characters, not bytes.
    let wide = try #require(parseFailure("{\"ä\": \"ö\", x}"))
    #expect(wide.line == 1)
    #expect(wide.column == 12)
  }

  @Test func textThatEndsEarlyIsPlacedAtItsEnd() throws {
    let text = "{\"audio\": {\n  \"volume\": 1"
    let error = try #require(parseFailure(text))
    #expect(error.code == .syntax)
    #expect(error.offset == text.utf8.count)
    #expect(error.line == 2)
    #expect(error.column == 14)
    #expect(error.message.hasPrefix("not valid JSON ("))
  }

  @Test(arguments: [
    "{\"a\": 1,,}", "[1 2]", "{'a': 1}", "[1]x", "nul", "{\"a\"}", "\"unterminated",
    "[\"\\q\"]", "1e400",
  ])
  func malformedTextIsASyntaxError(text: String) throws {
    let error = try #require(parseFailure(text))
    #expect(error.code == .syntax, "\(error)")
    #expect(error.description.hasPrefix("$: not valid JSON ("), "\(error)")
  }

  @Test func bytesThatAreNotTextAreASyntaxError() throws {
    var generator = SplitMix64(seed: 7)
    for _ in 0..<20 {
      let bytes = Data((0..<512).map { _ in UInt8(truncatingIfNeeded: generator.next()) })
      #expect(parseFailure(bytes)?.code == .syntax)
    }
    #expect(parseFailure(Data([0x7B, 0x22, 0xFF, 0xFE, 0x22, 0x3A, 0x31, 0x7D]))?.code == .syntax)
  }

  @Test func deepNestingIsACleanError() throws {
    // 100,000 levels would overflow a recursive parser's stack.
    let open = String(repeating: "[", count: 100_000)
    let error = try #require(parseFailure(open))
    #expect(error.code == .tooDeep)
    #expect(error.offset == 128)
    #expect(
      error.description == "$: nested deeper than 128 arrays and objects (at line 1, column 129)")
    #expect(parseFailure(open + String(repeating: "]", count: 100_000))?.code == .tooDeep)
    #expect(parseFailure(String(repeating: #"{"a":"#, count: 100_000))?.code == .tooDeep)
    let mixed = String(repeating: #"{"a":["#, count: 50_000)
    #expect(parseFailure(mixed)?.code == .tooDeep)
  }

  @Test func theDepthLimitIsExact() throws {
    let limit = JSONNode.defaultMaxDepth
    let deepest = String(repeating: "[", count: limit) + String(repeating: "]", count: limit)
    var node = try parse(deepest)
    for _ in 1..<limit { node = try node.array()[0] }
    #expect(try node.array().isEmpty)
    #expect(node.path == "$" + String(repeating: "[0]", count: limit - 1))
    let over = "[" + deepest + "]"
    #expect(parseFailure(over)?.code == .tooDeep)
    #expect(parseFailure(Data("[[[1]]]".utf8), maxDepth: 2)?.code == .tooDeep)
    #expect(try JSONNode(parsing: Data("[[1]]".utf8), maxDepth: 2).array().count == 1)
  }

  @Test func bracketsInStringsDoNotCount() throws {
    let brackets = String(repeating: "[{", count: 10_000)
    let root = try parse(#"{"text": "\#(brackets)", "quote": "a\"[[[", "slash": "\\"}"#)
    #expect(try root.required("text").string() == brackets)
    #expect(try root.required("quote").string() == "a\"[[[")
    #expect(try root.required("slash").string() == "\\")
  }

  @Test func hugeNumbersAreErrorsNotTraps() throws {
    let root = try parse(
      #"{"big": 1e300, "negzero": -0, "negzerof": -0.0, "past": 9223372036854775808, "#
        + #""max": 9223372036854775807, "exact": 9007199254740991, "limit": 9007199254740992, "inexact": 9007199254740993, "#
        + #""wide": 123456789012345678901234567890, "tiny": 5e-324, "neg": -1e300}"#)
    #expect(try root.required("big").number() == 1e300)
    #expect(
      failure { try root.required("big").number(in: 0...1e6) }?.message
        == "expected 0–1000000, got 1e+300")
    #expect(
      failure { try root.required("big").integer(in: Int.min...Int.max) }?.message
        == "expected a whole number smaller than 9007199254740992, got the number 1e+300")
    #expect(
      failure { try root.required("neg").integer(in: Int.min...Int.max) }?.code == .outOfRange)
    for key in ["past", "max", "limit", "inexact", "wide"] {
      let error = try #require(failure { try root.required(key).integer(in: Int.min...Int.max) })
      #expect(error.code == .outOfRange, "\(key)")
      #expect(
        error.message.hasPrefix("expected a whole number smaller than 9007199254740992, got "),
        "\(key)")
    }
    #expect(
      failure { try root.required("past").integer(in: 0...100) }?.description
        == "$.past: expected a whole number smaller than 9007199254740992, "
        + "got the number 9.223372036854776e+18")
    #expect(try root.required("exact").integer(in: Int.min...Int.max) == 9_007_199_254_740_991)
    #expect(try root.required("negzero").integer(in: 0...0) == 0)
    #expect(try root.required("negzerof").integer(in: 0...0) == 0)
    #expect(try root.required("negzerof").number(in: 0...1) == 0)
    #expect(try root.required("tiny").number() == 5e-324)
    #expect(failure { try root.required("tiny").integer(in: 0...1) }?.code == .outOfRange)
  }
}

@Suite("Keys given twice")
struct DuplicateKeyTests {
  func failure(_ text: String) -> JSONError? {
    do {
      _ = try JSONNode(parsing: Data(text.utf8))
      return nil
    } catch {
      return error
    }
  }

  @Test("a key given twice in one object is an error at its path, wherever it is")
  func duplicates() throws {
    let cases: [(String, String)] = [
      (#"{"a": 1, "a": 2}"#, "$.a"),
      (#"{"x": [{"a": 1}, {"b": 1, "b": 2}]}"#, "$.x[1].b"),
      (#"{"x": {"y": {"odd key": 1, "odd key": 2}}}"#, #"$.x.y["odd key"]"#),
      (#"{"q\"": 1, "q\"": 2}"#, #"$["q\""]"#),
    ]
    for (text, path) in cases {
      let error = try #require(failure(text), "\(text)")
      #expect(error.path == path, "\(text): \(error)")
      #expect(error.message.contains("is given twice in one object"))
    }
  }

  @Test("the same key in different objects, strings that look like keys, and arrays are fine")
  func notDuplicates() throws {
    for text in [
      #"{"x": [{"a": 1}, {"a": 2}], "y": {"a": {"a": 1}}}"#,
      #"{"a": "a", "b": ["a", "a"], "c": "{\"a\": 1, \"a\": 2}"}"#,
      #"[1, 2, {"k": [3, {"k": 4}]}]"#,
    ] {
      #expect(failure(text) == nil, "\(text)")
    }
  }
}

import Foundation
import JSON
import Testing

/// The root of `text`; the test fails if it does not parse.
func parse(_ text: String) throws -> JSONNode {
  try JSONNode(parsing: Data(text.utf8))
}

/// The error `body` throws, or nil (and a recorded issue) when it does not throw.
func failure<T>(
  _ body: () throws -> T, sourceLocation: SourceLocation = #_sourceLocation
) -> JSONError? {
  do {
    let value = try body()
    Issue.record("expected an error, got \(value)", sourceLocation: sourceLocation)
  } catch let error as JSONError {
    return error
  } catch {
    Issue.record("expected a JSONError, got \(error)", sourceLocation: sourceLocation)
  }
  return nil
}

@Suite("JSON node paths")
struct JSONNodePathTests {
  static let route = """
    {"routes": [{"legs": [{"steps": [
      {"maneuver": {"location": [24.94, 60.17]}},
      {"maneuver": {"location": [24.95, 60.18]}},
      {"maneuver": {"location": [24.96, 60.19]}},
      {"maneuver": {"location": "here"}}
    ]}]}]}
    """

  @Test func pathsFollowNestedArraysAndObjects() throws {
    let root = try parse(Self.route)
    let steps = try root.required("routes").array()[0].required("legs").array()[0]
      .required("steps").array()
    #expect(steps.map(\.path).last == "$.routes[0].legs[0].steps[3]")
    let location = try steps[3].required("maneuver").required("location")
    #expect(location.path == "$.routes[0].legs[0].steps[3].maneuver.location")
    let error = try #require(failure { try location.array() })
    #expect(error.code == .wrongType)
    #expect(error.path == "$.routes[0].legs[0].steps[3].maneuver.location")
    #expect(
      error.description
        == #"$.routes[0].legs[0].steps[3].maneuver.location: expected an array, got the string "here""#
    )
    #expect(try steps[2].required("maneuver").required("location").array()[1].number() == 60.19)
  }

  @Test func keysThatAreNotPlainNamesAreBracketed() throws {
    let root = try parse(#"{"odd key": {"1st": {"say \"hi\"": [true]}}, "_ok9": 1, "é": 2}"#)
    let odd = try root.required("odd key")
    #expect(odd.path == #"$["odd key"]"#)
    #expect(try odd.required("1st").path == #"$["odd key"]["1st"]"#)
    let deepest = try odd.required("1st").required(#"say "hi""#).array()[0]
    #expect(deepest.path == #"$["odd key"]["1st"]["say \"hi\""][0]"#)
    #expect(try root.required("_ok9").path == "$._ok9")
    #expect(try root.required("é").path == #"$["é"]"#)
    #expect(JSONNode(.null, path: "$.board").path(of: "buttons") == "$.board.buttons")
  }

  @Test func aRootPathNamesTheEnclosingDocument() throws {
    let board = try JSONNode(parsing: Data(#"{"debounceMs": "10"}"#.utf8), path: "$.board")
    #expect(
      failure { try board.required("debounceMs").integer(in: 0...1000) }?.description
        == #"$.board.debounceMs: expected a whole number, got the string "10""#)
  }
}

@Suite("JSON node accessors")
struct JSONNodeAccessorTests {
  /// The message (with path) `member` of `{"v": VALUE}` fails `read` with.
  func message<T>(
    _ value: String, _ read: (JSONNode) throws -> T,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> String? {
    let node = try #require(try parse(#"{"v": \#(value)}"#).members()["v"])
    return failure({ try read(node) }, sourceLocation: sourceLocation)?
      .description
  }

  @Test func typeMismatchesSayWhatWasFound() throws {
    #expect(try message("3", { try $0.string() }) == "$.v: expected a string, got the number 3")
    #expect(
      try message(#""yes""#, { try $0.bool() })
        == #"$.v: expected true or false, got the string "yes""#)
    #expect(try message("true", { try $0.number() }) == "$.v: expected a number, got true")
    #expect(
      try message(#""1""#, { try $0.number() }) == #"$.v: expected a number, got the string "1""#)
    #expect(try message("{}", { try $0.array() }) == "$.v: expected an array, got an object")
    #expect(try message("[1]", { try $0.members() }) == "$.v: expected an object, got an array")
    #expect(try message("false", { try $0.optional("x") }) == "$.v: expected an object, got false")
    #expect(try message("2.5", { try $0.string() }) == "$.v: expected a string, got the number 2.5")
  }

  @Test func numbersInARange() throws {
    #expect(try message("3", { try $0.number(in: 0...2) }) == "$.v: expected 0–2, got 3")
    #expect(
      try message("-0.5", { try $0.number(in: 0.5...300) }) == "$.v: expected 0.5–300, got -0.5")
    #expect(
      try message(#""loud""#, { try $0.number(in: 0...2) })
        == #"$.v: expected a number, got the string "loud""#)
    #expect(
      try message("-5", { try $0.number(atLeast: 0) }) == "$.v: expected a number ≥ 0, got -5")
    let node = try parse(#"{"v": 2}"#).required("v")
    #expect(try node.number(in: 0...2) == 2)
    #expect(try node.number(atLeast: 2) == 2)
    let error = try #require(failure { try JSONNode(.number(3)).number(in: 0...2) })
    #expect(error.code == .outOfRange)
    #expect(error.expected == "0–2")
    #expect(error.found == .number(3))
  }

  @Test func integersInARange() throws {
    #expect(
      try message("70000", { try $0.integer(in: 1...65_535) }) == "$.v: expected 1–65535, got 70000"
    )
    #expect(
      try message("-1", { try $0.integer(in: 1...60_000) }) == "$.v: expected 1–60000, got -1")
    #expect(
      try message("2.5", { try $0.integer(in: 0...10) })
        == "$.v: expected a whole number, got the number 2.5")
    #expect(
      try message(#""10""#, { try $0.integer(in: 0...1000) })
        == #"$.v: expected a whole number, got the string "10""#)
    #expect(
      try message("null", { try $0.integer(in: 0...1) }) == "$.v: expected a whole number, got null"
    )
    #expect(try JSONNode(.number(65_535)).integer(in: 1...65_535) == 65_535)
    #expect(try JSONNode(.number(4.0)).integer(in: 0...4) == 4)
    #expect(failure { try JSONNode(.number(2.5)).integer(in: 0...4) }?.code == .outOfRange)
    #expect(failure { try JSONNode(.string("2")).integer(in: 0...4) }?.code == .wrongType)
  }

  @Test func strings() throws {
    #expect(try message(#""""#, { try $0.nonEmptyString() }) == "$.v: must not be empty")
    #expect(
      try message(#""dusk""#, { try $0.string(oneOf: ["day", "night"]) })
        == #"$.v: expected "day" or "night", got the string "dusk""#)
    #expect(
      try message("1", { try $0.string(oneOf: ["a", "b", "c"]) })
        == #"$.v: expected "a", "b" or "c", got the number 1"#)
    #expect(
      try message(#""x""#, { try $0.string(oneOf: ["only"]) })
        == #"$.v: expected "only", got the string "x""#)
    #expect(
      try message(#""var/lib""#, { try $0.absolutePath() })
        == #"$.v: expected an absolute path (starting with /), got "var/lib""#)
    #expect(
      try message("[]", { try $0.nonEmptyStrings() }) == "$.v: expected at least one string, got []"
    )
    #expect(
      try message(#"["a", 0]"#, { try $0.nonEmptyStrings() })
        == "$.v[1]: expected a string, got the number 0")
    #expect(try message(#"["a", ""]"#, { try $0.nonEmptyStrings() }) == "$.v[1]: must not be empty")
    #expect(try JSONNode(.string("/srv")).absolutePath() == "/srv")
    #expect(try JSONNode(.string("night")).string(oneOf: ["day", "night"]) == "night")
    #expect(try JSONNode(.array(["a", "b"])).nonEmptyStrings() == ["a", "b"])
  }

  @Test func requiredAndOptionalMembers() throws {
    let root = try parse(#"{"a": {"b": null, "c": 1}}"#)
    let a = try root.required("a")
    #expect(try a.optional("b") == nil)
    #expect(try a.optional("z") == nil)
    #expect(try a.optional("c")?.integer(in: 0...1) == 1)
    #expect(failure { try a.required("b") }?.description == #"$.a.b: missing required key "b""#)
    #expect(failure { try a.required("z") }?.code == .missing)
    #expect(
      failure { try a.required("z", for: "the encoder") }?.description
        == "$.a.z: missing (the encoder needs one)")
    // `members()` keeps nulls for the reader to decide.
    let members = try a.members()
    #expect(members["b"]?.value == .null)
    #expect(members["b"]?.nonNull == nil)
    #expect(members["c"]?.nonNull?.path == "$.a.c")
  }

  @Test func unknownKeysAreErrorsInKeyOrder() throws {
    let audio = try parse(#"{"audio": {"volume": 1, "volum": 2, "aaa": 3}}"#).required("audio")
    let error = try #require(failure { try audio.object(keys: ["enabled", "device", "volume"]) })
    #expect(error.code == .unknownKey)
    #expect(error.description == "$.audio.aaa: unknown key (expected enabled, device, volume)")
    let fields = try audio.object(keys: ["volume", "volum", "aaa"])
    #expect(fields.keys.sorted() == ["aaa", "volum", "volume"])
    #expect(fields["volum"]?.path == "$.audio.volum")
    #expect(
      failure { try JSONNode(.array([])).object(keys: []) }?.description
        == "$: expected an object, got an array")
  }

  @Test func messagesShowValuesShortAndEscaped() throws {
    let long = String(repeating: "x", count: 100)
    #expect(
      JSONNode.describe(.string(long)) == "the string \"\(String(repeating: "x", count: 60))…\"")
    #expect(
      JSONNode.describe(.string("two\nlines\u{1B}[2J")) == #"the string "two\nlines\u001b[2J""#)
    #expect(JSONNode.describe(.number(2.5)) == "the number 2.5")
    #expect(JSONNode.describe(.number(-1)) == "the number -1")
    #expect(JSONNode.describe(.bool(false)) == "false")
    #expect(JSONNode.describe(.null) == "null")
    #expect(JSONNode.describe(.array([1])) == "an array")
    #expect(JSONNode.describe(.object([])) == "an object")
    #expect(JSONNode.quoted("abcdef", limit: 3) == #""abc…""#)
    // What an error keeps of the value is bounded too.
    let error = try #require(
      failure { try JSONNode(.string(String(repeating: "y", count: 5_000))).bool() })
    #expect(error.found == .string(String(repeating: "y", count: 200) + "…"))
    let array = try #require(failure { try JSONNode(.array([1, 2, 3])).string() })
    #expect(array.found == .array([]))
    #expect(array.expected == "a string")
  }

  @Test func readersWordTheirOwnRules() {
    let node = JSONNode(.number(400), path: "$.bearing")
    let mismatch = node.error(expected: "a bearing in 0…360", code: .outOfRange)
    #expect(mismatch.description == "$.bearing: expected a bearing in 0…360, got the number 400")
    #expect(mismatch.code == .outOfRange)
    let rule = node.error("GPIO 99 is not on the header", subject: "button \"back\"")
    #expect(rule.code == .invalid)
    #expect(rule.description == #"$.bearing (button "back"): GPIO 99 is not on the header"#)
  }
}

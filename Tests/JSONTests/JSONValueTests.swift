import Foundation
import JSON
import Testing

@Suite("JSON values as text")
struct JSONValueTests {
  @Test func numbersKeepTheirDigits() {
    #expect(JSONValue.number(3).serialized == "3")
    #expect(JSONValue.number(-1).serialized == "-1")
    #expect(JSONValue.number(2.5).serialized == "2.5")
    #expect(JSONValue.number(60.169857).serialized == "60.169857")
    #expect(JSONValue.number(0.1).serialized == "0.1")
    #expect(JSONValue.number(-0.0).serialized == "0")
    #expect(JSONValue.number(1e300).serialized == "1e+300")
    #expect(JSONValue.number(1e15).serialized == "1000000000000000")
    #expect(JSONValue.number(9_007_199_254_740_993).serialized == "9007199254740992")
    #expect(JSONValue.number(1e17).serialized == "1e+17")
    #expect(JSONValue.number(999_999_999_999_999).serialized == "999999999999999")
    #expect(JSONValue.number(.nan).serialized == "null")
    #expect(JSONValue.number(.infinity).serialized == "null")
    #expect(JSONValue.format(0.25) == "0.25")
  }

  @Test func stringsAreEscaped() {
    #expect(JSONValue.string("a\"b\\c\nd\re\tf").serialized == #""a\"b\\c\nd\re\tf""#)
    #expect(JSONValue.string("\u{01}\u{1F}").serialized == #""\u0001\u001f""#)
    #expect(JSONValue.string("Töölö 🚗").serialized == "\"Töölö 🚗\"")
  }

  @Test func objectsKeepTheirOrderUnlessSorted() {
    let value: JSONValue = .object([
      ("type", "reply"), ("id", .null), ("ok", true),
      ("nested", .object([("b", 1), ("a", .array([.object([("z", 1), ("y", 2.5)])]))])),
    ])
    #expect(
      value.serialized
        == #"{"type":"reply","id":null,"ok":true,"nested":{"b":1,"a":[{"z":1,"y":2.5}]}}"#)
    #expect(
      value.sortingKeys().serialized
        == #"{"id":null,"nested":{"a":[{"y":2.5,"z":1}],"b":1},"ok":true,"type":"reply"}"#)
    #expect(value["ok"] == .bool(true))
    #expect(value["missing"] == nil)
    #expect(JSONValue.array([1])["ok"] == nil)
  }

  @Test func prettyTextForPeople() {
    let value: JSONValue = .object([
      ("logLevel", "info"), ("shutdownCommand", .array(["systemctl", "poweroff"])),
      ("gpsd", .object([("port", 2947)])), ("empty", .object([])),
      ("lists", .array([.object([("id", "a")])])),
    ])
    #expect(
      value.prettyPrinted == """
        {
          "logLevel": "info",
          "shutdownCommand": ["systemctl", "poweroff"],
          "gpsd": {
            "port": 2947
          },
          "empty": {},
          "lists": [
            {
              "id": "a"
            }
          ]
        }
        """)
  }

  @Test func whatIsWrittenReadsBack() throws {
    let value: JSONValue = .object([
      ("lat", 60.174563), ("lon", 24.938414), ("name", "Töölönlahdenkatu \"1\"\n"),
      ("tiny", .number(.leastNonzeroMagnitude)), ("big", 1.7976931348623157e308),
      ("list", .array([true, .null, -3])),
    ])
    for text in [value.serialized, value.prettyPrinted] {
      let back = try JSONNode(parsing: Data(text.utf8)).value
      #expect(back == value.sortingKeys())
    }
  }
}

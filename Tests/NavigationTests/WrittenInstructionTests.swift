import Geo
import Testing

@testable import Navigation

/// The maneuvers every language's written instructions are checked on.
enum WrittenCases {
  static let sign = Signpost(exits: ["4"], refs: ["A 1"], destinations: ["Vaduz", "Feldkirch"])

  static func signed(_ step: RouteStep, _ signpost: Signpost) -> RouteStep {
    var step = step
    step.signpost = signpost
    return step
  }

  /// (name of the case, step), in the order of every language's table.
  static let steps: [(String, RouteStep)] = [
    ("turn left", step(.turn, .left, name: "Landstrasse")),
    ("turn right", step(.turn, .right, name: "Landstrasse")),
    ("turn slight left", step(.turn, .slightLeft, name: "Landstrasse")),
    ("turn sharp right", step(.turn, .sharpRight, name: "Landstrasse")),
    ("u-turn", step(.turn, .uTurn, name: "Landstrasse")),
    ("continue", step(.continue, .straight, name: "Landstrasse")),
    ("new name", step(.newName, .straight, name: "Äulestrasse")),
    ("fork", signed(step(.fork, .slightLeft, ref: "A 13"), Signpost(destinations: ["Chur"]))),
    ("off ramp", signed(step(.offRamp, .slightRight, ref: "A 13"), sign)),
    ("on ramp", step(.onRamp, .right, ref: "A 13")),
    ("merge", step(.merge, .slightLeft, ref: "A 13")),
    ("end of road", step(.endOfRoad, .left, name: "Landstrasse")),
    ("roundabout", step(.roundabout, .right, exit: 2, name: "Landstrasse")),
    ("rotary", step(.rotary, .straight, exit: 3)),
    ("exit roundabout", step(.exitRoundabout, .right, name: "Landstrasse")),
    ("depart", step(.depart, name: "Landstrasse", bearingAfter: 90)),
    ("arrive left", step(.arrive, .left)),
    ("arrive right", step(.arrive, .right)),
    ("name with a dot", step(.turn, .left, name: "Franz-Josef-Oehri-Str.")),
    ("ref only", step(.continue, .straight, ref: "BT 14")),
    ("no name", step(.turn, .left)),
  ]
}

/// The instructions the screen and `headunit route` write, in every language, from the
/// maneuver: the phrasebook's words, a capital first letter, one full stop.
@Suite struct WrittenInstructionTests {
  static let tables: [(String, [(String, String, String)])] = [
    ("de", german), ("en", english), ("es", spanish), ("it", italian), ("ru", russian),
    ("zh", chinese),
  ]

  @Test func everyLanguageHasATable() {
    #expect(Self.tables.map(\.0) == Phrasebook.supportedLanguages)
  }

  @Test(arguments: tables)
  func eachManeuverIsWrittenInTheLanguage(
    language: String, table: [(String, String, String)]
  ) throws {
    let text = try ScreenText(language: language)
    #expect(table.map(\.0) == WrittenCases.steps.map(\.0))
    for ((name, step), (_, longest, shortest)) in zip(WrittenCases.steps, table) {
      let written = text.instructions(for: step)
      #expect(written.first == longest, "\(language) \(name): \(written)")
      #expect(written.last == shortest, "\(language) \(name): \(written)")
    }
  }

  @Test(arguments: Phrasebook.supportedLanguages)
  func everyTextIsOneCapitalisedSentence(language: String) throws {
    let text = try ScreenText(language: language)
    let stop = language == "zh" ? "。" : "."
    for (name, step) in WrittenCases.steps {
      let ended = text.instructions(for: step)
      let signs = text.instructions(for: step, ended: false)
      #expect(ended.count == signs.count, "\(language) \(name)")
      #expect(ended.map(\.count) == ended.map(\.count).sorted(by: >), "\(language) \(name)")
      let dotted = step.name.hasSuffix(".")
      for (sentence, sign) in zip(ended, signs) {
        #expect(sentence.first?.isLowercase == false, "\(language) \(name): \(sentence)")
        #expect(!sentence.hasSuffix(".."), "\(language) \(name): \(sentence)")
        #expect(!sentence.hasSuffix(".。") && !sentence.hasSuffix("。。"))
        if dotted && sign.hasSuffix(step.name) {
          // The name's own dot ends the sentence; the sign keeps it.
          #expect(sentence == sign, "\(language) \(name)")
        } else {
          #expect(sentence == sign + stop, "\(language) \(name): \(sentence) / \(sign)")
        }
      }
      if language != "zh" { #expect(!ended.contains { $0.contains("。") }) }
    }
  }

  @Test func aSignpostedExitKeepsItsNumberInTheShortVariant() throws {
    let step = WrittenCases.steps.first { $0.0 == "off ramp" }!.1
    #expect(
      ScreenText().instructions(for: step) == [
        "Take exit 4 on the right towards Vaduz and Feldkirch.",
        "Take the exit on the right onto A13.", "Take the exit on the right.",
        "Take exit 4 on the right.",
      ])
  }

  @Test(
    arguments: [
      ("de", "de-DE", true), ("de", "de", true), ("de", "en-US", false), ("en", "en_GB", true),
      ("zh", "cmn", true), ("zh", "zh-CN", true), ("ru", "xx", false), ("it", nil, true),
    ] as [(String, String?, Bool)])
  func aRouteSpeaksTheScreensLanguageByItsLocale(
    language: String, locale: String?, speaks: Bool
  ) throws {
    #expect(try ScreenText(language: language).speaks(locale) == speaks)
  }

  /// A server's English step, its own texts with the doubled dot Valhalla writes after a
  /// name ending in one.
  static let englishStep: RouteStep = {
    var step = step(.turn, .left, name: "Franz-Josef-Oehri-Str.")
    step.instructionVariants = ["Turn left onto Franz-Josef-Oehri-Str..", "Turn left."]
    return step
  }()

  @Test func aRoutesOwnTextsAreKeptInItsLanguageWithoutADoubledDot() throws {
    #expect(
      ScreenText().instructions(for: Self.englishStep, routeLocale: "en-US") == [
        "Turn left onto Franz-Josef-Oehri-Str.", "Turn left.",
      ])
  }

  @Test func aRouteInAnotherLanguageIsWrittenAfresh() throws {
    let german = try ScreenText(language: "de")
    #expect(
      german.instructions(for: Self.englishStep, routeLocale: "en-US") == [
        "Links abbiegen auf Franz-Josef-Oehri-Str.", "Links abbiegen.",
      ])
    // A step without texts of its own is written in the language asked for.
    var bare = Self.englishStep
    bare.instructionVariants = []
    #expect(german.instructions(for: bare, routeLocale: "de").first?.hasPrefix("Links") == true)
  }

  @Test(arguments: [
    ("Turn left", ".", "Turn left."),
    ("Turn left onto Main St.", ".", "Turn left onto Main St."),
    ("Is it here?", ".", "Is it here?"),
    ("  Turn left  ", ".", "Turn left."),
    ("左转", "。", "左转。"),
    ("左转。", "。", "左转。"),
    ("", ".", ""),
  ])
  func aFullStopIsAddedOnce(text: String, mark: String, expected: String) {
    #expect(SentenceEnd.adding(mark, to: text) == expected)
  }

  @Test(arguments: [
    ("Turn left onto Main street.", [String](), "Turn left onto Main street"),
    ("Turn left onto Oehri-Str..", [], "Turn left onto Oehri-Str."),
    ("Turn left onto Oehri-Str.", ["Oehri-Str."], "Turn left onto Oehri-Str."),
    ("Turn left onto Oehri-Str.", ["Landstrasse"], "Turn left onto Oehri-Str"),
    ("Take exit 4 towards St.", ["Vaduz", "St."], "Take exit 4 towards St."),
    ("Wait...", [], "Wait..."),
    ("左转。", [], "左转"),
    ("Turn left", [], "Turn left"),
  ])
  func aFullStopIsTakenOffButNotANamesDot(text: String, names: [String], expected: String) {
    #expect(SentenceEnd.removing(from: text, keeping: names) == expected)
  }
}

import Foundation

extension ScreenText {
  /// The written instructions for the maneuver of `step` in this language, longest first,
  /// worded as the phrasebook of the language speaks them (`Phrasebook.instruction(for:)`)
  /// from the maneuver's kind, modifier and roundabout exit, the road after it and its
  /// signpost, without the distance before them:
  ///
  /// - a signposted ramp or fork with the exit number and where it leads (up to two places,
  ///   else up to two references), and with the number alone;
  /// - with the road (its name, else its most significant reference, `RouteStep.roadLabel`);
  /// - without the road.
  ///
  /// A start gives the heading with and without the road, an arrival the side of the
  /// destination (`Phrasebook.arrival(for:)`). Each text starts with a capital letter and,
  /// when `ended`, ends with the language's full stop ("." or "。"), never doubled: a road
  /// whose name ends in an abbreviation's dot ends the sentence with that dot ("Turn left
  /// onto Franz-Josef-Oehri-Str."). Without `ended` the texts are as a sign shows them, no
  /// full stop of their own. Pure; repeats are dropped.
  public func instructions(for step: RouteStep, ended: Bool = true) -> [String] {
    let phrases = Phrasebook(catalog: PhraseCatalog.catalog(for: language), units: units)
    var bare = step
    bare.name = ""
    bare.ref = nil
    bare.signpost = nil
    var texts: [String] = []
    switch step.maneuver.kind {
    case .depart:
      texts = [phrases.depart(for: step), phrases.depart(for: bare)]
    case .arrive:
      texts = [phrases.arrival(for: step)]
    default:
      let key = PhraseKey(step.maneuver)
      var values: [String: String] = [:]
      if let exit = step.maneuver.exit { values["ordinal"] = phrases.ordinal(exit) }
      if let signpost = step.signpost {
        // Where it leads without the number is no shorter way to say an exit that has one.
        let signs = [signpost] + (signpost.exitOnly.map { [$0] } ?? [])
        texts += signs.compactMap { phrases.phrase(key, signpost: $0) }
      }
      texts.append(phrases.phrase(key, road: step.roadLabel, values))
      texts.append(phrases.phrase(key, road: nil, values))
    }
    var written: [String] = []
    for text in texts {
      var line = Self.capitalised(text.trimmingCharacters(in: .whitespaces))
      if ended { line = SentenceEnd.adding(catalog.fullStop, to: line) }
      if !line.isEmpty, !written.contains(line) { written.append(line) }
    }
    return written.sorted { $0.count > $1.count }
  }

  /// Whether a route's own texts in `locale` (a BCP-47-ish code, "en-US", "de") are in
  /// this language: its primary subtag selects this language. A route that does not say
  /// (nil: a GPX file's notes, a hand-written file) is taken to speak it, its texts being
  /// the only words for its points; a locale no phrasebook knows speaks another language.
  public func speaks(_ locale: String?) -> Bool {
    guard let locale else { return true }
    return (try? Phrasebook(language: locale).language) == language
  }

  /// The instructions to write for `step` of a route whose own texts are in `locale`,
  /// longest first: the route's own (`RouteStep.instructionVariants`, a doubled final dot
  /// made one) when they are in this language (`speaks(_:)`) and the step has some, else
  /// `instructions(for:)` ended with the full stop. What `headunit route` prints.
  public func instructions(for step: RouteStep, routeLocale locale: String?) -> [String] {
    let own = step.instructionVariants.map(SentenceEnd.undoubled).filter { !$0.isEmpty }
    guard speaks(locale), !own.isEmpty else { return instructions(for: step) }
    var seen = Set<String>()
    return own.filter { seen.insert($0).inserted }
  }

  /// `text` with its first letter made a capital one when it is a small one.
  static func capitalised(_ text: String) -> String {
    guard let first = text.first, first.isLowercase else { return text }
    return first.uppercased() + text.dropFirst()
  }
}

/// All the words of one language's spoken guidance, as data.
///
/// Each language is one value literal (`PhraseCatalog+German.swift` and so on). Code only
/// fills `{placeholder}` templates, picks plural forms by `pluralRule` and applies the
/// flags below; it never contains words of any language.
struct PhraseCatalog: Sendable {
  /// One maneuver phrase.
  struct Phrase: Sendable, Hashable {
    /// The phrase when no road is named ("Turn left").
    var plain: String
    /// The phrase naming the road through `{road}` ("Turn left onto {road}"); nil for
    /// phrases that never name a road.
    var onto: String?
    /// The form used after a fronted prefix (a distance, "then") when the language needs
    /// more than a lowercase first letter, e.g. German verb-second order. Only for
    /// phrases without placeholders: `Phrasebook` finds it by comparing whole strings.
    var afterPrefix: String?
    /// The phrase naming where a signposted ramp or fork leads through `{towards}` ("Take
    /// the exit towards {towards}"); only for the keys whose `takesSignpost` is true.
    var towards: String?
    /// The phrase naming the exit number through `{exit}` ("Take exit {exit}"); only for
    /// the keys whose `takesExitNumber` is true.
    var exit: String?
    /// The phrase naming both, through `{exit}` and `{towards}` ("Take exit {exit} towards
    /// {towards}"); with `exit`.
    var exitTowards: String?

    init(
      _ plain: String, onto: String? = nil, afterPrefix: String? = nil, towards: String? = nil,
      exit: String? = nil, exitTowards: String? = nil
    ) {
      self.plain = plain
      self.onto = onto
      self.afterPrefix = afterPrefix
      self.towards = towards
      self.exit = exit
      self.exitTowards = exitTowards
    }
  }

  /// Forms of a counted word by CLDR plural category; each holds `{number}`.
  /// Categories a language's rule never picks are nil; `other` is the fallback.
  struct PluralForms: Sendable, Hashable {
    var one: String?
    var two: String?
    var few: String?
    var many: String?
    var other: String

    init(
      one: String? = nil, two: String? = nil, few: String? = nil, many: String? = nil,
      other: String
    ) {
      self.one = one
      self.two = two
      self.few = few
      self.many = many
      self.other = other
    }
  }

  /// How cardinal numbers pick a `PluralForms` category.
  enum PluralRule: Sendable {
    /// 1 → one, everything else (including fractions) → other (en, de, it, es).
    case oneOther
    /// Russian: …1 (not …11) → one; …2–4 (not …12–14) → few; other integers → many;
    /// fractions → other.
    case eastSlavic
    /// No plural inflection (zh): always other.
    case invariant
  }

  /// How ordinal numbers written as digits pick a `PluralForms` category.
  enum OrdinalRule: Sendable {
    /// English: …1 → one (1st), …2 → two (2nd), …3 → few (3rd), except 11–13; else other.
    case english
    /// Always other.
    case invariant
  }

  /// Spoken metric units.
  struct MetricWords: Sendable, Hashable {
    var metres: PluralForms
    var kilometres: PluralForms
  }

  /// Spoken imperial units.
  struct ImperialWords: Sendable, Hashable {
    var feet: PluralForms
    var miles: PluralForms
    var quarterMile: String
    var halfMile: String
    var threeQuartersMile: String
  }

  /// Short unit templates for screens, each holding `{number}`.
  struct DisplayUnits: Sendable, Hashable {
    var metres: String
    var kilometres: String
    var feet: String
    var miles: String
  }

  /// Primary language subtag, lowercase ("de").
  var code: String
  /// Other primary subtags that select this catalog ("cmn" for "zh").
  var aliases: [String] = []
  /// Every `PhraseKey` must have an entry.
  var phrases: [PhraseKey: Phrase]
  /// `{distance}` and `{instruction}`: "In {distance}, {instruction}".
  var inDistance: String
  /// `{first}` and `{second}`: "{first}, then {second}".
  var then: String
  /// `{distance}`: "Continue for {distance}".
  var continueFor: String
  /// `{first}` and `{second}`: two places a sign points to, "{first} and {second}".
  var both: String
  /// How a road known only by its reference reads where a phrase names a road: each key
  /// is a piece of an `onto` template around `{road}` ("auf {road}"), its value the piece
  /// to use instead ("auf die {road}": German names a reference with its article, "die
  /// A9", where it names a street bare). The longest key found in a template applies; a
  /// template with none is used as it is.
  var referenceForms: [String: String] = [:]
  /// Whether an instruction following a prefix starts with a lowercase letter.
  var lowercasesAfterPrefix: Bool
  /// Compass directions as `depart` uses them: N, NE, E, SE, S, SW, W, NW.
  var directions: [String]
  /// Spelled ordinals 1, 2, 3, … in the form that fits the phrase for a roundabout exit.
  var ordinals: [String]
  /// Ordinals past `ordinals`, as digits: `{number}` plus a suffix.
  var ordinalDigits: PluralForms
  var ordinalRule: OrdinalRule
  var pluralRule: PluralRule
  var decimalSeparator: String
  /// Distances on their own and in `continueFor`.
  var metric: MetricWords
  /// Distances inside `inDistance` when the preposition changes the case (German dative).
  var metricAfterPreposition: MetricWords? = nil
  /// Imperial distances on their own and in `continueFor`.
  var imperial: ImperialWords
  /// Imperial distances inside `inDistance` when the preposition changes the case
  /// (German dative "in einer Viertelmeile", Russian accusative "через 1 милю").
  var imperialAfterPreposition: ImperialWords? = nil
  var display: DisplayUnits
}

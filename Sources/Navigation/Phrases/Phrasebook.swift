import Foundation

/// Spoken guidance phrases in one language and unit system.
///
/// All words come from a `PhraseCatalog`; this type only picks the phrase for a
/// maneuver (`PhraseKey`), fills its placeholders and joins phrases.
public struct Phrasebook: Sendable {
  /// Codes of the supported languages, sorted.
  public static let supportedLanguages: [String] = PhraseCatalog.all.map(\.code).sorted()

  let catalog: PhraseCatalog
  /// The unit system distances are spoken and displayed in.
  public let units: UnitSystem

  /// A phrasebook for a BCP-47-ish `language` code such as "en", "en-US", "de_DE",
  /// "zh-CN" or "cmn" (case-insensitive; only the primary subtag selects the language).
  ///
  /// - Throws: `NavigationError` `.unsupported` when the language is not one of
  ///   `supportedLanguages`.
  public init(language: String, units: UnitSystem = .metric) throws(NavigationError) {
    let primary =
      language.trimmingCharacters(in: .whitespaces).lowercased()
      .replacingOccurrences(of: "_", with: "-")
      .split(separator: "-", omittingEmptySubsequences: false).first.map(String.init) ?? ""
    guard
      let catalog = PhraseCatalog.all.first(where: {
        $0.code == primary || $0.aliases.contains(primary)
      })
    else {
      throw NavigationError(
        .unsupported,
        "unknown language '\(language)' (expected one of: "
          + Self.supportedLanguages.joined(separator: ", ") + ")")
    }
    self.catalog = catalog
    self.units = units
  }

  /// The phrasebook of `catalog`.
  init(catalog: PhraseCatalog, units: UnitSystem) {
    self.catalog = catalog
    self.units = units
  }

  /// The normalised language code: the supported language's primary subtag ("zh" for
  /// "cmn" or "zh-CN").
  public var language: String { catalog.code }

  /// The maneuver of `step` as a command, naming the road after it (the step's name,
  /// else its most significant ref in the form the language gives references, else none).
  /// A ramp or fork with a `signpost` says the exit number and where it leads instead of
  /// the road ("Take exit 4 towards Vaduz"; up to two places, else up to two references).
  /// Depart and arrive steps give `depart(for:)` and `arrival(for:)`; roundabouts with an
  /// exit number say the exit as `ordinal(_:)`.
  public func instruction(for step: RouteStep) -> String {
    switch step.maneuver.kind {
    case .depart: return depart(for: step)
    case .arrive: return arrival(for: step)
    default: break
    }
    var values: [String: String] = [:]
    if let exit = step.maneuver.exit { values["ordinal"] = ordinal(exit) }
    let key = PhraseKey(step.maneuver)
    if let signpost = step.signpost, let signed = phrase(key, signpost: signpost) {
      return signed
    }
    return phrase(key, road: road(of: step), values)
  }

  /// Places or roads a sign points to, as spoken: "Vaduz", "Vaduz and Feldkirch".
  public func towards(_ places: [String]) -> String {
    guard places.count > 1 else { return places.first ?? "" }
    return PhraseCatalog.fill(catalog.both, ["first": places[0], "second": places[1]])
  }

  /// How to start driving: heading (8 compass points from `maneuver.bearingAfter`) and
  /// the road, e.g. "Head north on Fabianinkatu".
  public func depart(for step: RouteStep) -> String {
    let bearing = step.maneuver.bearingAfter.isFinite ? step.maneuver.bearingAfter : 0
    let normalised = bearing.truncatingRemainder(dividingBy: 360) + 360
    let sector = Int(((normalised + 22.5) / 45).rounded(.down)) % 8
    return phrase(.depart, road: road(of: step), ["direction": catalog.directions[sector]])
  }

  /// The approach to the destination, with its side from the step's
  /// `maneuver.arrivalSide`: "Your destination is ahead, on the left".
  public func arrival(for step: RouteStep) -> String {
    phrase(PhraseKey.arrival(step.maneuver.arrivalSide), road: nil, [:])
  }

  /// The destination reached, with its side: "You have arrived at your destination".
  public func arrived(for step: RouteStep) -> String {
    phrase(PhraseKey.arrived(step.maneuver.arrivalSide), road: nil, [:])
  }

  /// `instruction` announced `metres` ahead: "In 300 metres, turn left onto X". The
  /// instruction is adjusted to follow the prefix (lowercase first letter, or a
  /// catalog's own after-prefix form for fixed phrases such as arrivals).
  public func inDistance(_ metres: Double, _ instruction: String) -> String {
    let distance = distanceSaid(metres, afterPreposition: true).words
    return PhraseCatalog.fill(
      catalog.inDistance,
      ["distance": distance, "instruction": afterPrefix(instruction)])
  }

  /// Two maneuvers close together: "Turn right, then make a U-turn".
  public func then(_ first: String, _ second: String) -> String {
    PhraseCatalog.fill(catalog.then, ["first": first, "second": afterPrefix(second)])
  }

  /// Keep going a long way: "Continue for 2 kilometres".
  public func continueFor(_ metres: Double) -> String {
    PhraseCatalog.fill(catalog.continueFor, ["distance": spokenDistance(metres)])
  }

  /// The ordinal for a roundabout exit: spelled while the catalog has a word ("first" …
  /// "tenth" and their equivalents, in the gender of the language's word for exit), then
  /// digits with a suffix ("11th", "11ª", "11-й", "第11个").
  public func ordinal(_ n: Int) -> String {
    catalog.ordinal(n)
  }

  // MARK: - Helpers

  /// The road a step leads onto: `RouteStep.roadLabel`.
  func road(of step: RouteStep) -> (text: String, isReference: Bool)? {
    step.roadLabel
  }

  /// The filled phrase for `key`, with the road form when there is a road and the
  /// catalog has one; a road known by its reference gets the catalog's `referenceForms`.
  func phrase(
    _ key: PhraseKey, road: (text: String, isReference: Bool)?, _ values: [String: String]
  ) -> String {
    guard let entry = catalog.phrases[key] else { return "" }
    if let road, let onto = entry.onto {
      let template = road.isReference ? catalog.referenceForm(of: onto) : onto
      return PhraseCatalog.fill(template, values.merging(["road": road.text]) { $1 })
    }
    return PhraseCatalog.fill(entry.plain, values)
  }

  /// The signposted form of `key`: with the exit number and where it leads, the number
  /// alone, or where it leads alone, as the sign and the catalog have them; nil when
  /// neither fits.
  func phrase(_ key: PhraseKey, signpost: Signpost) -> String? {
    guard let entry = catalog.phrases[key] else { return nil }
    let towards = self.towards(signpost.towards)
    let values = ["exit": signpost.exit ?? "", "towards": towards]
    let template: String?
    switch (signpost.exit != nil, !towards.isEmpty) {
    case (true, true): template = entry.exitTowards ?? entry.towards
    case (true, false): template = entry.exit
    case (false, true): template = entry.towards
    case (false, false): template = nil
    }
    return template.map { PhraseCatalog.fill($0, values) }
  }

  /// `instruction` as it reads after a fronted prefix.
  func afterPrefix(_ instruction: String) -> String {
    if let form = catalog.phrases.values.first(where: {
      $0.afterPrefix != nil && $0.plain == instruction
    })?.afterPrefix {
      return form
    }
    guard catalog.lowercasesAfterPrefix, let first = instruction.first else {
      return instruction
    }
    return first.lowercased() + instruction.dropFirst()
  }
}

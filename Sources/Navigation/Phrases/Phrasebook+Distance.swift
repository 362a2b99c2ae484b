extension Phrasebook {
  /// `metres` as a voice says it, rounded (see `RoundedDistance`) and inflected:
  /// "50 metres", "1.5 kilometres", "2 kilometres"; imperial "500 feet", "0.2 miles",
  /// "a quarter mile", "half a mile", "three quarters of a mile", "1 mile", "1.5 miles".
  /// Russian picks метр/метра/метров by number.
  public func spokenDistance(_ metres: Double) -> String {
    distanceSaid(metres).words
  }

  /// `metres` as a voice says it, with the distance the words mean: the words of
  /// `spokenDistance(_:)`, or with `afterPreposition` the form `inDistance(_:_:)` puts
  /// after its preposition ("In 300 Metern", "Через 1 милю").
  public func distanceSaid(_ metres: Double, afterPreposition: Bool = false) -> SpokenDistance {
    let distance = rounded(metres, display: false)
    let words =
      afterPreposition
      ? spoken(distance, words: afterPrepositionWords, imperial: afterPrepositionImperial)
      : spoken(distance, words: catalog.metric, imperial: catalog.imperial)
    return SpokenDistance(words: words, metres: distance.metres)
  }

  /// `metres` for a screen: "300 m", "1.2 km", "500 ft", "0.3 mi". Same rounding as
  /// `spokenDistance(_:)`, except that imperial distances in miles below 1 mi show decimal
  /// miles where the voice says a fraction.
  public func displayDistance(_ metres: Double) -> String {
    let display = catalog.display
    let sep = catalog.decimalSeparator
    let (template, number): (String, String) =
      switch rounded(metres, display: true) {
      case .metres(let n): (display.metres, String(n))
      case .kilometres(let a): (display.kilometres, a.text(decimalSeparator: sep))
      case .feet(let n): (display.feet, String(n))
      case .miles(let a): (display.miles, a.text(decimalSeparator: sep))
      case .quarterMile: (display.miles, "0\(sep)25")
      case .halfMile: (display.miles, "0\(sep)5")
      case .threeQuartersMile: (display.miles, "0\(sep)75")
      }
    return PhraseCatalog.fill(template, ["number": number])
  }

  func rounded(_ metres: Double, display: Bool) -> RoundedDistance {
    switch units {
    case .metric: RoundedDistance.metric(metres)
    case .imperial:
      display ? RoundedDistance.imperialDisplay(metres) : RoundedDistance.imperial(metres)
    }
  }

  /// Metric words to use right after the `inDistance` preposition.
  var afterPrepositionWords: PhraseCatalog.MetricWords {
    catalog.metricAfterPreposition ?? catalog.metric
  }

  /// Imperial words to use right after the `inDistance` preposition.
  var afterPrepositionImperial: PhraseCatalog.ImperialWords {
    catalog.imperialAfterPreposition ?? catalog.imperial
  }

  /// The words for `distance`, with `words` for metric units and `imperial` for imperial.
  func spoken(
    _ distance: RoundedDistance, words: PhraseCatalog.MetricWords,
    imperial: PhraseCatalog.ImperialWords
  ) -> String {
    let sep = catalog.decimalSeparator
    func count(_ forms: PhraseCatalog.PluralForms, _ n: Int) -> String {
      PhraseCatalog.fill(
        catalog.plural(forms, integer: n, fraction: false), ["number": String(n)])
    }
    func amount(_ forms: PhraseCatalog.PluralForms, _ a: RoundedDistance.Amount) -> String {
      PhraseCatalog.fill(
        catalog.plural(forms, integer: a.integer, fraction: !a.isWhole),
        ["number": a.text(decimalSeparator: sep)])
    }
    switch distance {
    case .metres(let n): return count(words.metres, n)
    case .kilometres(let a): return amount(words.kilometres, a)
    case .feet(let n): return count(imperial.feet, n)
    case .miles(let a): return amount(imperial.miles, a)
    case .quarterMile: return imperial.quarterMile
    case .halfMile: return imperial.halfMile
    case .threeQuartersMile: return imperial.threeQuartersMile
    }
  }
}

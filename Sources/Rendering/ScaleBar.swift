import Navigation

/// The map's scale bar: the longest round distance (1, 2 or 5 times a power of ten metres
/// or feet; ¼, ½, 1, 2, 5… miles) whose bar fits in the room given.
public struct ScaleBar: Hashable, Sendable {
  /// "200 m", "½ mi".
  public var label: String
  /// The distance the bar stands for.
  public var metres: Double
  /// The bar's length on screen, whole pixels.
  public var pixels: Int

  /// Metric steps, metres.
  static let metricSteps: [Double] = [
    5, 10, 20, 50, 100, 200, 500, 1_000, 2_000, 5_000, 10_000, 20_000, 50_000, 100_000,
    200_000, 500_000,
  ]
  /// Imperial steps under a quarter mile, feet.
  static let feetSteps: [Double] = [10, 20, 50, 100, 200, 500, 1_000]
  /// Imperial steps from a quarter mile, miles.
  static let mileSteps: [Double] = [0.25, 0.5, 1, 2, 5, 10, 20, 50, 100, 200, 500]
  static let metresPerFoot = 0.3048
  static let metresPerMile = 1_609.344

  /// The longest bar for a map of `metresPerPixel` at most `maxPixels` long, labelled in
  /// the language of `text`; nil when the scale is not a finite positive number or even
  /// the shortest step does not fit.
  public static func choose(
    metresPerPixel: Double, maxPixels: Double, units: UnitSystem, text: ScreenText = ScreenText()
  ) -> ScaleBar? {
    func label(_ key: ScreenTextKey, _ n: String) -> String { text.text(key, ["n": n]) }
    guard metresPerPixel.isFinite, metresPerPixel > 0, maxPixels >= 1 else { return nil }
    let steps: [(metres: Double, label: String)]
    switch units {
    case .metric:
      steps = metricSteps.map { m in
        m < 1_000
          ? (m, label(.scaleMetres, String(Int(m))))
          : (m, label(.scaleKilometres, String(Int(m / 1_000))))
      }
    case .imperial:
      steps =
        feetSteps.map { ($0 * metresPerFoot, label(.scaleFeet, String(Int($0)))) }
        + mileSteps.map { ($0 * metresPerMile, label(.scaleMiles, milesText($0))) }
    }
    guard let step = steps.last(where: { $0.metres / metresPerPixel <= maxPixels }) else {
      return nil
    }
    let pixels = Int((step.metres / metresPerPixel).rounded())
    return ScaleBar(label: step.label, metres: step.metres, pixels: max(1, pixels))
  }

  private static func milesText(_ miles: Double) -> String {
    switch miles {
    case 0.25: "¼"
    case 0.5: "½"
    default: String(Int(miles))
    }
  }
}

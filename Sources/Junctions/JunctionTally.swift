import Foundation

/// Counts of checked routes by how they differ (`ManeuverDifference`).
public struct JunctionTally: Sendable {
  public var routes = 0
  public var exact = 0
  public var vocabularyOnly = 0
  public var wrongSide = 0
  public var roundaboutExit = 0
  public var missing = 0
  public var needless = 0
  public var otherwise = 0
  public var noRoute = 0

  public init() {}

  public var failed: Int { routes - exact }

  /// Counts `result`, and returns how it differs.
  @discardableResult
  public mutating func add(_ result: JunctionCheck.Result) -> ManeuverDifference {
    routes += 1
    guard result.problem == nil else {
      noRoute += 1
      return ManeuverDifference()
    }
    let d = ManeuverDifference(expected: result.expected, got: result.got)
    if d.isExact { exact += 1 }
    if d.vocabularyOnly { vocabularyOnly += 1 }
    if d.wrongSide > 0 { wrongSide += 1 }
    if d.roundaboutExit > 0 { roundaboutExit += 1 }
    if d.missing > 0 { missing += 1 }
    if d.needless > 0 { needless += 1 }
    if d.otherwise > 0 { otherwise += 1 }
    return d
  }

  /// One paragraph: the routes and how many of them differ in each way.
  public var summary: String {
    func share(_ n: Int) -> String {
      routes == 0 ? "0" : "\(n) (\(String(format: "%.1f", 100 * Double(n) / Double(routes))) %)"
    }
    return """
      \(routes) routes: \(share(exact)) exact, \(share(vocabularyOnly)) in words only
      routes with: wrong side \(wrongSide), roundabout exit \(roundaboutExit), missing \(missing), needless \(share(needless)), otherwise \(otherwise), no route \(noRoute)
      """
  }
}

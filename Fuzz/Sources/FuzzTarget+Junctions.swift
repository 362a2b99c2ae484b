import Foundation
import Junctions

/// Junction files: the drawn maps a scenario author writes.
extension FuzzTarget {
  /// A junction file, read as `headunit junctions` reads one; whatever it draws is imported,
  /// routed and its maneuvers built, so the maneuver builder meets any junction a drawing
  /// can make.
  static let junctions = FuzzTarget(name: "junctions") { data in
    guard let text = String(data: data, encoding: .utf8),
      let scenarios = try? JunctionFile.parse(text, file: "fuzz.junctions")
    else { return }
    for scenario in scenarios.prefix(4) { _ = JunctionCheck.run(scenario) }
  }
}

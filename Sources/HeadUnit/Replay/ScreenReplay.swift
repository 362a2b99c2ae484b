import Foundation
import Navigation
import Rendering
import Routing

/// The navigation screen at chosen moments of a replayed drive.
///
/// Runs the drive once through `Replay`, feeding every effect to a
/// `NavigationScreenModel`, and keeps a copy of the model as it stood at each moment
/// asked for (effects at a later instant are not yet applied).
public struct ScreenReplay {
  var route: Route
  var fixes: [Fix]
  var phrases: Phrasebook
  var timeZone: TimeZone = .current
  var destinationName: String?

  public init(
    route: Route, fixes: [Fix], phrases: Phrasebook, timeZone: TimeZone = .current,
    destinationName: String? = nil
  ) {
    self.route = route
    self.fixes = fixes
    self.phrases = phrases
    self.timeZone = timeZone
    self.destinationName = destinationName
  }

  /// Models at `seconds` after the first fix (any order), with the instant of each.
  public func models(at seconds: [Double]) -> [(model: NavigationScreenModel, at: Date)] {
    guard let start = fixes.first?.time else { return [] }
    var model = NavigationScreenModel(
      route: MapRoute(route), phrases: phrases, timeZone: timeZone,
      destinationName: destinationName)
    model.layers = Self.baseLayers
    let order = seconds.indices.sorted { seconds[$0] < seconds[$1] }
    var captured = [(model: NavigationScreenModel, at: Date)?](repeating: nil, count: seconds.count)
    var next = 0
    func capture(upTo instant: Date?) {
      while next < order.count {
        let t = start.addingTimeInterval(seconds[order[next]])
        if let instant, instant <= t { return }
        captured[order[next]] = (model, t)
        next += 1
      }
    }
    _ = Replay(route: route, fixes: fixes, phrases: phrases).run { effect, instant in
      capture(upTo: instant)
      model.apply(effect, at: instant)
    }
    capture(upTo: nil)
    return captured.compactMap { $0 }
  }

  /// The roads of the embedded Helsinki map; when it cannot be opened, a faint grid and
  /// the streets of the embedded routes instead.
  static let baseLayers: [any MapLayer] = {
    if let url = EmbeddedData.mapURL, let map = try? RoadMap(contentsOf: url) {
      return [RoadLayer(graph: map)]
    }
    var features: [MapFeature] = []
    if let directory = EmbeddedData.directory,
      let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path)
    {
      for name in names.sorted() where name.hasSuffix(".json") && name != "index.json" {
        let url = directory.appendingPathComponent(name)
        if let route = try? RouteReader.read(contentsOf: url).first {
          features.append(MapFeature(kind: .road, coordinates: route.geometry))
        }
      }
    }
    return [GridLayer(), FeatureLayer(id: "streets", features: features)]
  }()
}

import Foundation
import Geo
import Navigation
import Readers
import Rendering
import Templates

/// The shared drive the screen tests look at, replayed through a real session.
enum RenderingFixtures {
  static let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
  static let helsinki = packageRoot.appendingPathComponent("Sources/HeadUnit/Resources/Helsinki")
  static let goldens = packageRoot.appendingPathComponent("Tests/Fixtures/goldens")
  /// Where failing comparisons leave the frame they drew.
  static let failures = packageRoot.appendingPathComponent(".scratch-render/golden-failures")

  /// Set `UPDATE_GOLDENS=1` to rewrite the golden images instead of comparing.
  static var updating: Bool { ProcessInfo.processInfo.environment["UPDATE_GOLDENS"] == "1" }

  static let timeZone = TimeZone(identifier: "Europe/Helsinki")!

  static func route(_ name: String) throws -> Route {
    guard
      let route = try RouteReader.read(
        contentsOf: helsinki.appendingPathComponent("\(name).json")
      ).first
    else { throw RenderingError(.invalidArgument, "no route in \(name)") }
    return route
  }

  static func fixes(_ drive: String) throws -> [Fix] {
    try TrackReader.read(contentsOf: helsinki.appendingPathComponent("\(drive).nmea")).fixes
  }

  /// The streets of all embedded routes, as a stand-in base map.
  static let streets: FeatureLayer = {
    let features = (1...6).compactMap { try? route("helsinki-\($0)") }.map {
      MapFeature(kind: .road, coordinates: $0.geometry)
    }
    return FeatureLayer(id: "streets", features: features)
  }()

  /// A screen model fed with every effect of the drive up to `seconds` after its first
  /// fix, and that instant.
  static func model(drive: String, at seconds: Double, language: String = "en") throws -> (
    NavigationScreenModel, Date
  ) {
    let routeName = drive.split(separator: "-").prefix(2).joined(separator: "-")
    let route = try route(routeName)
    let fixes = try fixes(drive)
    let start = fixes[0].time
    let end = start.addingTimeInterval(seconds)
    var model = NavigationScreenModel(
      route: MapRoute(route), phrases: try Phrasebook(language: language), timeZone: timeZone,
      destinationName: "Töölönlahdenkatu")
    model.layers = [GridLayer(), streets]
    var session = NavigationSession(phrases: model.phrases)
    var timers: [SessionTimer: Date] = [:]
    func apply(_ effects: [NavigationSession.Effect], at instant: Date) {
      for effect in effects {
        model.apply(effect, at: instant)
        switch effect {
        case .timer(.schedule(let timer, let due)): timers[timer] = due
        case .timer(.cancel(let timer)): timers[timer] = nil
        default: break
        }
      }
    }
    func fireTimers(upTo instant: Date) {
      while let (timer, due) = timers.filter({ $0.value <= instant }).min(by: {
        $0.value < $1.value
      }) {
        timers[timer] = nil
        apply(session.handle(.timer(timer), at: due), at: due)
      }
    }
    apply(session.handle(.preview(Trip(route: route)), at: start), at: start)
    apply(session.handle(.start, at: start), at: start)
    for fix in fixes where fix.time <= end {
      fireTimers(upTo: fix.time)
      apply(session.handle(.fix(fix), at: fix.time), at: fix.time)
    }
    fireTimers(upTo: end)
    return (model, end)
  }

  /// The scene of `drive` at `seconds`, at `size`, in `theme`.
  static func scene(
    drive: String = "helsinki-1-clean", at seconds: Double, size: ScreenSize = .standard,
    theme: Theme = .day, focused: String? = "overview", muted: Bool = false,
    language: String = "en"
  ) throws -> NavigationScene {
    var (model, now) = try model(drive: drive, at: seconds, language: language)
    model.theme = theme
    model.isMuted = muted
    model.template = .guidance(muted: muted, focusedID: focused, text: model.phrases.screenText)
    return model.scene(at: now, size: size)
  }
}

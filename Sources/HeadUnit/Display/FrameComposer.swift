import Core
import Foundation
import Geo
import MapFile
import Navigation
import Readers
import Rendering
import Routing
import Templates

/// Turns what the core says is on screen into a scene for the renderer: the templates
/// over the guidance map while a trip is under way, over the bare map with the vehicle
/// otherwise ("Locating" until the first fix); the Parked screen; or nothing.
///
/// Owned by whoever draws (the daemon's display); keeps the routes it prepared for
/// drawing, so a frame projects a route once, not every time. Pure apart from that cache:
/// the same core at the same instant gives the same scene.
public struct FrameComposer {
  /// What to put on the screen.
  public enum Frame {
    case scene(TemplateScene)
    case blank
  }

  /// What the map shows under the route: the offline map's roads.
  var layers: [any MapLayer]
  var timeZone = TimeZone.current
  private var prepared: [MapRoute] = []
  /// The Now Playing artwork bridge apps sent, decoded once each (by content key).
  let artworks = ArtworkCache()

  public init(layers: [any MapLayer]) {
    self.layers = layers
  }

  /// The screen of `core` at `now`.
  public mutating func frame(of core: HeadUnitCore, at now: Date, size: ScreenSize, theme: Theme)
    -> Frame
  {
    switch core.screen {
    case .off, .blank:
      return .blank
    case .parked:
      var parked = TemplateScene(
        size: size, theme: theme, content: .information(core.parkedInformation))
      parked.text = core.app.text
      return .scene(parked)
    case .live:
      var map: NavigationScene
      if let navigation = core.bridge.screen?.navigation {
        map = idleScene(core, at: now, size: size)
        navigation.decorate(&map, phrases: core.phrases, now: now, timeZone: timeZone)
      } else if let guidance = core.guidance {
        var model = NavigationScreenModel(
          guidance: guidance, route: mapRoute(guidance.route), phrases: core.phrases,
          timeZone: timeZone)
        model.layers = layers
        map = model.scene(at: now, size: size)
      } else {
        map = idleScene(core, at: now, size: size)
      }
      map.theme = theme
      if core.position != nil {
        // A speed from before the fixes stopped coming is not the speed now.
        let speed = core.gpsQuality == .good ? core.speed : nil
        map.driver = DriverContent.make(
          road: core.road?.name, speed: speed, limit: core.road?.speedLimit,
          units: core.phrases.units, isWarning: speed != nil && core.speedWarning.isWarning,
          now: now, text: core.phrases.screenText)
      }
      // Where the driver panned and zoomed the map to (knob or fingers).
      if let viewport = core.activeController.map?.viewport {
        map.camera = map.camera.moved(by: viewport)
      }
      map.status.isMuted = core.isMuted || !core.isAudioAvailable
      // What an audio app or the unit's own music plays, over the built-in map (a screen
      // of their own shows it whole).
      if core.bridge.screen == nil, let playing = core.nowPlayingStrip {
        map.nowPlaying = NowPlayingStrip(playing)
      }
      let routes = core.previewRoutes.mapValues { $0.map { mapRoute($0) } }
      let context = MapContext(
        scene: map, routes: routes, layers: layers, artwork: artwork(of: core, size: size))
      guard let scene = TemplateScene(core.activeController, size: size, theme: theme, map: context)
      else { return .blank }
      return .scene(scene)
    }
  }

  /// The artwork of the Now Playing screen on top, if one shows: decoded from the bytes
  /// its app sent the first time it shows (a picture that fails to decode is kept as its
  /// error, shown as the placeholder, and not decoded again).
  private func artwork(of core: HeadUnitCore, size: ScreenSize) -> Artwork {
    guard case .nowPlaying(let playing)? = core.activeController.stack.last,
      let key = playing.artworkID
    else { return .none }
    if !artworks.contains(id: key), let bytes = core.bridge.artworks.bytes(for: key) {
      try? artworks.store(bytes, id: key)
    }
    return artworks.artwork(id: key, side: TemplateLayout(size: size).nowPlayingArtworkSide)
  }

  /// The map with only the vehicle: no route, cards or arrival time.
  private func idleScene(_ core: HeadUnitCore, at now: Date, size: ScreenSize) -> NavigationScene {
    let layout = NavigationLayout(size: size)
    let follow = FollowingCamera()
    let center = core.position ?? core.configuration.home
    let text = core.app.text
    let status = StatusContent(
      gps: core.gpsQuality, isMuted: core.isMuted || !core.isAudioAvailable,
      clock: text.clock(now, timeZone))
    var scene = NavigationScene(
      size: size, theme: .day,
      camera: MapCamera(
        center: center, heading: core.heading,
        metresPerPixel: follow.minimumAhead / layout.pixelsAhead, anchor: .vehicle),
      vehicle: core.position.map { VehiclePose(coordinate: $0, heading: core.heading) },
      layers: layers,
      banner: core.position == nil ? .paused(.locating) : nil,
      status: status)
    scene.text = text
    return scene
  }

  /// `route` prepared for drawing: from the cache when it was drawn lately.
  private mutating func mapRoute(_ route: Route) -> MapRoute {
    if let known = prepared.first(where: { $0.guidance.route == route }) { return known }
    let fresh = MapRoute(route)
    prepared = [fresh] + prepared.prefix(3)
    return fresh
  }

  /// The roads of the embedded Helsinki map; when it cannot be opened, a faint grid and
  /// the streets of the embedded routes instead.
  public static let embeddedLayers: [any MapLayer] = {
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

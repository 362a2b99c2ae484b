import Commands
import Foundation
import HeadUnit
import Navigation
import Readers
import Rendering
import Templates

extension RenderBenchmark {
  /// The route overview: the longest embedded route whole, north up, over the embedded map,
  /// drawn in full (nothing cached) — what the overview button shows.
  static func overviewSection(_ context: Context, console: Console) throws {
    var longest: Route?
    for drive in EmbeddedData.drives {
      guard let url = EmbeddedData.routeURL(forDrive: drive),
        let route = try? ReplayCommand.loadRoute(url)
      else { continue }
      if route.distance > longest?.distance ?? 0 { longest = route }
    }
    guard let route = longest, var scene = context.scenes.first,
      let camera = MapCamera.fitting(
        route.geometry, width: Double(context.renderer.size.width),
        height: Double(context.renderer.size.height))
    else { return }
    scene.camera = camera
    scene.route = MapRoute(route)
    scene.progress = 0
    scene.vehicle = nil
    let renderer = context.renderer
    let clock = ContinuousClock()
    var times: [Double] = []
    for _ in 0..<(30 * context.runs) {
      times.append(
        clock.measure {
          renderer.invalidate(dropping: .all)
          renderer.render(scene)
        }.seconds * 1e3)
    }
    times.sort()
    console.out(
      String(
        format: "  route overview (%.1f km, %.1f m a pixel):    ", route.distance / 1000,
        camera.metresPerPixel) + context.figure(times[times.count / 2]))
  }
}

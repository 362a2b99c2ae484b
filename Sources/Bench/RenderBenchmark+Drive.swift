import Commands
import Foundation
import Rendering

extension RenderBenchmark {
  /// The whole drive as the car draws it, 5 frames a second with the camera following:
  /// most frames turn and move the cached map, some draw it again (bends, zoom changes, the
  /// view left behind), so the median, the 95th percentile and the slowest frame.
  static func driveSection(_ context: Context, console: Console) throws {
    let times = Array(stride(from: 0, to: context.seconds, by: 0.2))
    guard !times.isEmpty else { return }
    let size = context.renderer.size
    let scenes = context.replay.models(at: times).map { $0.model.scene(at: $0.at, size: size) }
    let renderer = try NavigationRenderer(size: size)
    let clock = ContinuousClock()
    var frames: [Double] = []
    for _ in 0..<context.runs {
      renderer.invalidate(dropping: .all)
      for scene in scenes {
        frames.append(clock.measure { renderer.render(scene) }.seconds * 1e3)
      }
    }
    frames.sort()
    let p95 = frames[min(frames.count - 1, frames.count * 95 / 100)]
    console.out(
      String(format: "  whole drive, %d frames 0.2 s apart:       ", scenes.count)
        + context.figure(frames[frames.count / 2])
        + String(
          format: "; 95th percentile %.2f ms (%.0f×), slowest %.2f ms", p95,
          p95 / context.memcpy, frames.last ?? 0))
  }
}

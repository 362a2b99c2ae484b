import Core
import Foundation
import HeadUnit
import Navigation
import Rendering
import Templates

extension DemoCommand {
  /// A moment of the drive worth a frame, with the words under it on the contact sheet.
  struct KeyMoment {
    var t: Double
    var caption: String
  }

  /// Depart, each maneuver (when its final prompt is spoken), GPS outages, pauses and
  /// the arrival, in time order.
  static func keyMoments(_ timeline: [TimelineEntry]) -> [KeyMoment] {
    var moments: [KeyMoment] = []
    let end = timeline.last?.t ?? 0
    for entry in timeline {
      switch entry.kind {
      case .announce(let a) where a.stage == .depart:
        moments.append(KeyMoment(t: entry.t + 2, caption: "depart: \(a.text)"))
      case .announce(let a) where a.stage == .final:
        moments.append(KeyMoment(t: entry.t, caption: a.text))
      case .gpsLost:
        moments.append(KeyMoment(t: entry.t + 5, caption: "GPS lost: position estimated"))
      case .state(.paused(let reason)) where entry.t > 0:
        moments.append(KeyMoment(t: entry.t + 1, caption: "paused: \(reason)"))
      case .arrived:
        moments.append(KeyMoment(t: min(end, entry.t + 1), caption: "arrived"))
      default: break
      }
    }
    var result: [KeyMoment] = []
    for m in moments.sorted(by: { $0.t < $1.t }) where result.last.map({ m.t - $0.t >= 1 }) ?? true
    {
      result.append(m)
    }
    return result
  }

  /// Draws the navigation screen at each key moment into DIR/frames/ and all of them on
  /// DIR/contact-sheet.png.
  static func writeFrames(
    of drive: Replay, timeline: [TimelineEntry], to out: URL, console: Console
  ) -> HeadUnitCommand.Status {
    let moments = keyMoments(timeline)
    // The screens the car's daemon draws: the drive replayed through it, on a display that
    // keeps its frames at those moments.
    let frames = drive.run(capturing: moments.map(\.t), drawing: .standard).frames
    let folder = out.appendingPathComponent("frames", isDirectory: true)
    do {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      var cells: [ContactSheet.Cell] = []
      for (i, (moment, frame)) in zip(moments, frames).enumerated() {
        guard let frame else { continue }
        let name = String(format: "%02d-t%03d.png", i + 1, Int(moment.t.rounded()))
        try frame.writePNG(to: folder.appendingPathComponent(name).path)
        cells.append(
          ContactSheet.Cell(
            image: frame, caption: String(format: "%.0f s · ", moment.t) + moment.caption))
      }
      cells += try appCells(
        phrases: drive.phrases, position: drive.fixes.first?.coordinate,
        start: drive.fixes.first?.time ?? Date(timeIntervalSince1970: 0), folder: folder,
        firstNumber: cells.count + 1)
      let sheet = try ContactSheet.render(
        cells, columns: 4, cellWidth: 400, title: "headunit demo: key moments")
      let sheetURL = out.appendingPathComponent("contact-sheet.png")
      try sheet.writePNG(to: sheetURL.path)
      console.out("\(cells.count) frames written to \(folder.path), contact sheet \(sheetURL.path)")
      return .success
    } catch {
      console.err("headunit: cannot draw the demo frames: \(error)")
      return .failure
    }
  }
}

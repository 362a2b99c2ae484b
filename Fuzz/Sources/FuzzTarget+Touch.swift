import Board
import Foundation
import Templates

/// The touch screen's recordings and everything after the device: decoding, placing on the
/// screen and recognising gestures.
extension FuzzTarget {
  /// An `evemu-record` capture, as `ReplayTouchSource(evemu:path:)` reads a file, then its
  /// events through the decoder, the calibration (turned and flipped) and the recognizer,
  /// as `TouchSource.gestures` runs them.
  static let evemu = FuzzTarget(name: "evemu") { data in
    guard
      let source = try? ReplayTouchSource(
        evemu: String(decoding: data, as: UTF8.self), path: "fuzz.evemu")
    else { return }
    let screen = ScreenSize(width: 800, height: 480)
    let calibration = TouchCalibration(rotation: 90, flipX: true)
    var decoder = TouchDecoder(device: source.device)
    var recognizer = GestureRecognizer(screen: screen)
    for event in source.recording {
      guard let frame = decoder.handle(event) else { continue }
      let touches = frame.contacts.map {
        GestureRecognizer.Touch(
          id: $0.id,
          point: calibration.point(x: $0.x, y: $0.y, device: source.device, screen: screen))
      }
      _ = recognizer.handle(touches, at: frame.time)
    }
  }
}

import Templates

/// Something that produces a touch screen's raw events: a device through libevdev
/// (``EvdevTouchSource``), or a recording (``ReplayTouchSource``).
public protocol TouchSource: Sendable {
  /// The device the events come from: its reporting and axis ranges.
  var device: TouchDevice { get }
  /// Why the events ended early (the device went away, a read failed); nil while they
  /// flow, and after a stop the consumer asked for.
  var failure: BoardError? { get }
  /// The events, in the device's order. The stream ends when the source is closed, the
  /// consumer stops iterating, or the device fails (see ``failure``).
  func events() -> AsyncStream<EvdevEvent>
}

extension TouchSource {
  /// The events decoded (``TouchDecoder``), placed on a `screen`-sized picture
  /// (`calibration`) and recognised as gestures (``GestureRecognizer``), by one task that
  /// wakes for each event. The stream ends with the events.
  public func gestures(
    screen: ScreenSize, calibration: TouchCalibration = TouchCalibration(),
    configuration: GestureRecognizer.Configuration = GestureRecognizer.Configuration()
  ) -> AsyncStream<TouchGesture> {
    let (gestures, output) = AsyncStream.makeStream(of: TouchGesture.self)
    let events = self.events()
    let device = self.device
    let task = Task {
      var decoder = TouchDecoder(device: device)
      var recognizer = GestureRecognizer(screen: screen, configuration: configuration)
      for await event in events {
        guard let frame = decoder.handle(event) else { continue }
        let touches = frame.contacts.map {
          GestureRecognizer.Touch(
            id: $0.id,
            point: calibration.point(x: $0.x, y: $0.y, device: device, screen: screen))
        }
        for gesture in recognizer.handle(touches, at: frame.time) { output.yield(gesture) }
      }
      output.finish()
    }
    output.onTermination = { _ in task.cancel() }
    return gestures
  }
}

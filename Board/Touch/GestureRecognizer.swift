import Templates

/// Turns the fingers on the screen, frame by frame, into taps, drags and pinches.
///
/// A pure state machine: it reads no clock (each frame brings its time, the device's) and
/// does no I/O. The owner feeds it every frame of a ``TouchDecoder`` mapped onto the screen
/// (``TouchCalibration``) and carries out what it returns.
///
/// Rules:
/// - **Tap**: one finger goes down and comes up within ``Configuration/tapLongest``
///   without straying more than ``Configuration/slop`` from where it went down; the tap is
///   at that point and comes out when the finger lifts. A finger resting longer (a hand
///   steadied on the screen over a bump) is no tap.
/// - **Drag**: once one finger strays beyond the slop, every frame that moves it gives
///   the movement since the last (the first drag includes the slop, so nothing is lost).
/// - **Pinch**: a second finger turns any touch into a pinch: once the distance between
///   the first two fingers has changed by more than ``Configuration/pinchSlop``, every
///   frame that changes it gives the factor since the last. When one of the two lifts,
///   the one left drags from where it is; a third finger is not looked at.
/// - **Outside**: a finger outside the screen (or on no screen: a zero size) ends what
///   the touch was doing; the rest of the touch is ignored until every finger is up, and
///   reported once as ``TouchGesture/outside(_:at:)``.
public struct GestureRecognizer: Sendable {
  /// The thresholds, in screen pixels and device time.
  public struct Configuration: Sendable, Equatable {
    /// How far a finger may wander and still tap.
    public var slop: Double
    /// How long a finger may stay down and still tap.
    public var tapLongest: Duration
    /// How much two fingers' distance must change before they zoom.
    public var pinchSlop: Double

    public init(
      slop: Double = 12, tapLongest: Duration = .milliseconds(800), pinchSlop: Double = 16
    ) {
      self.slop = slop
      self.tapLongest = tapLongest
      self.pinchSlop = pinchSlop
    }
  }

  /// A finger where the screen shows it.
  public struct Touch: Sendable, Equatable {
    public var id: Int
    public var point: TouchPoint

    public init(id: Int, point: TouchPoint) {
      self.id = id
      self.point = point
    }
  }

  private enum Phase: Sendable, Equatable {
    case idle
    /// One finger down, not moved beyond the slop yet.
    case pressed(id: Int, start: TouchPoint, at: Duration)
    case dragging(id: Int, last: TouchPoint)
    /// `base` is the distance zooming started from (or waits to leave), `zooming` whether
    /// it has left it by the pinch slop.
    case pinching(first: Int, second: Int, base: Double, zooming: Bool)
    /// Until every finger is up.
    case ignoring
  }

  public let configuration: Configuration
  public let screen: ScreenSize
  private var phase = Phase.idle

  public init(screen: ScreenSize, configuration: Configuration = Configuration()) {
    self.screen = screen
    self.configuration = configuration
  }

  /// The fingers down at `time` (none: all lifted); returns what they did.
  public mutating func handle(_ touches: [Touch], at time: Duration) -> [TouchGesture] {
    if touches.isEmpty {
      defer { phase = .idle }
      guard case .pressed(_, let start, let downAt) = phase,
        time - downAt <= configuration.tapLongest
      else { return [] }
      return [.tap(start, at: time)]
    }
    if phase == .ignoring { return [] }
    if let outside = touches.first(where: { !isOnScreen($0.point) }) {
      phase = .ignoring
      return [.outside(outside.point, at: time)]
    }
    if touches.count >= 2 { return pinch(touches, at: time) }
    let touch = touches[0]
    switch phase {
    case .idle, .ignoring:
      phase = .pressed(id: touch.id, start: touch.point, at: time)
      return []
    case .pressed(let id, let start, let downAt):
      guard id == touch.id else {
        phase = .pressed(id: touch.id, start: touch.point, at: time)
        return []
      }
      guard touch.point.distance(to: start) > configuration.slop else {
        phase = .pressed(id: id, start: start, at: downAt)
        return []
      }
      phase = .dragging(id: id, last: touch.point)
      return [.drag(offset(from: start, to: touch.point), at: time)]
    case .dragging(let id, let last):
      phase = .dragging(id: touch.id, last: touch.point)
      guard id == touch.id, touch.point != last else { return [] }
      return [.drag(offset(from: last, to: touch.point), at: time)]
    case .pinching:
      // One of the two lifted: the other drags on from where it is.
      phase = .dragging(id: touch.id, last: touch.point)
      return []
    }
  }

  private mutating func pinch(_ touches: [Touch], at time: Duration) -> [TouchGesture] {
    if case .pinching(let first, let second, let base, let zooming) = phase,
      let a = touches.first(where: { $0.id == first }),
      let b = touches.first(where: { $0.id == second })
    {
      let distance = a.point.distance(to: b.point)
      guard zooming || abs(distance - base) > configuration.pinchSlop else { return [] }
      phase = .pinching(first: first, second: second, base: distance, zooming: true)
      // Two fingers on one spot measure no distance to scale from.
      guard base >= 1, distance >= 1, distance != base else { return [] }
      return [.pinch(scale: distance / base, at: time)]
    }
    let a = touches[0]
    let b = touches[1]
    phase = .pinching(
      first: a.id, second: b.id, base: a.point.distance(to: b.point), zooming: false)
    return []
  }

  private func isOnScreen(_ p: TouchPoint) -> Bool {
    p.x >= 0 && p.y >= 0 && p.x < Double(screen.width) && p.y < Double(screen.height)
  }

  private func offset(from a: TouchPoint, to b: TouchPoint) -> ScreenOffset {
    ScreenOffset(dx: b.x - a.x, dy: b.y - a.y)
  }
}

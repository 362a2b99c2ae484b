import Core
import Navigation

/// Something that produces positions: gpsd, or a recorded file.
///
/// `events()` may be called once; the stream ends only when the source is finished or
/// the consumer stops iterating. Sources never throw after starting: problems become
/// `.status(.disconnected)` and the source retries by itself.
public protocol PositionSource: Sendable {
  func events() -> AsyncStream<PositionEvent>
}

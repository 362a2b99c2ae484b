import Board
import Core
import Foundation
import Navigation

@testable import HeadUnit

/// Devices for running the daemon on a virtual clock: saves dropped, no prompts, and
/// `display` when given.
final class TestDevices: DaemonDevices, StateStore {
  let display: (any Display)?
  var store: any StateStore { self }
  let fleetQueue: any FleetQueueStore = FleetQueueMemory()

  init(display: (any Display)? = nil) {
    self.display = display
  }

  func loadState() -> (PlaceLists, TripSnapshot?) { (PlaceLists(), nil) }
  func acquire(language: String, muted: Bool) -> (any PromptSink)? { nil }
  func release(stopping: Bool) {}
  func reload(_ configuration: DaemonConfiguration) {}
  func save(_ trip: TripSnapshot) {}
  func clearTrip() {}
  func save(_ places: PlaceLists) {}

  /// A router whose answers never come.
  final class SilentRouter: RouteService {
    func route(_ request: RouteRequest) -> [HeadUnitCore.Event]? { nil }
  }

  /// A display that shows every frame and keeps the instant of each.
  final class Screen: Display {
    let name = "test screen"
    let width = 320
    let height = 240
    /// The instant of each frame shown, in order.
    private(set) var shown: [Date] = []
    private var offered: Date?

    func wantsFrame(at instant: Date) -> Bool {
      offered = instant
      return true
    }

    func present(_ pixels: UnsafeRawBufferPointer, width: Int, height: Int, stride: Int)
      throws(BoardError) -> FrameUpdate
    {
      if let offered { shown.append(offered) }
      return FrameUpdate(
        rows: [0..<height], repainted: true, page: 0,
        placement: FramePlacement(
          frameWidth: width, frameHeight: height, screenWidth: self.width,
          screenHeight: self.height))
    }

    func blank() throws(BoardError) {}
    func unblank() throws(BoardError) {}
  }
}

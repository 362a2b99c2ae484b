import Board
import Templates
import Testing

@Suite("Touch calibration")
struct TouchCalibrationTests {
  static let device = TouchDevice(
    name: "panel", path: "/dev/input/event0", reporting: .multitouch(slots: 10), x: 0...799,
    y: 0...479)
  static let screen = ScreenSize(width: 800, height: 480)

  func point(_ x: Int32, _ y: Int32, _ calibration: TouchCalibration) -> TouchPoint {
    calibration.point(x: x, y: y, device: Self.device, screen: Self.screen)
  }

  func near(_ p: TouchPoint, _ x: Double, _ y: Double) -> Bool {
    abs(p.x - x) < 1e-9 && abs(p.y - y) < 1e-9
  }

  @Test func aPanelTheSizeOfTheScreenLandsOnPixelCentres() {
    let straight = TouchCalibration()
    #expect(near(point(0, 0, straight), 0.5, 0.5))
    #expect(near(point(799, 479, straight), 799.5, 479.5))
    #expect(near(point(400, 240, straight), 400.5, 240.5))
  }

  @Test func aFinerPanelIsScaledToTheScreen() {
    let device = TouchDevice(
      name: "usb", path: "/dev/input/event1", reporting: .singleTouch, x: 0...4095, y: 0...4095)
    let p = TouchCalibration().point(x: 2048, y: 1024, device: device, screen: Self.screen)
    #expect(abs(p.x - 400.1) < 0.01)
    #expect(abs(p.y - 120.06) < 0.01)
  }

  /// The panel's top-left, top-right and bottom-left corners under each mounting.
  @Test(arguments: [
    (TouchCalibration(rotation: 90), [(799.0, 0.0), (799.0, 479.0), (0.0, 0.0)]),
    (TouchCalibration(rotation: 180), [(799.0, 479.0), (0.0, 479.0), (799.0, 0.0)]),
    (TouchCalibration(rotation: 270), [(0.0, 479.0), (0.0, 0.0), (799.0, 479.0)]),
    (TouchCalibration(flipX: true), [(799.0, 0.0), (0.0, 0.0), (799.0, 479.0)]),
    (TouchCalibration(flipY: true), [(0.0, 479.0), (799.0, 479.0), (0.0, 0.0)]),
    // Flipped in the panel's axes first, then turned.
    (TouchCalibration(rotation: 90, flipX: true), [(799.0, 479.0), (799.0, 0.0), (0.0, 479.0)]),
  ])
  func corners(_ calibration: TouchCalibration, _ expected: [(Double, Double)]) {
    let corners = [
      point(0, 0, calibration), point(799, 0, calibration), point(0, 479, calibration),
    ]
    for (corner, (x, y)) in zip(corners, expected) {
      // Within the corner pixel, whichever way the cell's centre was turned.
      #expect(abs(corner.x - x - 0.5) <= 0.5 && abs(corner.y - y - 0.5) <= 0.5, "\(corner)")
    }
  }

  /// The README's guide: where taps on the picture's top-left and top-right corners landed
  /// uncalibrated (device units), and the setting that puts them back.
  @Test(
    arguments: [
      ((799, 0, 799, 479), TouchCalibration(rotation: 270)),
      ((799, 479, 0, 479), TouchCalibration(rotation: 180)),
      ((0, 479, 0, 0), TouchCalibration(rotation: 90)),
      ((799, 0, 0, 0), TouchCalibration(flipX: true)),
      ((0, 479, 799, 479), TouchCalibration(flipY: true)),
    ] as [((Int32, Int32, Int32, Int32), TouchCalibration)])
  func theReadmesCornerGuide(_ landed: (Int32, Int32, Int32, Int32), _ fix: TouchCalibration) {
    let topLeft = point(landed.0, landed.1, fix)
    let topRight = point(landed.2, landed.3, fix)
    #expect(topLeft.x < 1 && topLeft.y < 1, "\(topLeft)")
    #expect(topRight.x > 799 && topRight.y < 1, "\(topRight)")
  }

  @Test func valuesBeyondTheRangeLandOffTheScreen() {
    let p = point(-10, 500, TouchCalibration())
    #expect(p.x < 0)
    #expect(p.y >= 480)
  }
}

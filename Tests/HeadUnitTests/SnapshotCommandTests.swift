import Foundation
import Synchronization
import Testing

@testable import Commands
@testable import HeadUnit

@Suite("Snapshot command") struct SnapshotCommandTests {
  @Test func drawsTheScreenAtAMomentOfADrive() throws {
    let out = FileManager.default.temporaryDirectory
      .appendingPathComponent("headunit-snapshot-\(getpid()).png")
    defer { try? FileManager.default.removeItem(at: out) }
    let captured = Captured()
    let status = HeadUnitCommand.run(
      [
        "snapshot", "--route", Paths.route(1), "--track", Paths.drive("helsinki-1-clean"),
        "--at", "40", "--size", "768x1024", "--theme", "night", "--out", out.path,
      ], console: captured.console)
    #expect(status == .success, "\(captured.err)")
    let attributes = try FileManager.default.attributesOfItem(atPath: out.path)
    #expect(((attributes[.size] as? Int) ?? 0) > 10_000)
    #expect(
      HeadUnitCommand.run(["snapshot", "--size", "big"], console: captured.console) == .usage)
  }
}

import Geo
import Maneuvers
import Navigation
import Testing

/// The offline router's English: one full stop, never two.
@Suite struct InstructionWriterTests {
  static let here = Coordinate(latitude: 47.14, longitude: 9.52)

  @Test func aNameEndingInADotEndsTheSentence() {
    let left = Maneuver(kind: .turn, modifier: .left, location: Self.here)
    #expect(
      InstructionWriter.variants(for: left, name: "Franz-Josef-Oehri-Str.", ref: nil) == [
        "Turn left onto Franz-Josef-Oehri-Str.", "Turn left.",
      ])
    let on = Maneuver(kind: .continue, modifier: .straight, location: Self.here)
    #expect(
      InstructionWriter.variants(for: on, name: "Main St.", ref: "BT 14") == [
        "Continue on Main St./BT 14.", "Continue on Main St.", "Continue.",
      ])
  }

  @Test func aRefAloneIsTheRoad() {
    let on = Maneuver(kind: .continue, modifier: .straight, location: Self.here)
    #expect(
      InstructionWriter.variants(for: on, name: "", ref: "BT 14") == [
        "Continue on BT 14.", "Continue.",
      ])
  }

  @Test func aSignedPlaceEndingInADotEndsTheSentence() {
    let exit = Maneuver(kind: .offRamp, modifier: .slightRight, location: Self.here)
    let sign = Signpost(exits: ["4"], destinations: ["St. Gallen", "Buchs SG."])
    #expect(
      InstructionWriter.variants(for: exit, name: "", ref: nil, signpost: sign).first
        == "Take exit 4 on the right towards St. Gallen, Buchs SG.")
  }
}

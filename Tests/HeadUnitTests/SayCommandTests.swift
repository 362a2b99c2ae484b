import Foundation
import Testing

@testable import Commands

/// `headunit say` on an ALSA device that cannot be opened.
@Suite("say without a sound card")
struct SayCommandTests {
  @Test(
    "a device that does not exist: exit 1, saying nothing was spoken, with the device and ALSA's error"
  )
  func noSuchDevice() {
    let device = "headunit_no_such_pcm"
    let captured = Captured()
    let status = HeadUnitCommand.run(
      ["say", "turn left", "--device", device], console: captured.console)
    #expect(status == .failure)
    #expect(captured.out.isEmpty, "stdout was: \(captured.out)")
    #expect(captured.err.contains("spoke nothing"), "stderr was: \(captured.err)")
    #expect(captured.err.contains("'\(device)'"), "stderr was: \(captured.err)")
    #expect(!captured.err.contains("on screen"), "stderr was: \(captured.err)")
  }
}

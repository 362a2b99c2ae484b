import Audio
import Foundation
import Testing

/// `ALSAMixerControl` on real alsa-lib, as one parameterized test: a card that is not
/// there (runs everywhere), and, when `HEADUNIT_TEST_MIXER=card:element` names a real
/// control (e.g. `hw:0:PCM`), a round trip on it that puts its level back. Unset, that
/// case does not exist, so nothing shows as skipped.
@Suite("ALSA mixer control")
struct ALSAMixerControlTests {
  init() {
    #expect(ALSATestEnvironment.configured)
  }

  enum Case: Sendable, CustomTestStringConvertible {
    case missingCard(String)
    case realControl(card: String, element: String)

    var testDescription: String {
      switch self {
      case .missingCard(let card): "missing card \(card)"
      case .realControl(let card, let element): "\(element) on \(card)"
      }
    }
  }

  static let cases: [Case] = {
    var cases: [Case] = [.missingCard("hw:9")]
    if let value = ProcessInfo.processInfo.environment["HEADUNIT_TEST_MIXER"],
      let colon = value.lastIndex(of: ":")
    {
      cases.append(
        .realControl(card: String(value[..<colon]), element: String(value[colon...].dropFirst())))
    }
    return cases
  }()

  @Test(
    "a missing card is a clear .unavailable error; a real control round-trips", arguments: cases)
  func mixer(_ test: Case) throws {
    switch test {
    case .missingCard(let card):
      #expect {
        try ALSAMixerControl(card: card, element: "Music")
      } throws: { error in
        guard let error = error as? AudioError else { return false }
        return error.code == .unavailable
          && error.message
            == "ALSA mixer '\(card)' not available: No such file or directory — the music "
            + "will not be lowered during prompts"
      }
    case .realControl(let card, let element):
      let control = try ALSAMixerControl(card: card, element: element)
      let original = try control.volume()
      defer { try? control.setVolume(original) }
      try control.setVolume(60)
      #expect(abs(try control.volume() - 60) <= 1)
      let ducker = Ducker(control: control, reduction: 25)
      try ducker.duck()
      #expect(abs(try control.volume() - 35) <= 1)
      try ducker.restore()
      #expect(abs(try control.volume() - 60) <= 1)
    }
  }
}

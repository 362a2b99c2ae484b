import Audio
import Foundation
import Testing

/// `Ducker` on a recording control: lowered while a prompt plays, restored on every way
/// out.
@Suite("Ducking")
struct DuckingTests {
  @Test("lowers by the reduction and restores the level it found")
  func duckAndRestore() throws {
    let music = RecordingVolumeControl(level: 70)
    let ducker = Ducker(control: music, reduction: 30)
    try ducker.duck()
    #expect(music.level == 40)
    #expect(ducker.isDucked)
    try ducker.restore()
    #expect(music.level == 70)
    #expect(!ducker.isDucked)
    #expect(music.calls == [.get, .set(40), .get, .set(70)])
  }

  @Test("duck and restore are idempotent")
  func idempotent() throws {
    let music = RecordingVolumeControl(level: 70)
    let ducker = Ducker(control: music, reduction: 30)
    try ducker.restore()
    try ducker.duck()
    try ducker.duck()
    try ducker.restore()
    try ducker.restore()
    #expect(music.calls == [.get, .set(40), .get, .set(70)])
  }

  @Test("never below 0; a reduction over 100 counts as 100")
  func clamps() throws {
    let music = RecordingVolumeControl(level: 20)
    let ducker = Ducker(control: music, reduction: 150)
    #expect(ducker.reduction == 100)
    try ducker.duck()
    #expect(music.level == 0)
    try ducker.restore()
    #expect(music.level == 20)
  }

  @Test("restored when the prompt plays to its end, is cut off, or its body throws")
  func whileDuckedRestoresOnEveryPath() throws {
    struct PromptFailed: Error {}
    let music = RecordingVolumeControl(level: 80)
    let ducker = Ducker(control: music, reduction: 30)

    let played = ducker.whileDucked {
      #expect(music.level == 50)
      return "played"
    }
    #expect(played == "played")
    #expect(music.level == 80)

    // Cut off: the body returns early after a discard.
    let output = WAVFileOutput(url: URL(fileURLWithPath: "/dev/null"))
    ducker.whileDucked {
      output.discard()
      guard music.level == 80 else { return }
      Issue.record("not ducked")
    }
    #expect(music.level == 80)

    #expect(throws: PromptFailed.self) {
      try ducker.whileDucked { () throws(PromptFailed) in
        #expect(music.level == 50)
        throw PromptFailed()
      }
    }
    #expect(music.level == 80)
    #expect(!ducker.isDucked)
  }

  @Test("restored when writing to a real output throws (a missing ALSA device)")
  func restoredWhenWriteThrows() throws {
    #expect(ALSATestEnvironment.configured)
    let music = RecordingVolumeControl(level: 80)
    let ducker = Ducker(control: music, reduction: 30)
    let output = try ALSAOutput(device: "hw:9")
    #expect(throws: AudioError.self) {
      try ducker.whileDucked { () throws(AudioError) in
        #expect(music.level == 50)
        try output.write([0, 0, 0, 0], format: AudioFormat(sampleRate: 16_000))
      }
    }
    #expect(music.level == 80)
  }

  @Test("restored when the ducker goes away mid-prompt")
  func restoredOnDeinit() throws {
    let music = RecordingVolumeControl(level: 65)
    do {
      let ducker = Ducker(control: music, reduction: 30)
      try ducker.duck()
      #expect(music.level == 35)
    }
    #expect(music.level == 65)
    #expect(music.calls == [.get, .set(35), .get, .set(65)])
  }

  @Test("someone turning the knob during the prompt keeps their level")
  func userChangeWins() throws {
    let music = RecordingVolumeControl(level: 70)
    let ducker = Ducker(control: music, reduction: 30)
    try ducker.duck()
    music.turn(to: 90)
    try ducker.restore()
    #expect(music.level == 90)
    #expect(music.calls == [.get, .set(40), .get])
    // One point of rounding off the lowered level still counts as ours.
    try ducker.duck()
    music.turn(to: 61)
    try ducker.restore()
    #expect(music.level == 90)
  }

  @Test("a control that cannot be read: the prompt plays anyway, nothing is set")
  func duckFailureDoesNotStopThePrompt() {
    let music = RecordingVolumeControl(level: 70)
    music.fail(get: true)
    let ducker = Ducker(control: music, reduction: 30)
    var failures: [AudioError] = []
    var played = false
    ducker.whileDucked(controlFailed: { failures.append($0) }, { played = true })
    #expect(played)
    #expect(failures == [RecordingVolumeControl.failure])
    #expect(!music.calls.contains { if case .set = $0 { true } else { false } })
    #expect(!ducker.isDucked)
  }

  @Test("a restore that fails stays ducked and is retried, last in deinit")
  func failedRestoreIsRetried() throws {
    let music = RecordingVolumeControl(level: 70)
    do {
      let ducker = Ducker(control: music, reduction: 30)
      try ducker.duck()
      music.fail(set: true)
      #expect(throws: RecordingVolumeControl.failure) { try ducker.restore() }
      #expect(ducker.isDucked)
      #expect(music.level == 40)
      music.fail()
    }
    #expect(music.level == 70)
  }
}

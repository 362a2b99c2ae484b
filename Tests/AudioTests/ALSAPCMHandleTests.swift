import CALSA
import Foundation
import Glibc
import Testing

@testable import Audio

/// `PCMHandle`'s recovery calls on real alsa-lib (the file PCM on null), which no write
/// there ever needs: the null PCM has no clock, so it cannot underrun by itself.
@Suite("ALSA PCM handle recovery (file PCM on null, real alsa-lib)")
struct ALSAPCMHandleTests {
  typealias Env = ALSATestEnvironment
  static let mono = AudioFormat(sampleRate: 22_050)

  init() {
    #expect(Env.configured)
  }

  @Test("snd_pcm_recover after an underrun: writing goes on, nothing lost")
  func recoversFromUnderrun() throws {
    let directory = try Env.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("recover.wav")
    let first = Env.tone(440, .milliseconds(100), format: Self.mono)
    let second = Env.tone(660, .milliseconds(100), format: Self.mono)
    do {
      let pcm = try PCMHandle(
        device: Env.wavDevice(file), format: Self.mono, periodTime: .milliseconds(20),
        periods: 4)
      #expect(pcm.write(first, fromFrame: 0) == first.count)
      #expect(pcm.recover(from: -EPIPE) == 0)
      #expect(pcm.write(second, fromFrame: 0) == second.count)
      #expect(pcm.progress() == .done)
      #expect(pcm.dropAndPrepare() == 0)
    }
    #expect(try WAVFile(contentsOf: file).samples == first + second)
  }

  @Test("errors snd_pcm_recover cannot fix come back (the device is gone)")
  func unrecoverable() throws {
    let directory = try Env.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let pcm = try PCMHandle(
      device: Env.wavDevice(directory.appendingPathComponent("gone.wav")), format: Self.mono,
      periodTime: .milliseconds(20), periods: 4)
    #expect(pcm.recover(from: -ENODEV) == -ENODEV)
  }

  @Test("a format the PCM cannot take is .invalid, not .unavailable")
  func invalidFormat() {
    #expect {
      try PCMHandle(
        device: "null", format: AudioFormat(sampleRate: 22_050, channels: 0),
        periodTime: .milliseconds(20), periods: 4)
    } throws: { error in
      (error as? AudioError)?.code == .invalid
    }
  }
}

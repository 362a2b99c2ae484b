import Audio
import Foundation
import Navigation
import Synchronization

/// A synthesizer for player tests: each character becomes one 10 ms chunk of a square wave
/// whose amplitude is the character's code × 64 (so a recording shows which prompt, and
/// which character, was playing), after `delay` — a 150-character prompt takes about
/// 1.5 s to synthesize at the default 10 ms.
struct TonePromptSynthesizer: SpeechSynthesizer {
  let format = AudioFormat(sampleRate: 16_000)
  var chunkDuration = 0.01
  var delay = 0.01
  /// The amplitude of every chunk instead of the character's, when set.
  var fixedLevel: Int16?

  /// The amplitude the chunk for `character` has.
  static func level(_ character: Character) -> Int16 {
    Int16(character.unicodeScalars.first!.value & 0x1FF) * 64
  }

  func synthesize(_ text: String, language: String, chunk: ([Int16]) -> Bool)
    throws(AudioError)
  {
    guard language != "xx" else { throw AudioError(.invalid, "no voice for xx") }
    let frames = Int(chunkDuration * Double(format.sampleRate))
    for character in text {
      Thread.sleep(forTimeInterval: delay)
      let level = fixedLevel ?? Self.level(character)
      let samples = (0..<frames).map { $0 % 16 < 8 ? level : -level }
      guard chunk(samples) else { return }
    }
  }
}

/// An output that plays nothing and records what was done to it, and when.
final class RecordingPromptOutput: AudioOutput {
  enum Call: Equatable {
    case write([Int16])
    case drain
    case discard
    case close
  }

  struct Record {
    var call: Call
    var at: ContinuousClock.Instant
  }

  private let state = Mutex<(records: [Record], failure: AudioError?)>(([], nil))

  /// Makes every later write (and drain) fail with `error`; nil to work again.
  func fail(with error: AudioError?) {
    state.withLock { $0.failure = error }
  }

  var records: [Record] { state.withLock { $0.records } }

  /// Every sample written, in order.
  var samples: [Int16] {
    records.flatMap { record -> [Int16] in
      if case .write(let samples) = record.call { return samples }
      return []
    }
  }

  func write(_ samples: [Int16], format: AudioFormat) throws(AudioError) {
    try record(.write(samples))
  }

  func drain() throws(AudioError) { try record(.drain) }
  func discard() { try? record(.discard) }
  func close() { try? record(.close) }

  private func record(_ call: Call) throws(AudioError) {
    let failure: AudioError? = state.withLock { state in
      if let failure = state.failure, call != .discard, call != .close { return failure }
      state.records.append(Record(call: call, at: .now))
      return nil
    }
    if let failure { throw failure }
  }
}

/// The events a player reported, each with when it arrived.
final class PromptEventLog: Sendable {
  private let entries = Mutex<[(event: PromptPlayer.Event, at: ContinuousClock.Instant)]>([])

  func record(_ event: PromptPlayer.Event) {
    entries.withLock { $0.append((event, .now)) }
  }

  var events: [PromptPlayer.Event] { entries.withLock { $0.map(\.event) } }

  func time(of event: PromptPlayer.Event) -> ContinuousClock.Instant? {
    entries.withLock { $0.first { $0.event == event }?.at }
  }

  /// Blocks until `event` has been reported or `timeout` seconds pass; whether it was.
  @discardableResult
  func wait(for event: PromptPlayer.Event, timeout: Double = 10) -> Bool {
    let deadline = ContinuousClock.now + .milliseconds(Int(timeout * 1000))
    while ContinuousClock.now < deadline {
      if events.contains(event) { return true }
      Thread.sleep(forTimeInterval: 0.001)
    }
    return events.contains(event)
  }
}

/// Announcements for player tests.
enum TestAnnouncements {
  /// An early prompt for `maneuver`; `length` characters of text.
  static func early(_ maneuver: Int, length: Int = 150, letter: Character = "e") -> Announcement {
    Announcement(
      maneuvers: [maneuver], stage: .early, text: String(repeating: letter, count: length),
      distance: 300, priority: .normal)
  }

  static func final(_ maneuver: Int, length: Int = 4, letter: Character = "F") -> Announcement {
    Announcement(
      maneuvers: [maneuver], stage: .final, text: String(repeating: letter, count: length),
      distance: 30, priority: .high)
  }
}

/// `duration` in milliseconds.
func promptMilliseconds(_ duration: Duration) -> Double {
  Double(duration.components.seconds) * 1e3 + Double(duration.components.attoseconds) * 1e-15
}

/// The music's volume control, in memory: records every level set and when, and can be
/// made to fail.
final class PlayerMusicVolume: VolumeControl {
  private let state = Mutex<
    (level: Int, sets: [(Int, ContinuousClock.Instant)], failure: AudioError?)
  >(
    (80, [], nil))

  var level: Int { state.withLock { $0.level } }
  var levelsSet: [Int] { state.withLock { $0.sets.map(\.0) } }
  var sets: [(level: Int, at: ContinuousClock.Instant)] { state.withLock { $0.sets } }

  func fail(with error: AudioError?) { state.withLock { $0.failure = error } }

  func volume() throws(AudioError) -> Int {
    let (level, failure) = state.withLock { ($0.level, $0.failure) }
    if let failure { throw failure }
    return level
  }

  func setVolume(_ percent: Int) throws(AudioError) {
    let failure: AudioError? = state.withLock { state in
      if let failure = state.failure { return failure }
      state.level = min(100, max(0, percent))
      state.sets.append((state.level, .now))
      return nil
    }
    if let failure { throw failure }
  }

  /// Blocks until the level is `level` or `timeout` seconds pass; whether it is.
  func wait(for level: Int, timeout: Double = 5) -> Bool {
    let deadline = ContinuousClock.now + .milliseconds(Int(timeout * 1000))
    while ContinuousClock.now < deadline {
      if self.level == level { return true }
      Thread.sleep(forTimeInterval: 0.001)
    }
    return self.level == level
  }
}

import Foundation
import POSIX
import Synchronization

/// Prompts written to a RIFF/WAVE file (S16LE) instead of played: for tests, the demo and
/// voice checks. Timing-free: nothing waits for a clock, so an hour of prompts is written
/// in the time the samples take to copy.
///
/// The file is created (replacing any old one) by the first `write`, with a header whose
/// sizes are patched on every `drain` and `close` (and in `deinit`), so the file is a
/// valid WAV after each of those. A `write` after `close` appends to the same file. All
/// writes must use one format. ``writeSilence(_:format:)`` and ``pad(to:format:)`` put
/// gaps between prompts, so a demo can place each prompt at its time.
///
/// Threading: every method does its file I/O on the caller's thread and returns when the
/// bytes are written (no thread of its own); calls from several threads are serialized.
public final class WAVFileOutput: AudioOutput {
  public let url: URL
  private let state = Mutex(State())

  struct State {
    /// The open file, or nil.
    var file: FileDescriptor?
    var format: AudioFormat?
    var dataBytes = 0
    var created = false
  }

  /// An output to `url`; nothing is created before the first write.
  public init(url: URL) {
    self.url = url
  }

  deinit {
    close()
  }

  /// The format of the samples so far; `nil` before the first write.
  public var format: AudioFormat? { state.withLock { $0.format } }

  /// Frames written so far (silence included).
  public var frames: Int {
    state.withLock { state in
      state.format.map { state.dataBytes / (2 * $0.channels) } ?? 0
    }
  }

  /// How long the audio written so far lasts.
  public var position: Duration {
    state.withLock { state in
      state.format.map { $0.duration(frames: state.dataBytes / (2 * $0.channels)) } ?? .zero
    }
  }

  /// Appends `samples`, creating the file first if needed.
  ///
  /// - Throws: `AudioError` `.invalid` for a format other than the file's or a sample
  ///   count that is not a whole number of frames; `.failed` when the file cannot be
  ///   created or written.
  public func write(_ samples: [Int16], format: AudioFormat) throws(AudioError) {
    guard format.sampleRate > 0, format.channels > 0, samples.count % format.channels == 0
    else {
      throw AudioError(
        .invalid,
        "cannot write \(samples.count) samples as \(format.channels) channels at "
          + "\(format.sampleRate) Hz")
    }
    try state.withLock { state throws(AudioError) in
      let file = try open(&state, format: format)
      let bytes = samples.map { $0.littleEndian }
      try bytes.withUnsafeBytes { buffer in Self.writeAll(buffer, to: file, url: url) }
        .get()
      state.dataBytes += samples.count * 2
    }
  }

  /// Appends `duration` of digital silence (rounded to whole frames).
  ///
  /// - Throws: as `write`.
  public func writeSilence(_ duration: Duration, format: AudioFormat) throws(AudioError) {
    let frames = Int(((duration / .seconds(1)) * Double(format.sampleRate)).rounded())
    guard frames > 0 else { return }
    let block = [Int16](repeating: 0, count: min(frames, 65_536) * format.channels)
    var left = frames
    while left > 0 {
      let count = min(left, 65_536)
      try write(Array(block.prefix(count * format.channels)), format: format)
      left -= count
    }
  }

  /// Appends silence until the file lasts `position`; nothing when it is already that
  /// long (a prompt ran past the next one's time: they then follow each other).
  ///
  /// - Throws: as `write`.
  public func pad(to position: Duration, format: AudioFormat) throws(AudioError) {
    let gap = position - self.position
    if gap > .zero { try writeSilence(gap, format: format) }
  }

  /// Patches the header's sizes, so the file is valid as it stands. Nothing waits: the
  /// file has no clock.
  ///
  /// - Throws: `AudioError` `.failed` when the header cannot be written.
  public func drain() throws(AudioError) {
    try state.withLock { state throws(AudioError) in
      guard state.file != nil else { return }
      try Self.patchHeader(&state, url: url)
    }
  }

  /// Nothing to drop: every sample written is already in the file (a cut-off prompt's
  /// samples up to the cut stay in it).
  public func discard() {}

  /// Patches the header and closes the file; a later `write` appends to it.
  public func close() {
    state.withLock { state in
      guard let file = state.file else { return }
      try? Self.patchHeader(&state, url: url)
      file.close()
      state.file = nil
    }
  }

  /// The open file, opened (created the first time) if it is not.
  private func open(_ state: inout State, format: AudioFormat) throws(AudioError)
    -> FileDescriptor
  {
    if let current = state.format, current != format {
      throw AudioError(
        .invalid,
        "\(url.path) holds \(current.sampleRate) Hz, \(current.channels) channel audio; "
          + "cannot add \(format.sampleRate) Hz, \(format.channels) channel samples")
    }
    if let file = state.file { return file }
    let flags = state.created ? O_WRONLY : O_WRONLY | O_CREAT | O_TRUNC
    let file: FileDescriptor
    do {
      file = try FileDescriptor.open(url.path, flags, permissions: 0o644)
    } catch {
      throw AudioError(
        .failed, "cannot create \(url.path): \(error)", underlying: error.rawValue)
    }
    state.file = file
    state.format = format
    if state.created {
      _ = lseek(file.rawValue, off_t(WAVFile.headerSize + state.dataBytes), SEEK_SET)
    } else {
      state.created = true
      let header = WAVFile.header(format: format, sampleBytes: 0)
      try header.withUnsafeBytes { buffer in Self.writeAll(buffer, to: file, url: url) }
        .get()
    }
    return file
  }

  private static func patchHeader(_ state: inout State, url: URL) throws(AudioError) {
    guard let format = state.format, let file = state.file else { return }
    let header = WAVFile.header(format: format, sampleBytes: state.dataBytes)
    let written = header.withUnsafeBytes { buffer in
      pwrite(file.rawValue, buffer.baseAddress, buffer.count, 0)
    }
    guard written == header.count else {
      let err = errno
      throw AudioError(
        .failed, "cannot write the WAV header of \(url.path): \(String(cString: strerror(err)))",
        underlying: err)
    }
  }

  /// `write` until every byte is written (`FileDescriptor.writeAll`, which retries
  /// `EINTR`).
  private static func writeAll(
    _ buffer: UnsafeRawBufferPointer, to file: FileDescriptor, url: URL
  ) -> Result<Void, AudioError> {
    do {
      try file.writeAll(buffer)
      return .success(())
    } catch {
      return .failure(
        AudioError(.failed, "cannot write \(url.path): \(error)", underlying: error.rawValue))
    }
  }
}

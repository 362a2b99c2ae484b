import Foundation

/// A RIFF/WAVE file of signed 16-bit little-endian PCM: encoding, decoding, and the
/// 44-byte header on its own for writers that stream samples and patch sizes at the end.
///
/// Pure value type; safe to use from any thread.
public struct WAVFile: Hashable, Sendable {
  /// Bytes in the canonical header `header(format:sampleBytes:)` writes.
  public static let headerSize = 44

  public var format: AudioFormat
  /// Interleaved samples, `format.channels` per frame.
  public var samples: [Int16]

  public init(format: AudioFormat, samples: [Int16]) {
    self.format = format
    self.samples = samples
  }

  /// Frames in the file (samples per channel).
  public var frames: Int { format.channels > 0 ? samples.count / format.channels : 0 }

  /// The whole file: header then samples.
  public var bytes: [UInt8] {
    var out = Self.header(format: format, sampleBytes: samples.count * 2)
    out.reserveCapacity(out.count + samples.count * 2)
    // Bulk copies: a byte-at-a-time loop takes seconds for a minute of audio in a debug build.
    #if _endian(little)
      samples.withUnsafeBytes { out.append(contentsOf: $0) }
    #else
      samples.map(\.littleEndian).withUnsafeBytes { out.append(contentsOf: $0) }
    #endif
    return out
  }

  /// The canonical 44-byte header for `sampleBytes` bytes of S16LE data in `format`.
  ///
  /// A streaming writer writes it with the size it expects (or 0), then rewrites it with
  /// the real size when it closes: the RIFF size is at byte 4, the data size at byte 40.
  public static func header(format: AudioFormat, sampleBytes: Int) -> [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(headerSize)
    func text(_ s: String) { out.append(contentsOf: Array(s.utf8)) }
    func u32(_ v: Int) {
      let v = UInt32(clamping: v)
      out.append(contentsOf: [0, 8, 16, 24].map { UInt8(truncatingIfNeeded: v >> $0) })
    }
    func u16(_ v: Int) {
      let v = UInt16(clamping: v)
      out.append(contentsOf: [UInt8(truncatingIfNeeded: v), UInt8(truncatingIfNeeded: v >> 8)])
    }
    let blockAlign = format.channels * 2
    text("RIFF")
    u32(36 + sampleBytes)
    text("WAVE")
    text("fmt ")
    u32(16)
    u16(1)  // PCM
    u16(format.channels)
    u32(format.sampleRate)
    u32(format.sampleRate * blockAlign)
    u16(blockAlign)
    u16(16)
    text("data")
    u32(sampleBytes)
    return out
  }

  /// Decodes a WAV file of 16-bit PCM. Chunks other than `fmt ` and `data` are skipped.
  /// A `data` size of 0 with samples after it, or one past the end of the file (what a
  /// streaming writer leaves when it never patched its header), reads as "to the end".
  ///
  /// - Throws: `AudioError` `.invalid` when it is not RIFF/WAVE, not PCM, not 16-bit,
  ///   or has no `fmt ` or `data` chunk.
  public init(bytes: [UInt8]) throws(AudioError) {
    func u32(_ at: Int) -> Int {
      Int(bytes[at]) | Int(bytes[at + 1]) << 8 | Int(bytes[at + 2]) << 16
        | Int(bytes[at + 3]) << 24
    }
    func u16(_ at: Int) -> Int { Int(bytes[at]) | Int(bytes[at + 1]) << 8 }
    func tag(_ at: Int) -> String { String(decoding: bytes[at..<at + 4], as: UTF8.self) }

    guard bytes.count >= 12, tag(0) == "RIFF", tag(8) == "WAVE" else {
      throw AudioError(.invalid, "not a RIFF/WAVE file")
    }
    var format: AudioFormat?
    var at = 12
    while at + 8 <= bytes.count {
      let id = tag(at)
      let size = u32(at + 4)
      let body = at + 8
      if id == "fmt " {
        guard size >= 16, body + 16 <= bytes.count else {
          throw AudioError(.invalid, "WAV fmt chunk is truncated")
        }
        let encoding = u16(body)
        let bits = u16(body + 14)
        // 0xFFFE is WAVE_FORMAT_EXTENSIBLE, which 16-bit writers also use.
        guard encoding == 1 || encoding == 0xFFFE, bits == 16 else {
          throw AudioError(
            .invalid, "WAV is not 16-bit PCM (format \(encoding), \(bits) bits per sample)")
        }
        let channels = u16(body + 2)
        let rate = u32(body + 4)
        guard channels > 0, rate > 0 else {
          throw AudioError(.invalid, "WAV has \(channels) channels at \(rate) Hz")
        }
        format = AudioFormat(sampleRate: rate, channels: channels)
      } else if id == "data" {
        guard let format else { throw AudioError(.invalid, "WAV data chunk before fmt chunk") }
        let end = size == 0 || body + size > bytes.count ? bytes.count : body + size
        let count = (end - body) / 2
        var samples = [Int16](repeating: 0, count: count)
        samples.withUnsafeMutableBytes { target in
          bytes.withUnsafeBytes { source in
            target.copyMemory(
              from: UnsafeRawBufferPointer(rebasing: source[body..<body + 2 * count]))
          }
        }
        #if _endian(big)
          samples = samples.map { Int16(littleEndian: $0) }
        #endif
        self.init(format: format, samples: samples)
        return
      }
      at = body + size + (size & 1)  // chunks are padded to even sizes
    }
    throw AudioError(.invalid, format == nil ? "WAV has no fmt chunk" : "WAV has no data chunk")
  }

  /// Reads and decodes the file at `url`.
  ///
  /// - Throws: `AudioError` `.unavailable` when it cannot be read, `.invalid` as
  ///   `init(bytes:)`.
  public init(contentsOf url: URL) throws(AudioError) {
    let data: Data
    do {
      data = try Data(contentsOf: url)
    } catch {
      throw AudioError(.unavailable, "cannot read \(url.path): \(error.localizedDescription)")
    }
    do {
      try self.init(bytes: [UInt8](data))
    } catch {
      throw AudioError(error.code, "\(url.path): \(error.message)")
    }
  }

  /// Writes the file to `url`, replacing it atomically. Blocks for the file I/O.
  ///
  /// - Throws: `AudioError` `.failed` when it cannot be written.
  public func write(to url: URL) throws(AudioError) {
    do {
      try Data(bytes).write(to: url, options: .atomic)
    } catch {
      throw AudioError(.failed, "cannot write \(url.path): \(error.localizedDescription)")
    }
  }
}

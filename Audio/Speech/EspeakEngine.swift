import CEspeakNG
import Foundation
import Synchronization

/// The process's one espeak-ng library, initialized once in synchronous mode, with every
/// call into it serialized by a lock this type owns.
///
/// espeak-ng keeps its voice, parameters and output buffer in process globals and is not
/// reentrant, so there is exactly one engine (`shared`) however many synthesizers use it.
/// It is never terminated: the library lives as long as the process.
///
/// Threading: `synthesize` runs espeak-ng on the calling thread, holding the lock for
/// the whole utterance; other callers block until it is done. espeak-ng calls the sample
/// callback on that same thread, from inside `espeak_Synth`.
final class EspeakEngine: Sendable {
  /// The engine of this process.
  static let shared = EspeakEngine()

  /// Milliseconds of audio per callback asked of espeak-ng (its output buffer): small, so
  /// the first samples of a prompt come out early, but not so small that callbacks
  /// dominate. espeak-ng 1.51 rounds it up: 40 gives callbacks of 1081 samples (49 ms).
  static let bufferMilliseconds: Int32 = 40

  private struct State {
    /// Sample rate from `espeak_Initialize`; nil until initialized successfully.
    var sampleRate: Int?
    /// The data directory espeak-ng ended up using.
    var dataDirectory: String?
    /// The espeak-ng voice currently loaded; loading one reads its dictionary, so a voice
    /// is only set when it changes.
    var voice: String?
  }

  private let state = Mutex(State())

  private init() {}

  /// Initializes espeak-ng if it is not yet, and returns its sample rate.
  ///
  /// - Parameter dataPath: the `espeak-ng-data` directory or its parent; nil for
  ///   espeak-ng's own choice (`ESPEAK_DATA_PATH`, else where the package installed it).
  /// - Throws: `AudioError` `.unavailable` when the data directory is missing or
  ///   incomplete; `.invalid` when the library already runs on a different directory
  ///   (espeak-ng has one per process).
  func start(dataPath: String?) throws(AudioError) -> Int {
    let requested = try dataPath.map { (path) throws(AudioError) -> String in
      try Self.dataDirectory(at: path)
    }
    return try state.withLock { (state) throws(AudioError) -> Int in
      if let rate = state.sampleRate, let directory = state.dataDirectory {
        if let requested, Self.canonical(requested) != Self.canonical(directory) {
          throw AudioError(
            .invalid,
            "espeak-ng already uses the data in \(directory); it takes one data directory per process"
          )
        }
        return rate
      }
      // Without DONT_EXIT, espeak-ng calls exit(1) when its data is missing.
      let rate = espeak_Initialize(
        AUDIO_OUTPUT_SYNCHRONOUS, Self.bufferMilliseconds, requested,
        Int32(espeakINITIALIZE_DONT_EXIT))
      var pathPointer: UnsafePointer<CChar>?
      _ = espeak_Info(&pathPointer)
      let directory = pathPointer.map { String(cString: $0) } ?? ""
      guard FileManager.default.fileExists(atPath: directory + "/phontab") else {
        throw AudioError(
          .unavailable,
          "espeak-ng data not found\(directory.isEmpty ? "" : " in \(directory)")"
            + " — install the espeak-ng-data package or set ESPEAK_DATA_PATH")
      }
      guard rate > 0 else {
        throw AudioError(
          .failed, "espeak-ng failed to initialize (error \(rate))", underlying: rate)
      }
      espeak_SetSynthCallback { samples, count, events in
        guard let context = events?.pointee.user_data else { return 0 }
        let synthesis = Unmanaged<Synthesis>.fromOpaque(context).takeUnretainedValue()
        return synthesis.receive(samples, Int(count)) ? 0 : 1
      }
      state.sampleRate = Int(rate)
      state.dataDirectory = directory
      state.voice = nil
      return Int(rate)
    }
  }

  /// Speaks `text` (UTF-8) with espeak-ng voice `voice`, passing the samples to `chunk`
  /// as espeak-ng produces them; returns false when `chunk` stopped it.
  ///
  /// Blocks the calling thread for the whole utterance and holds the engine lock
  /// meanwhile; `chunk` runs on this thread and must not synthesize (it would deadlock).
  ///
  /// - Throws: `AudioError` `.unavailable` when the voice is not installed, `.failed`
  ///   when espeak-ng reports an error or was never started.
  func synthesize(
    _ text: String, voice: String, rate: Int, pitch: Int, amplitude: Int,
    chunk: ([Int16]) -> Bool
  ) throws(AudioError) -> Bool {
    try withoutActuallyEscaping(chunk) { (chunk) throws(AudioError) -> Bool in
      let synthesis = Synthesis(chunk)
      return try state.withLock { (state) throws(AudioError) -> Bool in
        guard state.sampleRate != nil else {
          throw AudioError(.failed, "espeak-ng is not initialized")
        }
        if state.voice != voice {
          let status = espeak_SetVoiceByName(voice)
          guard status == EE_OK else {
            state.voice = nil
            throw AudioError(
              status == EE_NOT_FOUND ? .unavailable : .failed,
              "espeak-ng has no voice '\(voice)' in \(state.dataDirectory ?? "its data")",
              underlying: status.rawValue)
          }
          state.voice = voice
        }
        // Set every time: cheap in synchronous mode, and a voice change may reset them.
        for (parameter, value) in [
          (espeakRATE, rate), (espeakPITCH, pitch), (espeakVOLUME, amplitude),
        ] {
          let status = espeak_SetParameter(parameter, Int32(value), 0)
          guard status == EE_OK else {
            throw AudioError(
              .failed, "espeak-ng rejected parameter \(parameter.rawValue) = \(value)",
              underlying: status.rawValue)
          }
        }
        let status = text.withCString { bytes in
          let context = Unmanaged.passUnretained(synthesis).toOpaque()
          return espeak_Synth(
            bytes, strlen(bytes) + 1, 0, POS_CHARACTER, 0, UInt32(espeakCHARS_UTF8), nil,
            context)
        }
        // `synthesis` was only borrowed by the callback, which cannot run after espeak_Synth
        // returns in synchronous mode.
        withExtendedLifetime(synthesis) {}
        guard status == EE_OK else {
          throw AudioError(
            .failed, "espeak-ng failed to synthesize (error \(status.rawValue))",
            underlying: status.rawValue)
        }
        return !synthesis.stopped
      }
    }
  }

  /// The espeak-ng data directory `path` names (itself, or its `espeak-ng-data`), checked
  /// before espeak-ng sees it: espeak-ng silently falls back to its default for a path
  /// that does not exist.
  static func dataDirectory(at path: String) throws(AudioError) -> String {
    let nested = (path as NSString).appendingPathComponent("espeak-ng-data")
    for candidate in [nested, path]
    where FileManager.default.fileExists(
      atPath: (candidate as NSString).appendingPathComponent("phontab"))
    {
      return candidate
    }
    throw AudioError(
      .unavailable,
      "espeak-ng data not found in \(path) (no phontab there or in \(nested))"
        + " — install the espeak-ng-data package or give the right directory")
  }

  private static func canonical(_ path: String) -> String {
    URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
  }
}

extension EspeakEngine {
  /// One `espeak_Synth` call's context, handed to the C callback through `user_data`.
  ///
  /// Only touched on the synthesizing thread, inside `espeak_Synth`.
  final class Synthesis {
    private let chunk: ([Int16]) -> Bool
    /// The chunk closure asked to stop.
    private(set) var stopped = false

    init(_ chunk: @escaping ([Int16]) -> Bool) { self.chunk = chunk }

    /// Called by espeak-ng with the next block of samples (none at the end of the
    /// message); returns false to abort synthesis.
    func receive(_ samples: UnsafeMutablePointer<Int16>?, _ count: Int) -> Bool {
      guard !stopped else { return false }
      guard let samples, count > 0 else { return true }
      if !chunk(Array(UnsafeBufferPointer(start: samples, count: count))) { stopped = true }
      return !stopped
    }
  }
}

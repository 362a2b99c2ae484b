import Audio
import Commands
import Core
import Foundation
import HeadUnit
import Navigation
import Readers
import Rigs
import Synchronization

/// `headunit bench speech [--prompts N] [--device PCM] [--lang CODE] [--runs N]`: prompt
/// due → first frame written to ALSA, in-process against spawning
/// `espeak-ng --stdout | aplay` per prompt, side by side in one run.
///
/// Needs no sound card: it writes its own ALSA configuration, a `file` PCM whose slave is
/// `null` (or `--device`), and points this process and every spawned `aplay` at it through
/// `ALSA_CONFIG_PATH` before anything here touches ALSA. Every prompt of every path plays
/// into a PCM of its own writing raw samples to a new file; "first frame written" is when
/// that file first holds data, for both paths alike.
enum SpeechBenchmark {
  static let help = """
    usage: headunit bench speech [--prompts N] [--device PCM] [--lang CODE] [--runs N]

    speech: time from a prompt being due to its first frame written to ALSA, median and
    max over N prompts (default 20: the embedded drives' prompts in --lang, default en),
    --runs times over (default 1), for three ways of speaking, taken in turn prompt by
    prompt in the same run:
      in-process  espeak-ng as a library → PromptPlayer → ALSAOutput (the head unit's way)
      cached      the same, the prompts synthesized ahead (CachedSynthesizer)
      spawned     sh -c 'espeak-ng -v VOICE -s RATE --stdout TEXT | aplay -q -D PCM', a
                  process pair per prompt (the common alternative), same voice and rate
    How it measures: the benchmark writes a temporary asoundrc defining a `file` PCM
    (raw S16 to a file) whose slave is `null` — or --device PCM, to hear the prompts too
    — and sets ALSA_CONFIG_PATH=/usr/share/alsa/alsa.conf:<it> before any ALSA call in
    this process and in the environment of each spawned aplay. Each prompt of each path
    opens a PCM of its own writing to a new file (nothing is kept open between prompts,
    as in a head unit whose idle output has closed); "due" is the instant before enqueue
    (in-process) or before spawning (spawned), "first frame written" the instant the
    prompt's file is first seen non-empty, polled every 0.2 ms. Player and output are set
    up before the prompt is due (a head unit has them running). One untimed prompt
    warms up each path. Target: in-process median ≤ 10 ms and ≥ 3× faster than spawned.
    """

  /// One way of speaking a prompt, timed.
  enum Path: String, CaseIterable {
    case inProcess = "in-process"
    case cached
    case spawned
  }

  /// How long a prompt may take to show up in its file before the run is abandoned.
  static let timeout: Duration = .seconds(5)

  static func run(_ args: Arguments, console: Console) throws -> HeadUnitCommand.Status {
    for other in ["points", "fixes", "seconds", "reports"] where args.value(other) != nil {
      throw UsageError("bench speech: takes --prompts, --device, --lang and --runs, not --\(other)")
    }
    let count = try args.int("prompts", default: 20, range: 1...1_000)
    let runs = try args.int("runs", default: 1, range: 1...100)
    let slave = args.value("device") ?? "null"
    let phrases = try Phrasebook(language: args.value("lang") ?? "en")
    guard !slave.contains("\""), !slave.contains("\n") else {
      throw UsageError("--device: not a PCM name: \(slave)")
    }

    // Before anything else can load alsa-lib's configuration.
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("headunit-bench-speech-\(getpid())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let asoundrc = directory.appendingPathComponent("asoundrc")
    try Data(configuration(slave: slave).utf8).write(to: asoundrc)
    let configPath = "/usr/share/alsa/alsa.conf:" + asoundrc.path
    setenv("ALSA_CONFIG_PATH", configPath, 1)

    let espeak: EspeakSynthesizer
    let voice: (name: String, rate: Int)
    do {
      espeak = try EspeakSynthesizer()
      voice = try espeak.voice(for: phrases.language)
    } catch {
      console.err("headunit bench speech: espeak-ng is not usable: \(error.message)")
      return .failure
    }
    let spawnable = ["espeak-ng", "aplay"].allSatisfy { executable($0) != nil }
    let texts = try promptTexts(phrases: phrases, count: count)
    let cached = CachedSynthesizer(espeak)
    try cached.prepare(Array(Set(texts)), language: phrases.language)

    console.out(
      "bench speech: \(texts.count) prompts × \(runs) in \(phrases.language) (espeak-ng voice "
        + "\(voice.name), \(voice.rate) wpm); prompt due → first frame written to ALSA")
    console.out(
      "  ALSA: \(asoundrc.path) via ALSA_CONFIG_PATH; PCM file (raw, a new file per prompt) "
        + "→ \(slave); files polled every 0.2 ms")
    if !spawnable {
      console.out("  espeak-ng or aplay is not installed: the spawned path is skipped")
    }

    let bench = Bench(
      directory: directory, configPath: configPath, language: phrases.language, voice: voice,
      realTime: slave != "null")
    var latencies: [Path: [Double]] = [:]
    var seconds: [Path: Double] = [:]
    let paths = Path.allCases.filter { $0 != .spawned || spawnable }
    for round in -1..<runs * texts.count {
      let text = texts[max(round, 0) % texts.count]
      for path in paths {
        let result: Bench.Result
        switch path {
        case .inProcess: result = try bench.inProcess(text, synthesizer: espeak, index: round)
        case .cached: result = try bench.inProcess(text, synthesizer: cached, index: round)
        case .spawned: result = try bench.spawned(text, index: round)
        }
        guard round >= 0 else { continue }  // warm-up
        latencies[path, default: []].append(result.latency)
        seconds[path, default: 0] += result.audioSeconds
      }
    }

    func figures(_ path: Path) -> (median: Double, max: Double)? {
      guard let values = latencies[path]?.sorted(), !values.isEmpty else { return nil }
      return (values[values.count / 2], values[values.count - 1])
    }
    for path in paths {
      guard let f = figures(path) else { continue }
      let audio = (seconds[path] ?? 0) / Double(latencies[path]?.count ?? 1)
      let name = path.rawValue.padding(toLength: 11, withPad: " ", startingAt: 0)
      console.out(
        "  \(name)"
          + String(
            format: " median %7.2f ms, max %7.2f ms   (%.2f s of audio a prompt)", f.median,
            f.max, audio))
    }
    guard let inProcess = figures(.inProcess) else { return .failure }
    if let spawned = figures(.spawned) {
      let ratio = spawned.median / inProcess.median
      let cachedRatio = figures(.cached).map { spawned.median / $0.median } ?? .nan
      let met = inProcess.median <= 10 && ratio >= 3
      console.out(
        String(
          format:
            "  speed-up, median: in-process %.1f×, cached %.1f× faster than spawned — "
            + "target in-process median ≤ 10 ms and ≥ 3×: %@",
          ratio, cachedRatio, met ? "met" : "MISSED"))
    } else {
      console.out(
        String(
          format: "  target in-process median ≤ 10 ms: %@",
          inProcess.median <= 10 ? "met" : "MISSED"
        ))
    }
    return .success
  }

  /// The asoundrc: `headunit_bench:FILE=…` writes raw samples to FILE on their way to
  /// `slave`; `plug` converts whatever the writer sends.
  static func configuration(slave: String) -> String {
    """
    # Written by headunit bench speech; removed when it ends.
    pcm.headunit_bench {
    \t@args [ FILE ]
    \t@args.FILE { type string }
    \ttype plug
    \tslave.pcm {
    \t\ttype file
    \t\tslave.pcm "\(slave)"
    \t\tfile $FILE
    \t\tformat "raw"
    \t}
    }

    """
  }

  /// `count` prompt texts: every distinct announcement of the embedded drives in
  /// `phrases`' language, in drive order, repeated as needed.
  static func promptTexts(phrases: Phrasebook, count: Int) throws -> [String] {
    var texts: [String] = []
    for drive in EmbeddedData.drives {
      guard let routeURL = EmbeddedData.routeURL(forDrive: drive),
        let trackURL = EmbeddedData.trackURL(forDrive: drive)
      else { continue }
      let route = try ReplayCommand.loadRoute(routeURL)
      let fixes = try TrackReader.read(contentsOf: trackURL).fixes
      for entry in Replay(route: route, fixes: fixes, phrases: phrases).run() {
        if case .announce(let a) = entry.kind, !texts.contains(a.text) { texts.append(a.text) }
      }
    }
    guard !texts.isEmpty else {
      throw NavigationError(.noData, "the embedded drives give no prompts")
    }
    return (0..<count).map { texts[$0 % texts.count] }
  }

  /// The path of `name` on `PATH`, if it is there.
  static func executable(_ name: String) -> String? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    return path.split(separator: ":").map { "\($0)/\(name)" }.first {
      FileManager.default.isExecutableFile(atPath: $0)
    }
  }

  /// Runs and times single prompts.
  struct Bench {
    let directory: URL
    let configPath: String
    let language: String
    let voice: (name: String, rate: Int)
    /// The PCM plays in real time (a real --device) rather than into `null`.
    let realTime: Bool

    struct Result {
      /// Due → first frame in the file, milliseconds.
      var latency: Double
      /// How much audio the prompt wrote, seconds.
      var audioSeconds: Double
    }

    /// Speaks `text` through a fresh ALSAOutput and PromptPlayer (set up before the prompt
    /// is due) and waits for the player to finish.
    func inProcess(
      _ text: String, synthesizer: any SpeechSynthesizer, index: Int
    ) throws -> Result {
      let file = directory.appendingPathComponent("in-process-\(index)-\(UUID().uuidString).raw")
      let output = try ALSAOutput(device: "headunit_bench:FILE=\(file.path)")
      let done = DispatchSemaphore(value: 0)
      let failure = Mutex<PromptQueue.DropReason?>(nil)
      let player = PromptPlayer(
        synthesizer: synthesizer, output: output,
        configuration: .init(language: language, realTime: realTime)
      ) { event in
        switch event {
        case .finished: done.signal()
        case .dropped(_, let reason):
          failure.withLock { $0 = reason }
          done.signal()
        default: break
        }
      }
      defer { player.close() }
      let due = ContinuousClock.now
      player.enqueue(
        Announcement(maneuvers: [1], stage: .final, text: text, distance: 0, priority: .high))
      let latency = try firstData(in: file, since: due)
      _ = done.wait(timeout: .now() + 30)
      if let reason = failure.withLock({ $0 }) {
        throw AudioError(.failed, "in-process prompt '\(text)' was dropped: \(reason)")
      }
      return Result(latency: latency, audioSeconds: audioSeconds(file, format: synthesizer.format))
    }

    /// Spawns `espeak-ng --stdout | aplay` for `text` and waits for it to exit.
    func spawned(_ text: String, index: Int) throws -> Result {
      let file = directory.appendingPathComponent("spawned-\(index)-\(UUID().uuidString).raw")
      let process = Process()
      process.executableURL = URL(fileURLWithPath: "/bin/sh")
      process.arguments = [
        "-c", #"espeak-ng -v "$1" -s "$2" --stdout "$3" | aplay -q -D "$4""#, "sh", voice.name,
        String(voice.rate), text, "headunit_bench:FILE=\(file.path)",
      ]
      var environment = ProcessInfo.processInfo.environment
      environment["ALSA_CONFIG_PATH"] = configPath
      process.environment = environment
      let errors = Pipe()
      process.standardError = errors
      process.standardOutput = FileHandle.nullDevice
      let due = ContinuousClock.now
      try process.run()
      let latency: Double
      do {
        latency = try firstData(in: file, since: due)
      } catch {
        process.terminate()
        process.waitUntilExit()
        let said = String(
          decoding: errors.fileHandleForReading.bytesToEnd(), as: UTF8.self)
        throw AudioError(.failed, "\(error) \(said)")
      }
      process.waitUntilExit()
      return Result(
        latency: latency, audioSeconds: audioSeconds(file, format: AudioFormat(sampleRate: 22_050)))
    }

    /// Polls `file` every 0.2 ms until it holds data; milliseconds since `due`.
    func firstData(in file: URL, since due: ContinuousClock.Instant) throws(AudioError) -> Double {
      var info = stat()
      while true {
        if stat(file.path, &info) == 0, info.st_size > 0 {
          let elapsed = due.duration(to: .now)
          return Double(elapsed.components.seconds) * 1e3
            + Double(elapsed.components.attoseconds) * 1e-15
        }
        if due.duration(to: .now) > SpeechBenchmark.timeout {
          throw AudioError(.failed, "nothing reached \(file.lastPathComponent) within 5 s")
        }
        usleep(200)
      }
    }

    /// Seconds of mono S16 audio in `file` at `format`'s rate.
    func audioSeconds(_ file: URL, format: AudioFormat) -> Double {
      let size = (try? FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int) ?? 0
      return Double(size / 2 / max(format.channels, 1)) / Double(format.sampleRate)
    }
  }
}

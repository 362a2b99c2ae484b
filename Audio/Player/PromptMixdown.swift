import Navigation

/// A drive's prompts rendered offline into one track, each at its time, as a
/// `PromptPlayer` would have played them: the same `PromptQueue` decides, on a virtual
/// clock. A prompt due while another plays follows right after it (or is dropped, passed
/// or superseded, as the queue says); one of higher priority (a final "now") cuts the
/// playing one off at its own time. Silence fills the gaps.
///
/// For `headunit demo`'s `voice.wav`: no device, no waiting. Blocks the calling thread
/// while it synthesizes (each prompt that plays, once).
public struct PromptMixdown {
  /// Something the session said at a moment of the drive.
  public enum Cue: Sendable {
    case announce(Announcement)
    case maneuverChanged(next: Int)
  }

  /// Where a prompt ended up in the track.
  public struct Placement: Equatable, Sendable {
    public var id: PromptID
    public var announcement: Announcement
    /// When it was due, seconds from the start.
    public var due: Double
    /// When it started and stopped playing, seconds from the start.
    public var start: Double
    public var end: Double
    /// Cut off by a more urgent prompt.
    public var interrupted: Bool
  }

  public var format: AudioFormat
  /// The whole track, `format`.
  public var samples: [Int16] = []
  public var placements: [Placement] = []
  /// A prompt that never played (or was stopped), and why.
  public struct Drop: Equatable, Sendable {
    public var id: PromptID
    public var announcement: Announcement
    /// When it was due, seconds from the start.
    public var due: Double
    public var reason: PromptQueue.DropReason
  }

  /// Prompts that never played, and why.
  public var dropped: [Drop] = []

  /// Length of the track in seconds.
  public var duration: Double {
    Double(samples.count / max(format.channels, 1)) / Double(format.sampleRate)
  }

  /// Renders `cues` (in time order, `t` seconds from the start of the drive) into a track
  /// at least `length` seconds long.
  ///
  /// - Parameters:
  ///   - earcon: played before each prompt, as the player would.
  ///   - fadeOut: a prompt cut off fades out over this long, ending at the cut, instead
  ///     of stopping with a click.
  /// - Throws: the synthesizer's error, the first time it fails.
  public static func render(
    _ cues: [(t: Double, cue: Cue)], length: Double, synthesizer: any SpeechSynthesizer,
    language: String, earcon: Earcon? = nil, fadeOut: Double = 0.005
  ) throws(AudioError) -> PromptMixdown {
    var renderer = Renderer(
      mixdown: PromptMixdown(format: synthesizer.format), synthesizer: synthesizer,
      language: language, earcon: earcon?.samples(format: synthesizer.format) ?? [],
      fadeOut: fadeOut)
    for (t, cue) in cues {
      try renderer.finish(upTo: renderer.frame(t))
      switch cue {
      case .announce(let announcement):
        try renderer.enqueue(announcement, at: t)
      case .maneuverChanged(let next):
        let effects = renderer.queue.handle(.maneuverChanged(next: next))
        try renderer.apply(effects, at: t)
      }
    }
    try renderer.finish(upTo: .max)
    var mixdown = renderer.mixdown
    let total = renderer.frame(length) * max(mixdown.format.channels, 1)
    if mixdown.samples.count < total {
      mixdown.samples += repeatElement(0, count: total - mixdown.samples.count)
    }
    return mixdown
  }

  private init(format: AudioFormat) {
    self.format = format
  }

  /// The virtual player: the queue, the prompt playing and where it ends.
  private struct Renderer {
    var mixdown: PromptMixdown
    let synthesizer: any SpeechSynthesizer
    let language: String
    let earcon: [Int16]
    let fadeOut: Double
    var queue = PromptQueue()
    var lastID = 0
    var given: [PromptID: (announcement: Announcement, due: Double)] = [:]
    /// The playing prompt's index in `placements` and its end frame.
    var playing: (index: Int, end: Int)?

    var channels: Int { max(mixdown.format.channels, 1) }

    func frame(_ t: Double) -> Int {
      t >= Double(Int.max / 2)
        ? .max : Int((max(t, 0) * Double(mixdown.format.sampleRate)).rounded())
    }

    func seconds(_ frame: Int) -> Double { Double(frame) / Double(mixdown.format.sampleRate) }

    mutating func enqueue(_ announcement: Announcement, at t: Double) throws(AudioError) {
      lastID += 1
      let id = PromptID(lastID)
      given[id] = (announcement, t)
      let prompt = PromptQueue.Prompt(id: id, announcement: announcement)
      let effects = queue.handle(.enqueue(prompt))
      try apply(effects, at: t)
    }

    /// Lets the playing prompt (and any that follow it) finish if they end by `frame`.
    mutating func finish(upTo frame: Int) throws(AudioError) {
      while let current = playing, current.end <= frame {
        playing = nil
        let id = mixdown.placements[current.index].id
        let effects = queue.handle(.finished(id))
        try apply(effects, at: seconds(current.end))
      }
    }

    mutating func apply(_ effects: [PromptQueue.Effect], at t: Double) throws(AudioError) {
      for effect in effects {
        switch effect {
        case .play(let prompt): try start(prompt, at: frame(t))
        case .interrupt: cut(at: frame(t))
        case .stop(let id, let reason):
          cut(at: frame(t))
          drop(id, reason)
        case .drop(let id, let reason): drop(id, reason)
        }
      }
    }

    mutating func drop(_ id: PromptID, _ reason: PromptQueue.DropReason) {
      guard let prompt = given[id] else { return }
      mixdown.dropped.append(
        Drop(id: id, announcement: prompt.announcement, due: prompt.due, reason: reason))
    }

    mutating func start(_ prompt: PromptQueue.Prompt, at frame: Int) throws(AudioError) {
      var audio = earcon
      try synthesizer.synthesize(prompt.announcement.text, language: language) { chunk in
        audio += chunk
        return true
      }
      let at = max(frame * channels, mixdown.samples.count)
      mixdown.samples += repeatElement(0, count: at - mixdown.samples.count)
      mixdown.samples += audio
      let end = mixdown.samples.count / channels
      mixdown.placements.append(
        Placement(
          id: prompt.id, announcement: prompt.announcement,
          due: given[prompt.id]?.due ?? seconds(frame),
          start: seconds(at / channels), end: seconds(end), interrupted: false))
      playing = (mixdown.placements.count - 1, end)
    }

    /// Ends the playing prompt at `frame`, fading it out.
    mutating func cut(at frame: Int) {
      guard let current = playing else { return }
      playing = nil
      let end = min(frame * channels, mixdown.samples.count)
      mixdown.samples.removeSubrange(end...)
      let fade = min(Int(fadeOut * Double(mixdown.format.sampleRate)) * channels, end)
      for i in 0..<fade {
        let index = end - fade + i
        let gain = Double(fade - i) / Double(fade)
        mixdown.samples[index] = Int16((Double(mixdown.samples[index]) * gain).rounded())
      }
      mixdown.placements[current.index].end = seconds(end / channels)
      mixdown.placements[current.index].interrupted = true
    }
  }
}

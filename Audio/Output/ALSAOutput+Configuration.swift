extension ALSAOutput {
  /// How an ``ALSAOutput`` sets up and manages its PCM.
  public struct Configuration: Sendable, Equatable {
    /// Requested period: the device is written and woken in steps of about this much.
    /// Playback starts once one period is queued, so this is most of the start latency.
    public var periodTime: Duration
    /// Periods in the device buffer. The buffer (`periodTime × periods`) is how much
    /// audio the device holds: how long the writer thread may be late before an underrun.
    public var periods: Int
    /// How much audio `write` may queue for the writer thread before it blocks.
    public var queueLimit: Duration
    /// The PCM is closed after this long without samples, so other programs can use it.
    public var idleClose: Duration
    /// First delay before reopening a device that failed; doubles after each failure.
    public var retryInitial: Duration
    /// Longest delay between reopening attempts.
    public var retryMaximum: Duration

    /// 20 ms periods, 4 of them (an 80 ms buffer): short enough that a prompt starts
    /// about 20 ms after its first samples and stops at once when dropped, long enough
    /// for a busy Raspberry Pi to keep the buffer filled. 200 ms queued ahead; closed
    /// after 2 s of silence; reopening retried after 0.5 s, backing off to 30 s.
    public init(
      periodTime: Duration = .milliseconds(20), periods: Int = 4,
      queueLimit: Duration = .milliseconds(200), idleClose: Duration = .seconds(2),
      retryInitial: Duration = .milliseconds(500), retryMaximum: Duration = .seconds(30)
    ) {
      self.periodTime = periodTime
      self.periods = periods
      self.queueLimit = queueLimit
      self.idleClose = idleClose
      self.retryInitial = retryInitial
      self.retryMaximum = retryMaximum
    }
  }

  /// What the device agreed to when it was last opened.
  public struct Setup: Sendable, Equatable {
    /// The PCM name.
    public var device: String
    public var format: AudioFormat
    /// Frames per period.
    public var periodFrames: Int
    /// Frames in the device buffer.
    public var bufferFrames: Int
    /// How long opening and setting up the PCM took.
    public var openDuration: Duration

    /// The period as a duration.
    public var periodTime: Duration { format.duration(frames: periodFrames) }
    /// The device buffer as a duration: the most audio queued in the device.
    public var bufferTime: Duration { format.duration(frames: bufferFrames) }
  }

  /// Running totals of what the writer thread did, for logs and tests.
  public struct Counters: Sendable, Equatable {
    /// Successful opens (the first, and every reopen after an idle close or a failure).
    public var opens = 0
    /// Closes after `idleClose` without samples.
    public var idleCloses = 0
    /// Underruns recovered with `snd_pcm_recover` (the buffer ran empty while playing).
    public var underruns = 0
    /// Failed opens and devices that failed while playing.
    public var failures = 0
    /// Frames handed to the device.
    public var framesWritten = 0
    /// Frames dropped without reaching the device: discarded or the device unavailable.
    public var framesDropped = 0

    public init() {}
  }
}

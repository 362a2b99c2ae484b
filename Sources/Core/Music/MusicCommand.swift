/// What the driver can ask of the music source.
public enum MusicCommand: Sendable, Equatable {
  /// Starts or resumes playback of the queue.
  case play
  case pause
  /// Pauses when playing, plays otherwise.
  case toggle
  case stop
  case next
  case previous
  /// Jumps within the current song; not negative.
  case seek(to: Duration)
  case setShuffle(Bool)
  case setRepeat(Bool)
  /// MPD's `single`: with repeat, the current song over and over; without, stop after it.
  case setSingle(Bool)
  /// Replaces the queue with `item` (an album, playlist or folder, or one song and
  /// nothing else) and plays it from the start.
  case playItem(MusicBrowseItem)
  /// Adds `item` to the end of the queue, leaving playback as it is.
  case enqueue(MusicBrowseItem)
  /// Replaces the queue with `songs` (songs only: a list's songs the driver scrolled) and
  /// plays it from `startingAt`, a valid index of `songs`.
  case playSongs([MusicBrowseItem], startingAt: Int)
}

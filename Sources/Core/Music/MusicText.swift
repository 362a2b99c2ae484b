/// The bounds the music source's text and lists are checked into at their reader.
///
/// A tag or name longer than ``maximumTitle`` is cut (with an ellipsis) before it reaches a
/// screen; a URI longer than ``maximumURI`` cannot be shortened without pointing elsewhere,
/// so its entry is left out of a listing instead.
public enum MusicText {
  /// Characters of a title, artist, album or name shown in a list or on Now Playing.
  public static let maximumTitle = 200
  /// UTF-8 bytes of a song, folder or playlist URI kept to address it later.
  public static let maximumURI = 1024
  /// Characters of an error message.
  public static let maximumMessage = 400

  /// `text` cut to at most `limit` characters (the last one an ellipsis when cut), with
  /// control characters (a newline in a tag) turned into spaces.
  public static func capped(_ text: String, to limit: Int = maximumTitle) -> String {
    let cleaned = String(
      String.UnicodeScalarView(
        text.unicodeScalars.lazy.prefix(limit * 4).map {
          $0.properties.generalCategory == .control ? " " : $0
        }))
    guard cleaned.count > limit else { return cleaned }
    return String(cleaned.prefix(max(0, limit - 1))) + "…"
  }

  /// `uri` when it is non-empty, at most ``maximumURI`` UTF-8 bytes and free of control
  /// characters (MPD's protocol is line-based); nil otherwise.
  public static func checkedURI(_ uri: String) -> String? {
    guard !uri.isEmpty, uri.utf8.count <= maximumURI,
      !uri.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
    else { return nil }
    return uri
  }
}

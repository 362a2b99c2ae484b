/// What of a URL may be shown in a log line, an error or `config check`.
///
/// A URL in the configuration may carry a secret: a password in its user part
/// (`https://van7:secret@proxy.example/…`) or a key in its query (`…/reports?key=…`). Shown,
/// the password and every query value read `***`; the scheme, user name, host, port, path
/// and query names stay, so a person can still tell which URL is meant. Text that is not
/// a URL is hidden the same way as far as it looks like one.
public enum URLSecrets {
  /// `url` with the password of its user part and its query values replaced by `***`.
  public static func hidden(_ url: String) -> String {
    var text = Substring(url)
    var fragment = Substring()
    if let hash = text.firstIndex(of: "#") {
      fragment = text[hash...]
      text = text[..<hash]
    }
    var query: Substring?
    if let mark = text.firstIndex(of: "?") {
      query = text[text.index(after: mark)...]
      text = text[..<mark]
    }
    var shown = hidingPassword(text)
    if let query {
      shown += "?"
      shown += query.split(separator: "&", omittingEmptySubsequences: false).map { item in
        guard let equals = item.firstIndex(of: "="), item.index(after: equals) != item.endIndex
        else { return String(item) }
        return item[...equals] + "***"
      }.joined(separator: "&")
    }
    return shown + fragment
  }

  /// `scheme://user:password@host/path` with the password read `***`.
  private static func hidingPassword(_ text: Substring) -> String {
    guard let separator = text.range(of: "://") else { return String(text) }
    let authorityStart = separator.upperBound
    let authorityEnd = text[authorityStart...].firstIndex(of: "/") ?? text.endIndex
    let authority = text[authorityStart..<authorityEnd]
    guard let at = authority.lastIndex(of: "@"),
      let colon = authority[..<at].firstIndex(of: ":")
    else { return String(text) }
    return text[..<authority.index(after: colon)] + "***" + text[at...]
  }
}

import Navigation
import Templates

/// One browse list of the built-in music screens: what it lists (`query`), the container
/// its Play, Shuffle and Add to queue rows act on, the listing once it came, and which
/// page of it shows.
///
/// A list holds at most ``ListTemplate/maximumItemCount`` rows (fewer while driving), so a
/// long listing shows a page at a time with rows to turn the page in place; the stack
/// never grows for it.
struct MusicPage: Sendable, Equatable {
  var query: MusicQuery
  var title: String
  /// The artist, album, playlist or folder listed; nil for the artists' list.
  var container: MusicBrowseItem?
  var listing: MusicListing?
  /// The listing could not be read.
  var failed = false
  /// The first entry of the page shown.
  var first = 0
  /// The container was added to the queue from this list.
  var queued = false

  /// Row ids.
  enum Row {
    static let play = "music.row.play"
    static let shuffle = "music.row.shuffle"
    static let queue = "music.row.queue"
    static let more = "music.row.more"
    static let earlier = "music.row.earlier"
    static let status = "music.row.status"
    static let note = "music.row.note"
    static func item(_ index: Int) -> String { "music.row.item.\(index)" }

    /// The listing's index a row id names, nil for another row.
    static func index(_ id: String) -> Int? {
      guard id.hasPrefix(item(0).dropLast()) else { return nil }
      return Int(id.dropFirst(item(0).count - 1))
    }
  }

  /// Whether the first page starts with Play, Shuffle and Add to queue.
  private var hasActions: Bool { container != nil && listing?.items.isEmpty == false }

  /// How many entries the page starting at `start` shows when a list shows at most
  /// `rows` rows: the first leaves room for the actions and a page-turning row, the others
  /// for a row each way.
  func pageSize(from start: Int, rows: Int) -> Int {
    max(1, start == 0 ? rows - (hasActions ? 3 : 0) - 1 : rows - 2)
  }

  /// Where the page before the one starting at `start` starts.
  private func previousStart(_ start: Int, rows: Int) -> Int {
    let back = start - pageSize(from: 1, rows: rows)
    return back < pageSize(from: 0, rows: rows) ? 0 : back
  }

  /// The list as shown with at most `rows` rows, in the words of `text`.
  func template(id: String, rows: Int, text: ScreenText) -> ListTemplate {
    var items: [ListItem] = []
    let actionRows: [(String, ScreenTextKey, String?)] = [
      (Row.play, .playAll, "music"), (Row.shuffle, .shuffle, nil),
      (Row.queue, queued ? .addedToQueue : .addToQueue, nil),
    ]
    if hasActions, first == 0 {
      for (row, key, image) in actionRows {
        items.append(
          ListItem(id: row, text: text[key], image: image, isEnabled: row != Row.queue || !queued))
      }
    }
    guard let listing else {
      let key: ScreenTextKey = failed ? .musicUnavailable : .loading
      items.append(ListItem(id: Row.status, text: text[key], isEnabled: false))
      return ListTemplate(id: id, title: title, sections: [ListSection(items: items)])
    }
    guard !listing.items.isEmpty else {
      items.append(ListItem(id: Row.status, text: text[.noItems], isEnabled: false))
      return ListTemplate(id: id, title: title, sections: [ListSection(items: items)])
    }
    let start = min(first, max(0, listing.items.count - 1))
    let size = pageSize(from: start, rows: rows)
    if start > 0 {
      let back = previousStart(start, rows: rows)
      items.append(
        ListItem(
          id: Row.earlier,
          text: text.text(.earlierItems, ["from": "\(back + 1)", "to": "\(start)"])))
    }
    let end = min(listing.items.count, start + size)
    for index in start..<end {
      items.append(row(listing.items[index], index: index, text: text))
    }
    if end < listing.items.count {
      items.append(
        ListItem(
          id: Row.more,
          text: text.text(
            .moreItems,
            [
              "from": "\(end + 1)",
              "to": "\(min(listing.items.count, end + pageSize(from: end, rows: rows)))",
              "total": "\(listing.items.count)",
            ]), accessory: .disclosureIndicator))
    } else if listing.isTruncated {
      items.append(
        ListItem(
          id: Row.note,
          text: text.text(
            .firstOfTotal, ["count": "\(listing.items.count)", "total": "\(listing.total)"]),
          isEnabled: false))
    }
    return ListTemplate(id: id, title: title, sections: [ListSection(items: items)])
  }

  /// One entry's row: containers open, songs play.
  private func row(_ item: MusicBrowseItem, index: Int, text: ScreenText) -> ListItem {
    var detail = item.artist
    if let duration = item.duration {
      let seconds = Int(duration.components.seconds)
      let length = "\(seconds / 60):" + (seconds % 60 < 10 ? "0" : "") + "\(seconds % 60)"
      detail = detail.map { "\($0) · \(length)" } ?? length
    }
    return ListItem(
      id: Row.item(index), text: item.title.isEmpty ? "–" : item.title, detailText: detail,
      image: item.kind == .folder ? "folder" : nil,
      accessory: item.kind == .song ? .none : .disclosureIndicator)
  }

  /// Turns to the next page (`forward`) or the one before, `rows` rows a list.
  mutating func turn(forward: Bool, rows: Int) {
    let count = listing?.items.count ?? 0
    first =
      forward
      ? min(first + pageSize(from: first, rows: rows), max(0, count - 1))
      : previousStart(first, rows: rows)
  }
}

import Core
import Testing

@Suite("Music text bounds")
struct MusicTextTests {
  @Test func capsTitlesAndCleansControlCharacters() {
    #expect(MusicText.capped("Line\nbreak") == "Line break")
    let long = String(repeating: "ä", count: 1000)
    let capped = MusicText.capped(long)
    #expect(capped.count == MusicText.maximumTitle)
    #expect(capped.hasSuffix("…"))
    #expect(MusicBrowseItem(kind: .song, title: long, uri: "x").title == capped)
  }

  @Test func refusesURIsThatCannotBeSent() {
    #expect(MusicText.checkedURI("a/b.flac") == "a/b.flac")
    #expect(MusicText.checkedURI("") == nil)
    #expect(MusicText.checkedURI("a\nb") == nil)
    #expect(MusicText.checkedURI(String(repeating: "a", count: 2000)) == nil)
  }

  @Test func listingsCountWhatTheyLeaveOut() {
    let listing = MusicListing(
      query: .artists, items: [MusicBrowseItem(kind: .artist, title: "A", uri: "A")], total: 3)
    #expect(listing.isTruncated)
    #expect(MusicListing(query: .artists, items: [], total: -1).total == 0)
  }
}

import Templates

extension HeadUnitCore {
  /// An audio app's `updateNowPlaying` made ready to show: its name for the header, and
  /// its artwork kept in the store and named by content key in `artworkID` (none when it
  /// sent none). Fails when the artwork is only a name the app never sent a picture under,
  /// or one dropped since (the app sends the bytes again).
  mutating func nowPlaying(
    _ playing: NowPlayingTemplate, artwork: BridgeArtwork?, from client: BridgeClientID
  ) -> Result<NowPlayingTemplate, BridgeError> {
    var playing = playing
    if let name = bridge.clients[client]?.app, !name.isEmpty { playing.appName = name }
    guard let artwork else { return .success(playing) }
    guard let key = bridge.artworks.keep(artwork, from: client) else {
      return .failure(
        BridgeError(
          code: BridgeError.Code.invalidRequest,
          message: "no artwork \"\(artwork.id ?? "")\" was sent, or it was sent more than "
            + "\(BridgeArtworkStore.maximumEntries) pictures ago: send it again with its data",
          path: "$.nowPlaying.artwork.id"))
    }
    playing.setMetadata(
      title: playing.title, artist: playing.artist, album: playing.album, artworkID: key)
    return .success(playing)
  }
}

import Foundation
import Templates

/// What the core knows about the bridge: the clients connected, when each last proved it
/// was alive, and the app holding the screen (nil: the built-in app has it).
public struct BridgeState: Sendable {
  /// One connection.
  public struct Client: Sendable, Equatable {
    /// The name from `hello`; nil until the client has said it.
    public var app: String?
    /// The category from `hello`: which templates its screen may use.
    public var category = AppCategory.navigation
    /// What an audio app last said plays, on screen or not.
    public var nowPlaying: NowPlayingTemplate?
    /// When it said so, to show the latest of several.
    public var nowPlayingAt: Date?
    /// The last heartbeat or hello (the connection, before either).
    public var heardAt: Date
  }

  public internal(set) var clients: [BridgeClientID: Client] = [:]
  /// The bridge app on screen.
  public internal(set) var screen: BridgeApp?
  /// Incoming messages of communication apps waiting to be shown, oldest first.
  public internal(set) var messages: [HeldMessage] = []
  /// The incoming message on screen, over the built-in map.
  public internal(set) var shownMessage: HeldMessage?
  /// Whether the unit's heartbeat timer runs.
  var beating = false
  /// The point handed to the built-in app that the driver has not answered yet.
  public internal(set) var pointNavigation: PointNavigation?
  /// The Now Playing artwork audio apps sent.
  public internal(set) var artworks = BridgeArtworkStore()

  /// What the audio app that spoke last says plays, for the strip on the built-in map; nil
  /// when no audio app has said or nothing has a title.
  public var nowPlaying: NowPlayingTemplate? {
    clients.values.filter { $0.nowPlaying?.title.isEmpty == false }
      .max { ($0.nowPlayingAt ?? .distantPast) < ($1.nowPlayingAt ?? .distantPast) }?.nowPlaying
  }

  /// Clients that have said hello.
  public var greeted: [BridgeClientID] {
    clients.filter { $0.value.app != nil }.keys.sorted()
  }
}

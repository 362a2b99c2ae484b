import Bridge
import Core
import Foundation
import HeadUnit
import Navigation

/// The daemon's configuration file, its bridge socket and its saved trip.
extension FuzzTarget {
  /// The configuration file; a configuration read must read back from its own document
  /// to an equal value, as `DaemonConfiguration.document` promises (but for the board's
  /// resolved GPIO lines, which the document leaves out).
  static let config = FuzzTarget(name: "config") { data in
    guard var configuration = try? DaemonConfiguration(json: data) else { return }
    _ = configuration.summary
    configuration.board = nil
    let document = Data(configuration.document.serialized.utf8)
    do throws(ConfigurationError) {
      let again = try DaemonConfiguration(json: document)
      precondition(again == configuration, "the configuration's document reads back different")
    } catch {
      preconditionFailure("the configuration's document does not read back: \(error)")
    }
  }

  /// What a bridge client sends: lines cut at newlines as the server cuts them, each
  /// decoded by `BridgeDecoder` on the reader thread and handled by the core, whose
  /// answers are serialized for the socket.
  static let bridge = FuzzTarget(name: "bridge") { data in
    var core = HeadUnitCore(provider: EmbeddedRouteProvider(routes: []), phrases: phrases)
    let client = BridgeClientID(1)
    var now = Date(timeIntervalSince1970: 1_700_000_000)
    var effects = core.handle(.start(places: PlaceLists(), trip: nil), at: now)
    effects += core.handle(.bridge(.connected(client)), at: now)
    for line in data.split(separator: 0x0A, omittingEmptySubsequences: false) {
      now += 0.1
      effects += core.handle(.bridge(.line(client, BridgeDecoder.decode(line))), at: now)
    }
    for case .bridge(.send(_, let message)) in effects { _ = message.serialized }
  }

  /// The saved trip (`trip.json`), decoded as `TripStore.load` decodes it and given to the
  /// core at start as the daemon gives it, at the time it was saved.
  static let trip = FuzzTarget(name: "trip") { data in
    guard let snapshot = try? TripStore.decode(data) else { return }
    var core = HeadUnitCore(provider: EmbeddedRouteProvider(routes: []), phrases: phrases)
    _ = core.handle(.start(places: PlaceLists(), trip: snapshot), at: snapshot.savedAt)
  }

  /// The English phrases; the language does not change what is read.
  private static let phrases: Phrasebook = {
    do throws(NavigationError) {
      return try Phrasebook(language: "en")
    } catch {
      preconditionFailure("the English phrasebook is built in: \(error)")
    }
  }()
}

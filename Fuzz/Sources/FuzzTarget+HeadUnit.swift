import Bridge
import Core
import Foundation
import HeadUnit
import Navigation

/// The daemon's configuration file, its bridge socket, its saved trip and fleet queue.
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

  /// The saved fleet queue (`fleet-queue.json`), decoded as `FleetQueueFile.load` decodes
  /// it and given to a reporter at start as the service gives it; what reads back must
  /// save to a file that reads back the same.
  static let fleetQueue = FuzzTarget(name: "fleet-queue") { data in
    guard let backlog = try? FleetQueueFile.decode(data, limit: 100_000) else { return }
    let saved = FleetQueueFile.encode(backlog)
    guard let again = try? FleetQueueFile.decode(saved, limit: 100_000) else {
      preconditionFailure("the saved queue does not read back")
    }
    precondition(FleetQueueFile.encode(again) == saved, "the saved queue reads back different")
    var reporter = FleetReporter(configuration: .init(vehicleId: "van-7", queueLimit: 360))
    _ = reporter.handle(.start(saved: backlog), at: Date(timeIntervalSince1970: 1_800_000_000))
  }

  /// A dispatcher's command as the MQTT transport reads it; a destination taken is offered
  /// to a started core, as the daemon offers it.
  static let fleetCommand = FuzzTarget(name: "fleet-command") { data in
    do throws(FleetCommandReply) {
      let dispatch = try FleetDispatch(payload: data)
      var core = HeadUnitCore(provider: EmbeddedRouteProvider(routes: []), phrases: phrases)
      let start = Date(timeIntervalSince1970: 1_800_000_000)
      _ = core.handle(.start(places: PlaceLists(), trip: nil), at: start)
      _ = core.handle(.dispatch(dispatch), at: start)
    } catch {
      precondition(error.status == .error && error.message != nil, "a refusal says why")
      _ = error.json
    }
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

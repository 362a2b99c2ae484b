import Foundation
import Geo
import Navigation
import Templates

extension HeadUnitCore {
  /// What the bridge server reports.
  public enum BridgeEvent: Sendable, Equatable {
    /// A client connected (it has not said hello yet).
    case connected(BridgeClientID)
    /// A line from a client, decoded (or what is wrong with it).
    case line(BridgeClientID, BridgeLine)
    /// The connection ended: the client closed it, died, or was too slow a reader.
    case disconnected(BridgeClientID, reason: String)
  }

  /// Work for the bridge server.
  public enum BridgeOutput: Sendable, Equatable {
    case send(BridgeClientID, BridgeMessage)
    /// Close the connection (after what was sent before); no `.disconnected` follows.
    case close(BridgeClientID, reason: String)
  }

  /// The bridge's timers.
  public enum BridgeTimer: Sendable, Hashable {
    /// A timer of the bridge app's interface controller.
    case interface(TimerID)
    /// Time to check whether this client has gone quiet.
    case silence(BridgeClientID)
    /// Time to send every client a heartbeat.
    case heartbeat
  }

  /// The interface controller the knob drives and the screen shows: the bridge app's
  /// while one holds the screen, else the built-in app's.
  public var activeController: InterfaceController {
    bridge.screen?.controller ?? app.controller
  }

  // MARK: - Events

  mutating func bridgeEvent(_ event: BridgeEvent, at now: Date) {
    switch event {
    case .connected(let client):
      bridge.clients[client] = BridgeState.Client(app: nil, heardAt: now)
      schedule(.bridge(.silence(client)), at: now.adding(configuration.bridge.timeout))
      effects.append(.log(.info, "bridge: \(client) connected"))
    case .line(let client, let line):
      guard bridge.clients[client] != nil else { return }
      switch line.request {
      case .failure(let error): send(client, .error(line.id, error))
      case .success(let request): bridgeRequest(request, id: line.id, from: client, at: now)
      }
    case .disconnected(let client, let reason):
      drop(client, reason: reason, at: now)
    }
  }

  private mutating func bridgeRequest(
    _ request: BridgeRequest, id: BridgeRequestID?, from client: BridgeClientID, at now: Date
  ) {
    switch request {
    case .hello(let version, let name, let category):
      guard BridgeSettings.supportedVersions.contains(version) else {
        let supported = BridgeSettings.supportedVersions.map(String.init)
          .joined(separator: ", ")
        send(
          client,
          .error(
            id,
            BridgeError(
              code: BridgeError.Code.unsupportedVersion,
              message: "protocol version \(version) is not supported (supported: \(supported))",
              path: "$.version")))
        return
      }
      let first = bridge.clients[client]?.app == nil
      bridge.clients[client]?.app = name
      bridge.clients[client]?.category = category
      bridge.clients[client]?.heardAt = now
      if first {
        effects.append(.log(.notice, "bridge: \(client) is \"\(name)\" (\(category.rawValue))"))
      }
      let settings = configuration.bridge
      send(
        client,
        .reply(
          id,
          .hello(
            version: version, unit: settings.unitName,
            screen: settings.screen,
            heartbeat: settings.heartbeatInterval, timeout: settings.timeout)))
      alive(at: now)
      if !bridge.beating {
        bridge.beating = true
        schedule(.bridge(.heartbeat), at: now.adding(settings.heartbeatInterval))
      }
      return
    case .heartbeat:
      bridge.clients[client]?.heardAt = now
      if bridge.clients[client]?.app != nil { alive(at: now) }
      return
    default:
      break
    }
    guard bridge.clients[client]?.app != nil else {
      send(
        client,
        .error(
          id,
          BridgeError(
            code: BridgeError.Code.helloFirst,
            message: "say hello first: {\"type\":\"hello\",\"id\":1,\"version\":1,\"app\":\"…\"}")
        ))
      return
    }
    var request = request
    if case .updateNowPlaying(let playing, let artwork) = request,
      bridge.clients[client]?.category == .audio
    {
      switch nowPlaying(playing, artwork: artwork, from: client) {
      case .success(let resolved): request = .updateNowPlaying(resolved)
      case .failure(let error):
        send(client, .error(id, error))
        return
      }
    }
    switch request {
    case .goodbye:
      send(client, .reply(id))
      effects.append(.bridge(.close(client, reason: "said goodbye")))
      drop(client, reason: "said goodbye", at: now)
    case .navigateTo(let place, let start, let avoid):
      navigateBuiltIn(to: place, start: start, avoid: avoid, id: id, for: client, at: now)
    case .navigateToQuery(let query, let start, let avoid):
      guard let found = app.provider.search(query, near: app.position, limit: 1).first else {
        send(
          client,
          .error(
            id,
            BridgeError(
              code: BridgeError.Code.noRoute, message: "nothing on the map matches \"\(query)\"",
              path: "$.destination.query")))
        return
      }
      navigateBuiltIn(
        to: found, start: start, avoid: avoid, id: id, for: client, at: now, asFound: true)
    case .showMessageAlert(let alert):
      messageAlert(alert, id: id, from: client, at: now)
    case .updateNowPlaying(let playing, _)
    where bridge.screen?.client != client && bridge.clients[client]?.category == .audio:
      // An audio app plays on while the driver is elsewhere: the strip on the map says it.
      bridge.clients[client]?.nowPlaying = playing
      bridge.clients[client]?.nowPlayingAt = now
      send(client, .reply(id))
      effects.append(.redraw)
    case .setRootTemplate where bridge.screen?.client != client:
      // A new app takes the screen only if its root is accepted.
      var configuration = app.controller.configuration
      configuration.category = bridge.clients[client]?.category ?? .navigation
      configuration.isBuiltIn = false
      var candidate = BridgeApp(client: client, configuration: configuration)
      let result = candidate.handle(request, id: id, at: now)
      let accepted = result.contains {
        if case .send(.reply) = $0 { true } else { false }
      }
      if accepted {
        if let previous = bridge.screen {
          carryOut(
            bridge.screen!.cancelNavigation(reason: "anotherApp"), for: previous.client, at: now)
          effects.append(
            .log(.notice, "bridge: \(client) takes the screen from \(previous.client)"))
        } else {
          effects.append(.log(.notice, "bridge: \(client) takes the screen"))
        }
        bridge.screen = candidate
        if isDrivingLimited { bridgeUI(.vehicleSpeed(Self.drivingSpeed), at: now) }
      }
      carryOut(result, for: client, at: now)
    default:
      guard bridge.screen?.client == client else {
        send(
          client,
          .error(
            id,
            BridgeError(
              code: BridgeError.Code.notOnScreen,
              message: bridge.screen == nil
                ? "the built-in app holds the screen: set a root template first"
                : "another bridge app holds the screen: set a root template first")))
        return
      }
      carryOut(bridge.screen!.handle(request, id: id, at: now), for: client, at: now)
      if case .updateNowPlaying(let playing, _) = request,
        bridge.clients[client]?.category == .audio
      {
        bridge.clients[client]?.nowPlaying = playing
        bridge.clients[client]?.nowPlayingAt = now
      }
    }
  }

  /// A heartbeat for the lifecycle, when bridge clients count for it.
  private mutating func alive(at now: Date) {
    if configuration.bridge.disconnectDrains { lifecycle(.heartbeat, at: now) }
  }

  /// Forgets `client`; the built-in app takes the screen back if it had it, and the
  /// lifecycle hears the bridge is gone when no greeted client is left.
  private mutating func drop(_ client: BridgeClientID, reason: String, at now: Date) {
    guard let gone = bridge.clients.removeValue(forKey: client) else { return }
    cancel(.bridge(.silence(client)))
    effects.append(.log(.notice, "bridge: \(client) gone (\(reason))"))
    forgetMessages(of: client, at: now)
    if bridge.screen?.client == client {
      bridge.screen = nil
      effects.append(.log(.notice, "bridge: the built-in app has the screen again"))
      effects.append(.redraw)
    }
    if bridge.clients.isEmpty, bridge.beating {
      bridge.beating = false
      cancel(.bridge(.heartbeat))
    }
    if gone.app != nil, bridge.greeted.isEmpty, configuration.bridge.disconnectDrains {
      lifecycle(.bridgeDisconnected, at: now)
    }
  }

  /// Hands a destination to the built-in app: its preview (or guidance) takes the screen.
  private mutating func navigateBuiltIn(
    to place: Place, start: Bool, avoid: AvoidableRoads?, id: BridgeRequestID?,
    for client: BridgeClientID, at now: Date, asFound: Bool = false
  ) {
    if let screen = bridge.screen {
      carryOut(
        bridge.screen!.cancelNavigation(reason: "builtInNavigation"), for: screen.client, at: now)
    }
    if app.phase.isNavigating { app(.abandonTrip, at: now) }
    // What the search found is already a place the app knows.
    app(.navigate(asFound ? place : knownPlace(for: place), start: start, avoid: avoid), at: now)
    switch app.phase {
    case .previewing, .navigating:
      if let screen = bridge.screen {
        effects.append(
          .log(.notice, "bridge: \(screen.client) hands the screen to the built-in app"))
        bridge.screen = nil
      }
      let choices = app.previewTrip?.routeChoices.count ?? activeTrip?.trip.routeChoices.count ?? 0
      send(
        client,
        .reply(id, .builtInNavigation(navigating: app.phase.isNavigating, routeChoices: choices)))
      effects.append(.redraw)
    case .browsing:
      send(
        client,
        .error(
          id,
          BridgeError(
            code: BridgeError.Code.noRoute,
            message: app.position == nil
              ? "no position yet to route from to \(place.name): the GPS has no fix"
              : "the built-in router found no route to \(place.name)",
            path: "$.destination")))
    }
  }

  // MARK: - Input and timers

  /// Driver input and vehicle state for the app on screen.
  mutating func ui(_ event: UIEvent, at now: Date) {
    if case .vehicleSpeed = event {
      app(.interface(event), at: now)
      if bridge.screen != nil { bridgeUI(event, at: now) }
      return
    }
    if bridge.screen != nil {
      bridgeUI(event, at: now)
    } else {
      app(.interface(event), at: now)
    }
  }

  private mutating func bridgeUI(_ event: UIEvent, at now: Date) {
    guard let client = bridge.screen?.client else { return }
    carryOut(bridge.screen!.handle(event, at: now), for: client, at: now)
  }

  mutating func bridgeTimer(_ timer: BridgeTimer, at now: Date) {
    switch timer {
    case .interface(let id):
      bridgeUI(.timer(id), at: now)
    case .heartbeat:
      guard ownTimers.removeValue(forKey: .bridge(.heartbeat)) != nil else { return }
      for client in bridge.greeted { send(client, .event(.heartbeat)) }
      if bridge.clients.isEmpty {
        bridge.beating = false
      } else {
        schedule(
          .bridge(.heartbeat), at: now.adding(configuration.bridge.heartbeatInterval))
      }
    case .silence(let client):
      guard ownTimers.removeValue(forKey: .bridge(.silence(client))) != nil,
        let known = bridge.clients[client]
      else { return }
      let due = known.heardAt.adding(configuration.bridge.timeout)
      if now >= due {
        let reason = "no heartbeat for \(configuration.bridge.timeout.secondsText) s"
        effects.append(.bridge(.close(client, reason: reason)))
        drop(client, reason: reason, at: now)
      } else {
        schedule(.bridge(.silence(client)), at: due)
      }
    }
  }

  /// The driver held the home button: the built-in app has the screen back, whatever a
  /// bridge app shows. The app hears `navigationCancelled` (reason `driver`) if it was
  /// navigating, then `screenLost`; it stays connected and may take the screen again with
  /// `setRootTemplate` (when the driver asks it to).
  mutating func takeScreenFromBridge(at now: Date) {
    guard let client = bridge.screen?.client else { return }
    carryOut(bridge.screen!.cancelNavigation(reason: "driver"), for: client, at: now)
    bridge.screen = nil
    send(client, .event(.screenLost(reason: "driver")))
    effects.append(.log(.notice, "bridge: the driver took the screen back from \(client)"))
    effects.append(.redraw)
  }

  /// The unit parks or stops: a bridge app's navigation session ends.
  mutating func bridgeNavigationEnds(reason: String, at now: Date) {
    guard let client = bridge.screen?.client else { return }
    carryOut(bridge.screen!.cancelNavigation(reason: reason), for: client, at: now)
  }

  // MARK: - Effects

  mutating func carryOut(
    _ appEffects: [BridgeApp.Effect], for client: BridgeClientID, at now: Date
  ) {
    for effect in appEffects {
      switch effect {
      case .send(let message): send(client, message)
      case .navigateToPoint(let templateID, let point):
        navigate(to: point, of: templateID, for: client, at: now)
      case .navigationStarted:
        if app.phase.isNavigating {
          effects.append(.log(.notice, "bridge: \(client) navigates; the built-in trip ends"))
          app(.abandonTrip, at: now)
        }
        effects.append(.redraw)
      case .interface(let uiEffect):
        switch uiEffect {
        case .timer(let change):
          effects.append(.timer(change.map { .bridge(.interface($0)) }))
        case .muteToggled(let muted):
          isMuted = muted
          guidance?.isMuted = muted
          effects += [.setMuted(muted), .redraw]
        default:
          effects.append(.redraw)
        }
      }
    }
  }

  private mutating func send(_ client: BridgeClientID, _ message: BridgeMessage) {
    effects.append(.bridge(.send(client, message)))
  }

  private var isDrivingLimited: Bool { app.controller.isDrivingLimited }

  /// A speed above the driving limit, to bring a new app's controller into line.
  private static var drivingSpeed: Double { 1000 }
}

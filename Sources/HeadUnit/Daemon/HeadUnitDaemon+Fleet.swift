import Core
import Foundation

extension HeadUnitDaemon {
  /// Stops the fleet reporter if one runs, then starts one for `settings` when they turn it
  /// on. At start-up and on SIGHUP: turning reporting off stops it at once (the request
  /// under way is cancelled, unsent reports saved in the devices' `fleetQueue`); a changed
  /// endpoint, token or interval starts a fresh reporter, which takes the saved reports
  /// back once the old one has saved them. `vehicle` is the core's state now.
  func startFleet(
    _ settings: FleetConfiguration, logger: Logger, vehicle: FleetVehicleState
  ) {
    let previous = fleet
    previous?.stop()
    fleet = nil
    fleetCommands = nil
    guard let reporter = settings.reporter else { return }
    let client: any FleetTransport
    do {
      guard let made = try settings.client() else { return }
      client = made
    } catch {
      logger.log(.error, "fleet: \(error.description); not reporting")
      return
    }
    let service = FleetService(
      reporter: FleetReporter(configuration: reporter), transport: client,
      store: devices.fleetQueue, logger: logger)
    service.observe(vehicle)
    service.start(after: previous)
    fleet = service
    if let mqtt = client as? MQTTTransport, mqtt.settings.commandTopic != nil {
      listen(to: mqtt, logger: logger)
    }
  }

  /// Takes a dispatcher's destinations from `mqtt` into the core; refused ones were
  /// answered by the transport and are only logged.
  private func listen(to mqtt: MQTTTransport, logger: Logger) {
    let inbox = self.inbox
    do {
      try mqtt.listen { result in
        switch result {
        case .success(let dispatch): inbox.yield(.core(.dispatch(dispatch)))
        case .failure(let refused):
          logger.notice("fleet: a command was refused: \(refused.message ?? "malformed")")
        }
      }
      fleetCommands = mqtt
    } catch {
      logger.log(.error, "fleet: commands: \(error.description); not listening")
    }
  }

  /// Stops the fleet reporter for good and waits until its queue is saved (the request
  /// under way is cancelled first, so this takes at most about a second).
  func stopFleet() {
    fleet?.stop()
    fleet?.drain()
    fleet = nil
    fleetCommands = nil
  }
}

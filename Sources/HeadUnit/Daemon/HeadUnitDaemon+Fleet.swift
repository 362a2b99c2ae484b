import Core
import Foundation

extension HeadUnitDaemon {
  /// Stops the fleet reporter if one runs, then starts one for `settings` when they turn it
  /// on. At start-up and on SIGHUP: turning reporting off stops it at once (the request
  /// under way is cancelled, unsent reports dropped); a changed endpoint, token or interval
  /// starts a fresh reporter. `vehicle` is the core's state now.
  func startFleet(
    _ settings: FleetConfiguration, logger: Logger, vehicle: FleetVehicleState
  ) {
    fleet?.stop()
    fleet = nil
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
      logger: logger)
    service.observe(vehicle)
    service.start()
    fleet = service
  }
}

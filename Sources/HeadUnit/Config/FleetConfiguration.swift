import Board
import Core
import Foundation

/// The `fleet` section of the daemon's configuration: whether and where the vehicle reports
/// its position and trip (see `FleetReporter`); its keys are in `FleetConfiguration+Keys.swift`.
///
/// Off by default. When `enabled`, `endpoint` and `vehicleId` are required. Without a
/// `tokenURL`, reports are sent with no `Authorization` header (an endpoint on a private
/// network). URLs must be `https`, except on a loopback host (`127.0.0.1`, `::1`,
/// `localhost`), where `http` is accepted for a local relay and for tests.
public struct FleetConfiguration: Sendable, Equatable {
  public var enabled = false
  /// Where reports are POSTed.
  public var endpoint: String?
  /// The OAuth 2 token endpoint (client credentials); nil for no authentication.
  public var tokenURL: String?
  public var clientId: String?
  public var clientSecret: String?
  /// Sent in every report.
  public var vehicleId: String?
  /// As written; the reporter clamps it to 5–60 s (``interval``).
  public var requestedInterval: Duration = .seconds(10)
  /// Reports kept while the endpoint cannot be reached; 360 is an hour at 10 s.
  public var queueLimit = 360
  /// Longest wait for one answer from the endpoint or the token endpoint.
  public var timeout: Duration = .seconds(5)

  /// Every setting at its default.
  public init() {}

  /// The interval used: ``requestedInterval`` clamped to 5–60 s.
  public var interval: Duration {
    FleetReporter.Configuration.clamp(requestedInterval)
  }

  /// The reporter's configuration; nil unless enabled with a vehicle id.
  public var reporter: FleetReporter.Configuration? {
    guard enabled, let vehicleId else { return nil }
    return FleetReporter.Configuration(
      vehicleId: vehicleId, interval: requestedInterval, queueLimit: queueLimit,
      authenticated: tokenURL != nil)
  }

  /// The HTTP client; nil unless enabled with an endpoint.
  public var client: FleetClient? {
    guard enabled, let endpoint = endpoint.flatMap(URL.init(string:)) else { return nil }
    return FleetClient(
      endpoint: endpoint, tokenURL: tokenURL.flatMap(URL.init(string:)), clientId: clientId,
      clientSecret: clientSecret, timeout: timeout)
  }
}

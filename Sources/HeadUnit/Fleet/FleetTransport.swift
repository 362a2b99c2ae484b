import Core
import Foundation

/// Where fleet reports go: the HTTP client (`FleetClient`) in the car, a recording double
/// in tests.
///
/// Both calls block the calling thread until the answer or the timeout; `FleetService`
/// calls them from its own queue, one at a time. `cancel()` may be called from any thread
/// and makes a call under way return `.cancelled` (within about a second: libcurl looks
/// at the request once a second while it waits).
public protocol FleetTransport: Sendable {
  /// Fetches a new access token.
  func fetchToken() throws(FleetError) -> FleetToken
  /// Posts one report (a JSON body), with `Authorization: Bearer token` when given.
  /// Returns when the endpoint answered 2xx.
  func send(_ report: FleetReport, token: String?) throws(FleetError)
  /// Abandons the request under way, if any.
  func cancel()
}

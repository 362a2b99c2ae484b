import Foundation
import Navigation

/// An access token from the token endpoint (OAuth 2 client credentials answer:
/// `{"access_token": "…", "expires_in": 3600}`).
public struct FleetToken: Sendable, Equatable {
  public var value: String
  /// How long it is valid for from when it was received; nil when the server did not say
  /// (it is then used until the endpoint answers 401).
  public var lifetime: Duration?

  public init(value: String, lifetime: Duration?) {
    self.value = value
    self.lifetime = lifetime
  }

  /// When a token received at `received` should be replaced: `lifetime` minus a margin
  /// (a tenth of it, at most 30 s) so a report is never sent with a token about to expire.
  public func renewal(receivedAt received: Date) -> Date? {
    guard let lifetime else { return nil }
    return received.adding(lifetime - min(.seconds(30), lifetime / 10))
  }
}

import Core
import Foundation

/// The fleet endpoint as a Traccar server, in the OsmAnd protocol it documents
/// (traccar.org/osmand; its port 5055 by default).
///
/// A report is `POST endpoint?id=…&timestamp=…&lat=…&lon=…&speed=…&bearing=…` with no
/// body (as Traccar Client sends it; the parameters are `FleetReport.osmAndParameters`),
/// any 2xx a delivery. A report without a fix has nothing Traccar would show and counts as
/// delivered without a request. Requests go through `FleetClient`'s, so time limits,
/// cancelling and the reasons of failures are the HTTP transport's.
public final class OsmAndTransport: FleetTransport {
  /// Traccar's OsmAnd port, taken when the endpoint names none.
  public static let defaultPort = 5055

  /// Where positions go: the configured endpoint, on ``defaultPort`` unless it names a port.
  public let endpoint: URL
  private let client: FleetClient

  public init(endpoint: URL, timeout: Duration = .seconds(5)) {
    self.endpoint = Self.withDefaultPort(endpoint)
    client = FleetClient(endpoint: self.endpoint, timeout: timeout)
  }

  /// `url` on ``defaultPort`` when it names no port (`https://traccar.example` →
  /// `https://traccar.example:5055`); a TLS proxy on 443 is written `:443`.
  public static func withDefaultPort(_ url: URL) -> URL {
    guard url.port == nil, var parts = URLComponents(url: url, resolvingAgainstBaseURL: false)
    else { return url }
    parts.port = defaultPort
    return parts.url ?? url
  }

  public func fetchToken() throws(FleetError) -> FleetToken {
    throw FleetError(.badResponse, url: endpoint.absoluteString, "OsmAnd has no token endpoint")
  }

  /// Sends `report`'s current values; `token` is not used.
  public func send(_ report: FleetReport, token: String?) throws(FleetError) {
    guard let url = url(for: report) else { return }
    // Failures name the endpoint: the parameters are the report, not where it went.
    _ = try client.perform(HTTPClient.Request(method: "POST", url: url), shown: endpoint)
  }

  public func cancel() {
    client.cancel()
  }

  /// `endpoint` with the report's parameters as its query; nil without a fix.
  func url(for report: FleetReport) -> URL? {
    guard let parameters = report.osmAndParameters else { return nil }
    let query = parameters.map { "\($0)=\(FleetClient.formEncoded($1))" }
      .joined(separator: "&")
    let base = endpoint.absoluteString
    return URL(string: base + (base.contains("?") ? "&" : "?") + query)
  }
}

import Foundation
import JSON

extension DaemonConfiguration {
  /// The `routing` section: a server needs a URL.
  mutating func readRouting(
    _ routing: [String: JSONNode], node: JSONNode
  ) throws(JSONError) {
    if let server = routing["server"]?.nonNull {
      let names = RemoteRouter.Engine.allCases.map(\.rawValue)
      routingServer = RemoteRouter.Engine(rawValue: try server.string(oneOf: names))
    }
    if let url = routing["url"]?.nonNull {
      let text = try url.nonEmptyString()
      guard let parsed = URL(string: text), let scheme = parsed.scheme?.lowercased(),
        ["http", "https"].contains(scheme), parsed.host?.isEmpty == false
      else {
        throw url.error("expected an http or https URL, got \(JSONNode.quoted(text))")
      }
      routingURL = text
    }
    routingTimeout = try routing["timeoutSeconds"]?.number(in: 0.5...30) ?? routingTimeout
    if let routingServer, routingURL == nil {
      throw node.error(
        "url is required with server \"\(routingServer.rawValue)\" "
          + "(e.g. \"url\": \"http://127.0.0.1:8002\")")
    }
  }
}

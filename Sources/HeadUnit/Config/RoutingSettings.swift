import Core
import Foundation
import JSON
import Navigation
import Readers

/// The `routing` section: the routing server asked before the offline router (see
/// `RoutingService`). A server needs a URL.
public struct RoutingSettings: ConfigurationSection {
  /// The routing server asked before the offline router; nil for offline only.
  public var server: RemoteRouter.Engine?
  /// The routing server's base URL (`http` or `https`).
  public var url: String?
  /// The longest wait for the routing server before the offline router answers.
  public var timeout: Duration = .seconds(3)
  /// The route options a new installation starts with: the kinds of road routes keep off.
  /// The driver's own choice on the Route options screen replaces it, and is kept.
  public var avoid: AvoidableRoads = []

  /// Every setting at its default.
  public init() {}

  static let name = "routing"

  static var keys: [ConfigurationKey<Self>] {
    let engines = RemoteRouter.Engine.allCases.map(\.rawValue)
    return [
      .optional(
        "server", \.server, allowed: ConfigurationKey<Self>.list(engines),
        doc: "asked first, the offline router as fallback", none: "none: offline router only",
        read: { node throws(JSONError) in
          RemoteRouter.Engine(rawValue: try node.string(oneOf: engines))!
        },
        write: { .string($0.rawValue) }),
      .optional(
        "url", \.url, allowed: "an `http` or `https` URL; required with a server",
        shown: .init(text: { $0.url.map(URLSecrets.hidden) }), read: Self.url,
        write: JSONValue.string),
      .duration("timeoutSeconds", \.timeout, in: 0.5...30, doc: "the longest wait for the server"),
      .value(
        "avoid", \.avoid,
        allowed: "a list of "
          + ConfigurationKey<Self>.list(AvoidableRoads.names.map(\.name)),
        doc: "roads routes keep off until the driver chooses on the Route options screen",
        defaultText: "[] (none)",
        shown: .init(text: { $0.avoid.isEmpty ? "none" : $0.avoid.wordList.joined(separator: " ") }
        ),
        read: { node throws(JSONError) in try node.avoidableRoads() },
        write: { .array($0.wordList.map(JSONValue.string)) }),
    ]
  }

  func check(_ node: JSONNode) throws(JSONError) {
    if let server, url == nil {
      throw node.error(
        "url is required with server \"\(server.rawValue)\" "
          + "(e.g. \"url\": \"http://127.0.0.1:8002\")")
    }
  }

  /// An `http` or `https` URL with a host.
  private static func url(_ node: JSONNode) throws(JSONError) -> String {
    let text = try node.nonEmptyString()
    guard let parsed = URL(string: text), let scheme = parsed.scheme?.lowercased(),
      ["http", "https"].contains(scheme), parsed.host?.isEmpty == false
    else {
      throw node.error(
        "expected an http or https URL, got \(JSONNode.quoted(URLSecrets.hidden(text)))")
    }
    return text
  }

  /// The configured routing server, speaking `language`; nil for offline only.
  public func router(language: String, imperial: Bool) -> RemoteRouter? {
    guard let server, let url = url.flatMap(URL.init(string:)) else { return nil }
    return RemoteRouter(
      engine: server, url: url, timeout: timeout, language: language, imperial: imperial)
  }
}

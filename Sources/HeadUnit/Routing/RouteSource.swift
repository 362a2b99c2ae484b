/// Which router answered a route request, so the screen and the log can say it.
public enum RouteSource: Sendable, Equatable, CustomStringConvertible {
  /// The routing server, by name (`Valhalla at http://127.0.0.1:8002`).
  case server(String)
  /// The offline router; the reason the server did not answer, nil when none is
  /// configured.
  case offline(reason: String?)

  /// `Valhalla at http://…`, `offline router`, `offline router (Valhalla at …: no answer
  /// within 3 s)`.
  public var description: String {
    switch self {
    case .server(let name): name
    case .offline(nil): "offline router"
    case .offline(let reason?): "offline router (\(reason))"
    }
  }
}

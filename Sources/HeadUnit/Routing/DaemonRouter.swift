import Core
import Dispatch
import Navigation

/// The car's route service: the routing server first (when configured), then the offline
/// router, computed on a queue of its own so the event loop never waits; the answer is
/// posted to the daemon's inbox, with a notice when the offline router stood in.
final class DaemonRouter: RouteService {
  private let service: RoutingService
  /// The server's name for the driver's notice.
  private let server: String
  private let post: @Sendable (HeadUnitCore.Event) -> Void
  private let queue = DispatchQueue(label: "headunit.routing", qos: .userInitiated)

  init(
    service: RoutingService, serverName: String?,
    post: @escaping @Sendable (HeadUnitCore.Event) -> Void
  ) {
    self.service = service
    server = serverName ?? "The routing server"
    self.post = post
  }

  /// Always answers later, through `post`.
  func route(_ request: RouteRequest) -> [HeadUnitCore.Event]? {
    let service = self.service
    let server = self.server
    let post = self.post
    queue.async {
      let answer = service.answer(request)
      if case .offline(_?) = answer.source {
        // The log has the whole reason; the driver gets the gist.
        post(.routedOffline(server: server))
      }
      switch answer.event {
      case .routeComputed(let route): post(.routeComputed(route))
      case .routeFailed(let reason): post(.routeFailed(reason))
      default: break
      }
    }
    return nil
  }
}

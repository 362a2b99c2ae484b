/// One line a bridge client sent, decoded at the edge: the request's id when it had one,
/// and the request or what is wrong with it.
public struct BridgeLine: Sendable, Equatable {
  public var id: BridgeRequestID?
  public var request: Result<BridgeRequest, BridgeError>

  public init(id: BridgeRequestID?, request: Result<BridgeRequest, BridgeError>) {
    self.id = id
    self.request = request
  }
}

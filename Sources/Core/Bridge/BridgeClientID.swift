/// One connection to the bridge socket, numbered from 1 in the order they were accepted;
/// never reused while the daemon runs.
public struct BridgeClientID: Hashable, Sendable, Comparable, CustomStringConvertible {
  public var rawValue: Int

  public init(_ rawValue: Int) { self.rawValue = rawValue }

  public static func < (a: BridgeClientID, b: BridgeClientID) -> Bool { a.rawValue < b.rawValue }

  public var description: String { "client \(rawValue)" }
}

/// Names one app request to the interface controller; its completion carries the same id.
public struct RequestID: Hashable, Sendable, ExpressibleByIntegerLiteral,
  CustomStringConvertible
{
  public var rawValue: Int

  public init(_ rawValue: Int) { self.rawValue = rawValue }
  public init(integerLiteral value: Int) { self.rawValue = value }

  public var description: String { "#\(rawValue)" }
}

/// Names one prompt given to a `PromptPlayer`, in the order they were given.
public struct PromptID: Hashable, Comparable, Sendable, CustomStringConvertible {
  public var rawValue: Int

  public init(_ rawValue: Int) { self.rawValue = rawValue }

  public static func < (a: PromptID, b: PromptID) -> Bool { a.rawValue < b.rawValue }

  public var description: String { "#\(rawValue)" }
}

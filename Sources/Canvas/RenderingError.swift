/// Why drawing or writing an image failed.
public struct RenderingError: Error, Equatable, CustomStringConvertible {
  public enum Code: String, Sendable {
    /// cairo could not create a surface (size out of range, out of memory).
    case surface
    /// Writing or reading a PNG failed.
    case png
    /// A size or argument outside what the renderer supports.
    case invalidArgument
    /// An image (artwork) bigger than allowed, in bytes or in pixels: refused undecoded.
    case imageTooLarge
    /// Bytes that are not a PNG or JPEG image, or a broken or cut-short one.
    case unreadableImage
  }

  public var code: Code
  public var message: String
  /// cairo's status text, when cairo reported the failure.
  public var underlying: String?

  public init(_ code: Code, _ message: String, underlying: String? = nil) {
    self.code = code
    self.message = message
    self.underlying = underlying
  }

  public var description: String {
    "\(message)" + (underlying.map { " (\($0))" } ?? "")
  }
}

import Board
import Core

extension BridgeError {
  /// A decoding problem: the path before the first ": " of the message, the rest after.
  init(_ error: BoardError, code: String) {
    let text = error.message
    if text.hasPrefix("$"), let colon = text.range(of: ": ") {
      self.init(
        code: code, message: String(text[colon.upperBound...]),
        path: String(text[..<colon.lowerBound]))
    } else {
      self.init(code: code, message: text)
    }
  }
}

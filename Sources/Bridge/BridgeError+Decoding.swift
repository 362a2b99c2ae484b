import Core
import JSON

extension BridgeError {
  /// A decoding problem: its path, and its message (after what the value is for, when the
  /// error names that).
  init(_ error: JSONError, code: String) {
    self.init(
      code: code, message: (error.subject.map { "\($0): " } ?? "") + error.message,
      path: error.path)
  }
}

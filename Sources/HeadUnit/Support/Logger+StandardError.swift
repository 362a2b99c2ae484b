import Core
import Foundation

extension Logger {
  /// A logger writing to standard error.
  public static func standardError(label: String, level: Level = .info) -> Logger {
    Logger(label: label, level: level) { line in
      FileHandle.standardError.write(Data((line + "\n").utf8))
    }
  }
}

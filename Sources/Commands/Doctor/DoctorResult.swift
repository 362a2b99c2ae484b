/// One line of `headunit doctor`: a check's verdict, what it found and, when it is not
/// fine, what to do.
struct DoctorResult: Sendable, Equatable {
  enum Level: String, Sendable, Equatable {
    case ok
    case warning
    case failure

    /// The line's first word, padded so the check names line up.
    var word: String {
      switch self {
      case .ok: "ok  "
      case .warning: "warn"
      case .failure: "FAIL"
      }
    }
  }

  var level: Level
  /// The check's name: `gpsd`, `clock`, `state`.
  var check: String
  /// What was found, in one clause.
  var found: String
  /// What to do about it; empty when nothing is to be done.
  var advice: String = ""

  static func ok(_ check: String, _ found: String) -> DoctorResult {
    DoctorResult(level: .ok, check: check, found: found)
  }

  static func warning(_ check: String, _ found: String, _ advice: String) -> DoctorResult {
    DoctorResult(level: .warning, check: check, found: found, advice: advice)
  }

  static func failure(_ check: String, _ found: String, _ advice: String) -> DoctorResult {
    DoctorResult(level: .failure, check: check, found: found, advice: advice)
  }

  /// `FAIL gpsd       not reachable at 127.0.0.1:2947 — start it: systemctl start gpsd`.
  var line: String {
    let name = check.padding(toLength: max(check.count, 12), withPad: " ", startingAt: 0)
    return "\(level.word) \(name) \(found)" + (advice.isEmpty ? "" : " — \(advice)")
  }
}

import Navigation

/// One prompt the guidance can give, as `headunit voice-check` renders and checks it.
public struct VoicePrompt: Hashable, Sendable {
  /// A file-name-safe name from the prompt's kind: "turn-left-road",
  /// "early-400m-roundabout-exit-2-road", "depart-northeast", "then-turn-left-uturn".
  public var name: String
  /// When the planner gives it.
  public var stage: Announcement.Stage
  /// How many maneuvers it announces: more than one for "…, then …" chains.
  public var maneuvers: Int
  public var text: String

  public init(name: String, stage: Announcement.Stage, maneuvers: Int = 1, text: String) {
    self.name = name
    self.stage = stage
    self.maneuvers = maneuvers
    self.text = text
  }

  /// Seconds a final prompt may last per maneuver it announces: the planner starts it
  /// so that it ends `AnnouncementPlanner.finalMargin` before the turn, and a longer
  /// prompt starts so far back that the driver has to remember it.
  public static let finalLimit = 3.5

  /// The longest this prompt may last, in seconds; nil when any length will do (early,
  /// depart and continue prompts come with time to spare).
  public var maximumDuration: Double? {
    stage == .final ? Self.finalLimit * Double(maneuvers) : nil
  }

  /// The stage as the voice-check table shows it: "final", "final×2" for a chain.
  public var stageLabel: String {
    maneuvers > 1 ? "\(stage.rawValue)×\(maneuvers)" : stage.rawValue
  }
}

import Geo
import Navigation

/// One drawn junction and the routes over it with the maneuvers a driver should get: a
/// scenario of a junction file (`JunctionFile`).
///
/// The map is a grid of characters: each letter `a`–`z` is an OSM node, each digit `0`–`9`
/// a point routes may start or end at that is not part of the map's data. A character is
/// half a grid cell wide and a line one cell high (monospace letters are about twice as high
/// as wide, so a drawing looks as the roads run), north up, the first character of the
/// first line at `origin`.
public struct JunctionScenario: Sendable, Equatable {
  /// A way: its nodes in order and its OSM tags (`highway` and `name` filled in as
  /// `JunctionFile` describes).
  public struct Way: Sendable, Equatable {
    /// The node letters as written, which also name the way in relations.
    public var nodes: String
    public var tags: [String: String]
    public var line: Int
  }

  /// A relation (a turn restriction): members by role, and tags.
  public struct Relation: Sendable, Equatable {
    public enum Member: Sendable, Equatable {
      case node(Character)
      case way(String)
    }
    /// Members in order, each with its role (`from`, `via`, `to`).
    public var members: [Role]
    public var tags: [String: String]
    public var line: Int

    public struct Role: Sendable, Equatable {
      public var role: String
      public var member: Member
    }
  }

  /// Where a character stands in the drawing: its column (in characters) and line.
  public struct GridPosition: Sendable, Hashable {
    public var column: Int
    public var row: Int

    public init(column: Int, row: Int) {
      self.column = column
      self.row = row
    }
  }

  /// A route to check: from one point to another and the steps expected.
  public struct Case: Sendable, Equatable {
    public var from: Character
    public var to: Character
    public var expected: [ExpectedManeuver]
    public var line: Int
  }

  public var title: String
  /// The file and line the scenario starts at, for messages.
  public var file: String
  public var line: Int
  /// Metres per grid cell.
  public var gridSize = 10.0
  /// Where the map's top-left character stands; nil: the default for the driving side.
  public var origin: Coordinate?
  /// The side the scenario is written for; its default origin lies in a country that
  /// drives on that side, so the importer's own country guess is what sets it.
  public var drivingSide = Maneuver.Side.right
  /// Character positions: column (in characters) and row, for every letter and digit.
  public var points: [Character: GridPosition] = [:]
  public var nodeTags: [Character: [String: String]] = [:]
  public var ways: [Way] = []
  public var relations: [Relation] = []
  public var cases: [Case] = []

  /// Origins in a right-hand traffic country (Finland) and a left-hand one (Great Britain).
  static let rightHandOrigin = Coordinate(latitude: 60.17, longitude: 24.94)
  static let leftHandOrigin = Coordinate(latitude: 52.20, longitude: 0.12)

  public init(title: String, file: String, line: Int) {
    self.title = title
    self.file = file
    self.line = line
  }

  /// The coordinate of a letter or digit of the map.
  public func coordinate(of point: Character) -> Coordinate? {
    guard let position = points[point] else { return nil }
    let start = origin ?? (drivingSide == .left ? Self.leftHandOrigin : Self.rightHandOrigin)
    return LocalProjection(origin: start).unproject(
      PlanePoint(x: Double(position.column) * gridSize / 2, y: -Double(position.row) * gridSize))
  }
}

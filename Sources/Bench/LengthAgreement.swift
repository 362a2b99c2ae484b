/// How one router's route lengths agree with a reference router's over the same pairs.
///
/// Two lengths for one pair agree when they differ by at most max(15 m, 3 %) of the
/// reference's length, the rule `Tools/compare-routes.py` applies too. Pairs where either
/// router has no route are not compared: they are counted apart, by which side had none.
struct LengthAgreement: Equatable, Sendable {
  /// The least tolerance, metres: two routes to the same node can end on either side of a
  /// short edge.
  static let toleranceMetres = 15.0
  /// The tolerance as a share of the reference's length.
  static let toleranceShare = 0.03

  /// How far, in metres, a length may be from `reference` metres and still agree.
  static func tolerance(reference: Double) -> Double {
    max(toleranceMetres, toleranceShare * reference)
  }

  /// Whether `length` agrees with `reference` (both in metres, finite).
  static func agrees(_ length: Double, reference: Double) -> Bool {
    abs(length - reference) <= tolerance(reference: reference)
  }

  /// The pairs looked at.
  var pairs = 0
  /// The pairs both routers found a route for.
  var compared = 0
  /// The compared pairs whose lengths agree.
  var agreeing = 0
  /// The pairs only the reference found a route for.
  var missingOurs = 0
  /// The pairs only the router looked at found a route for.
  var missingReference = 0
  /// The pairs neither found a route for.
  var missingBoth = 0
  /// The indices of the compared pairs whose lengths do not agree, in pair order.
  var disagreeing: [Int] = []

  /// The tally of `lengths` against `reference`, pair by pair (index `i` of each is the same
  /// pair; nil: no route). The two arrays must have the same count.
  init(lengths: [Double?], reference: [Double?]) {
    precondition(lengths.count == reference.count, "one length per pair on each side")
    pairs = lengths.count
    for (index, (ours, theirs)) in zip(lengths, reference).enumerated() {
      switch (ours, theirs) {
      case (let ours?, let theirs?):
        compared += 1
        if Self.agrees(ours, reference: theirs) {
          agreeing += 1
        } else {
          disagreeing.append(index)
        }
      case (nil, _?): missingOurs += 1
      case (_?, nil): missingReference += 1
      case (nil, nil): missingBoth += 1
      }
    }
  }

  /// The share of the compared pairs that agree, 0...1; nil when none were compared.
  var share: Double? { compared == 0 ? nil : Double(agreeing) / Double(compared) }
}

import Core
import Foundation
import JSON

extension FleetReport {
  /// The report as an OwnTracks location message, or nil without a fix (OwnTracks has no
  /// message for "somewhere").
  ///
  /// OwnTracks' `_type: location` (owntracks.org/booklet/tech/json): `lat`, `lon` (degrees,
  /// 6 decimals), `tst` (UNIX seconds of ``time``), `tid` (``trackerId(for:)``), `vel`
  /// (km/h, whole), `cog` (degrees, whole), `alt` (metres, whole), `acc` (metres, whole),
  /// `t: "t"` (sent on a timer). Unlike the JSON shape it carries the current values in
  /// full, not only what changed, because a recorder shows each message on its own. Keys
  /// sorted; what is not known is left out (the unit runs on the car's power and knows no
  /// battery level, so `batt` is never sent).
  public var ownTracksObject: JSONValue? {
    guard let location = values.location else { return nil }
    var members: [(String, JSONValue)] = [
      ("_type", "location"),
      ("lat", .number((location.latitude * 1e6).rounded() / 1e6)),
      ("lon", .number((location.longitude * 1e6).rounded() / 1e6)),
      ("tst", .number(time.timeIntervalSince1970.rounded(.down))),
      ("tid", .string(Self.trackerId(for: vehicleId))),
      ("t", "t"),
    ]
    if let altitude = values.altitude { members.append(("alt", .number(altitude.rounded()))) }
    if let accuracy = values.accuracy { members.append(("acc", .number(accuracy.rounded()))) }
    if let speed = values.speed { members.append(("vel", .number((speed * 3.6).rounded()))) }
    if let heading = values.heading {
      members.append(("cog", .number(heading.rounded().truncatingRemainder(dividingBy: 360))))
    }
    return JSONValue.object(members).sortingKeys()
  }

  /// ``ownTracksObject`` as compact JSON text.
  public var ownTracks: Data? { ownTracksObject.map { Data($0.serialized.utf8) } }

  /// OwnTracks' two-character tracker id, as its apps make one from a device name: the
  /// last two letters or digits of `vehicleId` (`van-7` → `n7`), or the id itself when it
  /// has fewer.
  public static func trackerId(for vehicleId: String) -> String {
    let alphanumerics = vehicleId.filter { $0.isLetter || $0.isNumber }
    return String((alphanumerics.isEmpty ? vehicleId : alphanumerics).suffix(2))
  }
}

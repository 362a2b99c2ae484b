import Navigation
import Routing

extension SpeedLimits {
  /// Countries whose signs are in miles per hour.
  static let mphCountries: Set<String> = ["GB", "US"]

  /// The limit a way's tags state for one direction, as signed: the number and its unit
  /// (`30 mph` stays 30 mph), a zone (`DE:urban`, `GB:nsl_single`) read in its country's
  /// unit; nil when the tags state none a car can use (`none`, `signals`, `walk`, garbage).
  public func sign(tags: [String: String], roadClass: RoadClass, forward: Bool) -> SpeedLimit? {
    for key in [forward ? "maxspeed:forward" : "maxspeed:backward", "maxspeed"] {
      guard let value = tags[key] else { continue }
      let text = Self.firstValue(value)
      if text == "none" || text == "walk" { return nil }
      guard let kmh = parse(value, roadClass: roadClass) else { continue }
      if text.contains(":") { return zoneSign(text, kmh: kmh) }
      if text.hasSuffix("mph") {
        return SpeedLimit(
          value: Int((kmh / 1.609_344).rounded()), unit: .milesPerHour, source: .tagged)
      }
      return SpeedLimit(value: Int(kmh.rounded()), unit: .kilometresPerHour, source: .tagged)
    }
    for key in Self.zoneKeys {
      guard let value = tags[key], value.contains(":") else { continue }
      let text = Self.firstValue(value)
      if let kmh = zone(text) { return zoneSign(text, kmh: kmh) }
    }
    return nil
  }

  /// The country's implicit limit for a class, as its signs would state it.
  public func implicitSign(for roadClass: RoadClass, urban: Bool) -> SpeedLimit {
    let kmh = defaultLimit(for: roadClass, urban: urban)
    let source: SpeedLimit.Source = urban ? .implicitUrban : .implicitRural
    if Self.mphCountries.contains(country) {
      return SpeedLimit(
        value: Int((kmh / 1.609_344).rounded()), unit: .milesPerHour, source: source)
    }
    return SpeedLimit(value: Int(kmh.rounded()), unit: .kilometresPerHour, source: source)
  }

  private func zoneSign(_ text: String, kmh: Double) -> SpeedLimit {
    let prefix = Self.splitZone(text).prefix?.uppercased() ?? country
    if Self.mphCountries.contains(prefix) {
      return SpeedLimit(value: Int((kmh / 1.609_344).rounded()), unit: .milesPerHour, source: .zone)
    }
    return SpeedLimit(value: Int(kmh.rounded()), unit: .kilometresPerHour, source: .zone)
  }
}

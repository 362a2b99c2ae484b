import Foundation

extension ScreenText {
  /// The time of day of `date` in `timeZone`: "08:05", "15:45", or with the 12-hour clock
  /// "8:05 AM", "3:45 PM" (12:xx is PM at noon, AM at midnight).
  public func clock(_ date: Date, _ timeZone: TimeZone) -> String {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = timeZone
    let c = calendar.dateComponents([.hour, .minute], from: date)
    let hour = c.hour ?? 0
    let minute = String(format: "%02d", c.minute ?? 0)
    guard clockStyle == .twelveHour, let twelve = catalog.twelveHourClock else {
      return String(format: "%02d:", hour) + minute
    }
    let shown = hour % 12 == 0 ? 12 : hour % 12
    return PhraseCatalog.fill(
      hour < 12 ? twelve.am : twelve.pm, ["hour": String(shown), "minute": minute])
  }

  /// A remaining time, rounded to the minute: "< 1 min", "4 min", "1 h 05 min";
  /// "4 Min.", "1 Std. 05 Min."; "4 мин", "1 ч 05 мин"; "4 分钟".
  public func duration(_ seconds: Double) -> String {
    let minutes = seconds.isFinite ? Int((max(0, seconds) / 60).rounded()) : 0
    if minutes < 1 { return text(.underAMinute) }
    if minutes < 60 { return text(.minutes, ["minutes": String(minutes)]) }
    return text(
      .hoursMinutes,
      ["hours": String(minutes / 60), "minutes": String(format: "%02d", minutes % 60)])
  }

  /// `metres` on screen in this language's units and decimal separator: "1.2 km",
  /// "1,2 km", "300 м", "1.2公里" (see `Phrasebook.displayDistance(_:)`).
  public func distance(_ metres: Double) -> String {
    Phrasebook(catalog: PhraseCatalog.catalog(for: language), units: units)
      .displayDistance(metres)
  }
}

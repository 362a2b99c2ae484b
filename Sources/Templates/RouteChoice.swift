/// One way to drive a trip, as the preview shows it (CarPlay's `CPRouteChoice`).
public struct RouteChoice: Hashable, Sendable {
  /// Distance, longest form first ("46 km").
  public var summaryVariants: [String]
  /// Driving time, longest form first ("1 h 7 min").
  public var selectionSummaryVariants: [String]
  /// A note such as "fastest" or "with traffic", longest first.
  public var additionalInformationVariants: [String]

  public init(
    summaryVariants: [String], selectionSummaryVariants: [String],
    additionalInformationVariants: [String] = []
  ) {
    self.summaryVariants = summaryVariants
    self.selectionSummaryVariants = selectionSummaryVariants
    self.additionalInformationVariants = additionalInformationVariants
  }
}

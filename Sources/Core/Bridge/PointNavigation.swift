/// A point a bridge app's driver pressed "Navigate" on, handed to the built-in app and
/// waiting for the driver's answer: its preview on the map, or (while guiding) the
/// question whether to see it.
public struct PointNavigation: Sendable, Equatable {
  /// The app whose point it is; it hears what becomes of it.
  public var client: BridgeClientID
  public var templateID: String
  public var pointID: String
  /// The place offered to the driver (the place the unit knows there, under the point's
  /// title).
  public var place: Place

  public init(client: BridgeClientID, templateID: String, pointID: String, place: Place) {
    self.client = client
    self.templateID = templateID
    self.pointID = pointID
    self.place = place
  }
}

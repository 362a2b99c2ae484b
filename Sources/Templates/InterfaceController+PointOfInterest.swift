extension InterfaceController {
  /// The driver chose `element` of a point-of-interest template: a point with a detail
  /// opens it (the knob then walks its buttons); every choice — the point, "Navigate", the
  /// app's button — is reported as `.selected`.
  mutating func choosePoint(_ element: String, in template: inout PointOfInterestTemplate) {
    if template.detailPoint == nil,
      let point = template.points.first(where: { $0.id == element }), point.hasDetail
    {
      template.detailPointID = point.id
      render(.template(template.id))
    }
    outbox.append(.selected(templateID: template.id, elementID: element))
  }

  /// Back on the top template: closes a point's detail shown there (on the top template or
  /// its selected tab) and puts the knob back on the point. False when no detail shows.
  mutating func closePointDetail() -> Bool {
    guard presented == nil, var top = stack.last, let point = Self.closeDetail(in: &top) else {
      return false
    }
    stack[stack.count - 1] = top
    render(.template(top.id))
    setFocus(point)
    return true
  }

  /// Closes the detail showing in `template` (or its selected tab); the point's id, nil
  /// when none showed.
  private static func closeDetail(in template: inout Template) -> String? {
    switch template {
    case .pointOfInterest(var poi):
      guard let point = poi.detailPoint?.id else { return nil }
      poi.detailPointID = nil
      template = .pointOfInterest(poi)
      return point
    case .tabBar(var bar) where bar.tabs.indices.contains(bar.selectedIndex):
      var tab = bar.tabs[bar.selectedIndex]
      guard let point = closeDetail(in: &tab) else { return nil }
      bar.tabs[bar.selectedIndex] = tab
      template = .tabBar(bar)
      return point
    default:
      return nil
    }
  }
}

import Foundation
import Navigation

extension InterfaceController {
  // MARK: Trip previews

  /// Shows trips to choose from on the map.
  mutating func showTripPreviews(_ preview: TripPreview) throws(TemplateError) {
    try withMap("preview trips") { (m) throws(TemplateError) in
      try preview.validate(mapID: m.id)
      var p = preview
      p.selectedTripIndex = min(max(0, p.selectedTripIndex), p.trips.count - 1)
      let choices = p.trips[p.selectedTripIndex].routeChoices.count
      p.selectedChoiceIndex = min(max(0, p.selectedChoiceIndex), choices - 1)
      m.tripPreview = p
    }
  }

  /// Hides the trip previews; with none shown, does nothing.
  mutating func hideTripPreviews() throws(TemplateError) {
    try withMap("hide trip previews") { m in m.tripPreview = nil }
  }

  /// The driver chose a preview element: a route choice selects it, start starts it.
  mutating func choosePreview(_ elementID: String) {
    guard var m = map, var preview = m.tripPreview else { return }
    if elementID == TripPreview.optionsElementID, preview.optionsButtonTitle != nil {
      outbox.append(.selected(templateID: m.id, elementID: elementID))
    } else if elementID == TripPreview.startElementID, let trip = preview.selectedTrip {
      m.tripPreview = nil
      stack[0] = .map(m)
      outbox.append(.tripStarted(tripID: trip.id, choiceIndex: preview.selectedChoiceIndex))
    } else if let (t, c) = preview.choice(forElement: elementID) {
      preview.selectedTripIndex = t
      preview.selectedChoiceIndex = c
      m.tripPreview = preview
      stack[0] = .map(m)
      outbox.append(.previewSelected(tripID: preview.trips[t].id, choiceIndex: c))
    }
    render(.template(m.id))
  }

  // MARK: Navigation alerts

  /// Shows `alert` over the map; fails when one is already visible.
  mutating func presentNavigationAlert(_ alert: NavigationAlert, at now: Date)
    throws(TemplateError)
  {
    try withMap("present navigation alert") { (m) throws(TemplateError) in
      if let shown = m.navigationAlert {
        throw TemplateError(
          code: .navigationAlertVisible, kind: .map, templateID: m.id,
          message: "cannot present navigation alert \"\(alert.id)\": navigation alert "
            + "\"\(shown.id)\" is visible, one at a time")
      }
      m.navigationAlert = alert
    }
    alertShownAt = now
    alertDeadline = nil
    if alert.duration > 0 {
      let due = now.addingTimeInterval(max(alert.duration, NavigationAlert.minimumDuration))
      alertDeadline = due
      outbox.append(.timer(.schedule(.navigationAlert(alert.id), at: due)))
    }
  }

  /// The app asks the alert to go. Returns true when the completion is due now; false
  /// when the alert must stay up to its minimum time (the completion comes when it goes).
  mutating func dismissNavigationAlert(_ request: RequestID, at now: Date)
    throws(TemplateError) -> Bool
  {
    guard let m = map else {
      throw TemplateError(
        code: .noMapTemplate, kind: .map, templateID: nil,
        message: "cannot dismiss navigation alert: the root is not a map template")
    }
    guard let alert = m.navigationAlert else { return true }
    let earliest = (alertShownAt ?? now).addingTimeInterval(NavigationAlert.minimumDuration)
    if now >= earliest {
      takeDownNavigationAlert(.systemDismissed)
      return true
    }
    pendingAlertDismissals.append(request)
    if alertDeadline.map({ earliest < $0 }) ?? true {
      alertDeadline = earliest
      outbox.append(.timer(.schedule(.navigationAlert(alert.id), at: earliest)))
    }
    return false
  }

  /// Takes the navigation alert down with `context`, cancelling its timer and completing
  /// every held-back dismissal.
  mutating func takeDownNavigationAlert(_ context: NavigationAlert.DismissalContext) {
    guard var m = map, let alert = m.navigationAlert else { return }
    m.navigationAlert = nil
    stack[0] = .map(m)
    if alertDeadline != nil { outbox.append(.timer(.cancel(.navigationAlert(alert.id)))) }
    alertShownAt = nil
    alertDeadline = nil
    outbox.append(.navigationAlertDismissed(alertID: alert.id, context))
    render(.template(m.id))
    for request in pendingAlertDismissals { outbox.append(.completion(request, .success(()))) }
    pendingAlertDismissals = []
  }

  /// The navigation alert's timer fired: it goes if it is due.
  mutating func navigationAlertTimer(_ id: String, at now: Date) {
    guard let alert = map?.navigationAlert, alert.id == id, let due = alertDeadline,
      now >= due
    else { return }
    alertDeadline = nil  // fired; nothing to cancel
    takeDownNavigationAlert(pendingAlertDismissals.isEmpty ? .timeout : .systemDismissed)
  }

  /// The driver chose one of the alert's actions: report it, and the alert goes.
  mutating func chooseNavigationAlertAction(_ actionID: String) {
    guard let alert = map?.navigationAlert else { return }
    outbox.append(.selected(templateID: alert.id, elementID: actionID))
    takeDownNavigationAlert(.userDismissed)
  }

  // MARK: Panning and camera

  /// Enters or leaves pan mode at the app's request.
  mutating func setPanning(_ on: Bool, at now: Date) throws(TemplateError) {
    try withMap(on ? "show panning interface" : "dismiss panning interface") { _ in }
    if on { startPanning(at: now) } else { stopPanning() }
  }

  /// Enters pan mode (the knob pans horizontally first) and starts the inactivity timer.
  mutating func startPanning(at now: Date) {
    guard var m = map, !m.isPanning else { return }
    m.isPanning = true
    stack[0] = .map(m)
    panAxis = .horizontal
    outbox.append(.panningChanged(true))
    render(.template(m.id))
    touchPanning(at: now)
  }

  /// Leaves pan mode.
  mutating func stopPanning() {
    guard var m = map, m.isPanning else { return }
    m.isPanning = false
    stack[0] = .map(m)
    endPanning()
    render(.template(m.id))
  }

  /// The bookkeeping of leaving pan mode, once `isPanning` is false.
  mutating func endPanning() {
    panDeadline = nil
    outbox.append(.timer(.cancel(.panTimeout)))
    outbox.append(.panningChanged(false))
  }

  /// Input in pan mode: the inactivity timer starts again.
  mutating func touchPanning(at now: Date) {
    let due = now.addingTimeInterval(configuration.panTimeout)
    panDeadline = due
    outbox.append(.timer(.schedule(.panTimeout, at: due)))
  }

  /// One pan step per detent or nudge.
  mutating func pan(_ direction: PanDirection, steps: Int, at now: Date) {
    guard var m = map, m.isPanning, steps > 0 else { return }
    let step = direction.offset(step: configuration.panStep)
    for _ in 0..<steps {
      m.viewport.offset = m.viewport.offset + step
      m.viewport.isFollowing = false
      outbox.append(.panned(direction, offset: step))
    }
    stack[0] = .map(m)
    outbox.append(.cameraChanged(m.viewport))
    render(.viewport)
    touchPanning(at: now)
  }

  /// The pan-mode timer fired: pan mode ends if no input came since it was set.
  mutating func panTimer(at now: Date) {
    guard isPanning, let due = panDeadline, now >= due else { return }
    panDeadline = nil
    guard var m = map else { return }
    m.isPanning = false
    stack[0] = .map(m)
    outbox.append(.panningChanged(false))
    render(.template(m.id))
  }

  /// Zooms the map by `levels`.
  mutating func zoom(by levels: Double) {
    guard var m = map else { return }
    let before = m.viewport
    m.viewport.zoom(by: levels)
    guard m.viewport != before else { return }
    stack[0] = .map(m)
    outbox.append(.cameraChanged(m.viewport))
    render(.viewport)
  }

  /// "My location": back to the vehicle at zoom 15.
  mutating func recentre() {
    guard var m = map else { return }
    m.viewport.recentre()
    stack[0] = .map(m)
    outbox.append(.cameraChanged(m.viewport))
    render(.viewport)
  }

  /// Voice guidance on or off; the map's mute button follows.
  mutating func toggleMute() {
    isMuted.toggle()
    outbox.append(.muteToggled(isMuted))
    if var m = map {
      m.showMuted(isMuted)
      stack[0] = .map(m)
      render(.template(m.id))
    }
  }
}

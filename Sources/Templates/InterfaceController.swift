import Foundation

/// The template host (CarPlay's `CPInterfaceController`), knob-first: owns the template
/// stack, the presented template, the knob's focus, pan mode and the driving limits, and
/// turns each `UIEvent` into `UIEffect`s.
///
/// A pure state machine: it never reads a clock (time comes in with each event; timers
/// go out as `.schedule` effects and come back as `.timer`), never blocks, and never
/// traps on a broken template rule — the request's completion carries a `TemplateError`
/// and the state stays as it was. Every request's completion is emitted exactly once.
/// Not thread-safe by itself: one owner calls `handle` (a value type; copy freely).
public struct InterfaceController: Equatable, Sendable {
  public let configuration: InterfaceConfiguration
  /// The templates pushed, root first.
  public internal(set) var stack: [Template] = []
  /// The alert or action sheet over everything, nil when none.
  public internal(set) var presented: Template?
  /// The element of `topTemplate` the knob has focused; nil when none (on the map, nil
  /// means the knob zooms).
  public internal(set) var focusedElementID: String?
  /// Voice guidance muted.
  public internal(set) var isMuted = false
  /// The driving limits are on (the vehicle is faster than `drivingSpeed`).
  public internal(set) var isDrivingLimited = false
  /// The axis the knob pans along in pan mode.
  public internal(set) var panAxis = PanAxis.horizontal

  /// The template the focus belongs to, to notice when the top changes.
  var focusOwnerID: String?
  /// Focus to restore when a template becomes the top again (template id → element id).
  var savedFocus: [String: String] = [:]
  /// Pan mode ends at this moment unless input comes.
  var panDeadline: Date?
  /// When the navigation alert appeared, and when it is due to go.
  var alertShownAt: Date?
  var alertDeadline: Date?
  /// Dismissal requests held back until the navigation alert's minimum time has passed.
  var pendingAlertDismissals: [RequestID] = []
  /// Effects of the event being handled.
  var outbox: [UIEffect] = []

  public init(configuration: InterfaceConfiguration = InterfaceConfiguration()) {
    self.configuration = configuration
  }

  /// The template on top: the presented one, else the last pushed.
  public var topTemplate: Template? { presented ?? stack.last }

  /// The map at the root, nil when the root is not a map.
  public var map: MapTemplate? {
    if case .map(let m) = stack.first { m } else { nil }
  }

  /// True when the root map is all there is on screen (nothing pushed or presented).
  public var mapIsTop: Bool { presented == nil && stack.count == 1 && map != nil }

  /// True while the map is in pan mode.
  public var isPanning: Bool { map?.isPanning ?? false }

  /// Handles one event at `now` and returns what to do, in order.
  public mutating func handle(_ event: UIEvent, at now: Date) -> [UIEffect] {
    outbox = []
    if let request = event.requestID {
      let result: Result<Bool, TemplateError>
      do throws(TemplateError) {
        result = .success(try perform(event, at: now))
      } catch {
        result = .failure(error)
      }
      fixFocus()
      switch result {
      case .success(true): outbox.append(.completion(request, .success(())))
      case .success(false): break  // held back; completed later, exactly once
      case .failure(let error): outbox.append(.completion(request, .failure(error)))
      }
    } else {
      switch event {
      case .encoder(let detents): turn(detents, at: now)
      case .press(let role, let long): press(role, long: long, at: now)
      case .nudge(let direction): nudge(direction, at: now)
      case .tap(let element): tap(element, at: now)
      case .drag(let offset): drag(offset, at: now)
      case .zoom(let levels): pinch(levels, at: now)
      case .itemHandled(let itemID): itemHandled(itemID)
      case .timer(let timer): timerFired(timer, at: now)
      case .vehicleSpeed(let speed):
        // Reported with every fix: the focus can only move when the limits change.
        guard vehicleSpeed(speed) else { return [] }
      default: break
      }
      fixFocus()
    }
    defer { outbox = [] }
    return outbox
  }

  /// Carries out an app request. Returns false when the completion is held back.
  private mutating func perform(_ event: UIEvent, at now: Date) throws(TemplateError) -> Bool {
    switch event {
    case .setRoot(_, let template): try setRoot(template)
    case .push(_, let template): try push(template)
    case .pop: try pop()
    case .popToRoot: try popToRoot()
    case .popTo(_, let id): try pop(to: id)
    case .present(_, let template): try present(template)
    case .dismiss: dismiss()
    case .update(_, let template): try update(template)
    case .setMapButtons(_, let buttons, let leading, let trailing):
      try setMapButtons(buttons, leading: leading, trailing: trailing)
    case .showTripPreviews(_, let preview): try showTripPreviews(preview)
    case .hideTripPreviews: try hideTripPreviews()
    case .presentNavigationAlert(_, let alert): try presentNavigationAlert(alert, at: now)
    case .dismissNavigationAlert(let id): return try dismissNavigationAlert(id, at: now)
    case .setPanning(_, let on): try setPanning(on, at: now)
    case .encoder, .press, .nudge, .tap, .drag, .zoom, .itemHandled, .timer, .vehicleSpeed: break
    }
    return true
  }

  /// Queues a redraw of `area` once per event.
  mutating func render(_ area: RenderArea) {
    if !outbox.contains(.render(area)) { outbox.append(.render(area)) }
  }

  /// Runs `body` on the root map; throws when the root is not a map.
  mutating func withMap<T>(
    _ verb: String, _ body: (inout MapTemplate) throws(TemplateError) -> T
  ) throws(TemplateError) -> T {
    guard case .map(var m) = stack.first else {
      throw TemplateError(
        code: .noMapTemplate, kind: .map, templateID: nil,
        message: "cannot \(verb): the root is not a map template")
    }
    let result = try body(&m)
    stack[0] = .map(m)
    render(.template(m.id))
    return result
  }
}

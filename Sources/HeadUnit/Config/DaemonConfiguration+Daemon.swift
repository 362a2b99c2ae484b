import Core
import Foundation

/// The settings under the names the daemon reads them by, each forwarding to its section;
/// spans of time in seconds where the consumer (`HeadUnitCore.Configuration`,
/// `BridgeSettings`) takes `TimeInterval`.
extension DaemonConfiguration {
  public var gpsdEnabled: Bool {
    get { gpsd.enabled }
    set { gpsd.enabled = newValue }
  }
  public var gpsdHost: String {
    get { gpsd.host }
    set { gpsd.host = newValue }
  }
  public var gpsdPort: Int {
    get { gpsd.port }
    set { gpsd.port = newValue }
  }

  public var framebuffer: String {
    get { display.framebuffer }
    set { display.framebuffer = newValue }
  }
  public var theme: String {
    get { display.theme }
    set { display.theme = newValue }
  }
  public var frameRate: Int {
    get { display.frameRate }
    set { display.frameRate = newValue }
  }

  public var audioEnabled: Bool {
    get { audio.enabled }
    set { audio.enabled = newValue }
  }
  public var audioDevice: String {
    get { audio.device }
    set { audio.device = newValue }
  }
  public var volume: Double {
    get { audio.volume }
    set { audio.volume = newValue }
  }
  public var muted: Bool {
    get { audio.muted }
    set { audio.muted = newValue }
  }
  public var earcon: Bool {
    get { audio.earcon }
    set { audio.earcon = newValue }
  }
  public var speechRate: Int? {
    get { audio.speechRate }
    set { audio.speechRate = newValue }
  }

  public var gracePeriod: TimeInterval {
    get { lifecycle.gracePeriod.secondsInFile }
    set { lifecycle.gracePeriod = .seconds(newValue) }
  }
  public var shutdownDelay: TimeInterval {
    get { lifecycle.shutdownDelay.secondsInFile }
    set { lifecycle.shutdownDelay = .seconds(newValue) }
  }
  public var shutdownCommand: [String]? {
    get { lifecycle.shutdownCommand }
    set { lifecycle.shutdownCommand = newValue }
  }
  public var heartbeatTimeout: TimeInterval {
    get { lifecycle.heartbeatTimeout.secondsInFile }
    set { lifecycle.heartbeatTimeout = .seconds(newValue) }
  }
  public var parkedScreenSeconds: TimeInterval {
    get { lifecycle.parkedScreen.secondsInFile }
    set { lifecycle.parkedScreen = .seconds(newValue) }
  }

  public var routingServer: RemoteRouter.Engine? {
    get { routing.server }
    set { routing.server = newValue }
  }
  public var routingURL: String? {
    get { routing.url }
    set { routing.url = newValue }
  }
  public var routingTimeout: TimeInterval {
    get { routing.timeout.secondsInFile }
    set { routing.timeout = .seconds(newValue) }
  }

  public var resumeWithin: TimeInterval {
    get { trip.resumeWithin.secondsInFile }
    set { trip.resumeWithin = .seconds(newValue) }
  }
  public var saveInterval: TimeInterval {
    get { trip.saveInterval.secondsInFile }
    set { trip.saveInterval = .seconds(newValue) }
  }

  public var bridgeEnabled: Bool {
    get { bridge.enabled }
    set { bridge.enabled = newValue }
  }
  public var bridgeSocket: String {
    get { bridge.socket }
    set { bridge.socket = newValue }
  }
  public var bridgeGroup: String? {
    get { bridge.group }
    set { bridge.group = newValue }
  }
  public var bridgeHeartbeat: TimeInterval {
    get { bridge.heartbeat.secondsInFile }
    set { bridge.heartbeat = .seconds(newValue) }
  }
  public var bridgeDisconnectDrains: Bool {
    get { bridge.disconnectDrains }
    set { bridge.disconnectDrains = newValue }
  }
  public var bridgeMaxQueuedMessages: Int {
    get { bridge.maxQueuedMessages }
    set { bridge.maxQueuedMessages = newValue }
  }
  public var bridgeMaxQueuedBytes: Int {
    get { bridge.maxQueuedBytes }
    set { bridge.maxQueuedBytes = newValue }
  }
}

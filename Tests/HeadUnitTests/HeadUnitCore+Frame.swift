import Core
import Foundation
import Rendering
import Templates

@testable import HeadUnit

extension HeadUnitCore {
  /// The screen at `now` as the daemon composes it, over the embedded map's roads.
  func frame(at now: Date, size: ScreenSize, theme: Theme) -> FrameComposer.Frame {
    var composer = FrameComposer(layers: FrameComposer.embeddedLayers)
    return composer.frame(of: self, at: now, size: size, theme: theme)
  }
}

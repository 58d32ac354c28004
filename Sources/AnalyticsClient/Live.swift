import ClockClient
import Foundation
import SettingsClient

// PLACEHOLDER — to be replaced by the JSON-lines analytics (issue 3).
extension Analytics {
  public static func jsonLines(directory: URL, settings: Settings, clock: WallClock) -> Analytics {
    fatalError("not implemented")
  }
}

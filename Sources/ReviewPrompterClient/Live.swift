import ClockClient
import Foundation

// PLACEHOLDER — to be replaced by the live review prompter (issue 3).
extension ReviewPrompter {
  public static func live(directory: URL, clock: WallClock) -> ReviewPrompter { fatalError("not implemented") }
}

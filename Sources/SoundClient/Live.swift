#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
import SettingsClient

extension Sound {
  /// The terminal bell, when the learner has sound on. BEL moves no cursor, so it is safe to write
  /// beside ncurses.
  public static func terminalBell(_ settings: Settings) -> Sound {
    Sound(chime: {
      guard settings.soundOn else { return }
      var bell: UInt8 = 7
      _ = write(STDOUT_FILENO, &bell, 1)
    })
  }
}

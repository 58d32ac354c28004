#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
import SettingsClient

extension Sound {
  /// The terminal bell, when the learner has sound on. BEL moves no cursor, so it is safe to write
  /// beside ncurses. (`bell` is what makes the sound; tests count it.)
  public static func live(_ settings: Settings, bell: @escaping @Sendable () -> Void = writeBell) -> Sound {
    Sound(ring: {
      guard settings.sound.isOn else { return }
      bell()
    })
  }

  /// Writes BEL to standard output.
  @Sendable public static func writeBell() {
    var bell: UInt8 = 7
    _ = write(STDOUT_FILENO, &bell, 1)
  }
}

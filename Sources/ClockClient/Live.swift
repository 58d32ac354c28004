import FileStorage
import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension WallClock {
  /// The system's clock.
  public static let live = WallClock(now: { Date() })
}

extension TimingLog {
  /// Appends one line per event to the file at `path` (created if missing), each in one write:
  ///
  ///     exec→first-frame 31.2 ms
  ///     key→frame 0.84 ms
  ///
  /// The first frame is timed from the process's start as the kernel records it
  /// (`/proc/self/stat`, in clock ticks: 10 ms on Linux, so the figure is up to 10 ms high), a key
  /// from the moment it was read; both on the clock that counts from boot. Failures are silent.
  /// Where there is no /proc, the first frame is timed from the moment the log was made.
  /// `files`: where the lines are appended.
  public static func live(_ path: String, files: FileClient) -> TimingLog {
    let log = TimingFile(path: path, files: files)
    return TimingLog(frameShown: { log.frameShown() }, keyRead: { log.keyRead() })
  }

  /// How long ago the process started, from /proc/self/stat's start time and the boot-time clock.
  static func sinceProcessStart() -> Duration? {
    #if os(Linux)
      let descriptor = open("/proc/self/stat", O_RDONLY | O_CLOEXEC)
      guard descriptor >= 0 else { return nil }
      defer { close(descriptor) }
      var bytes = [UInt8](repeating: 0, count: 1_024)
      let count = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      guard count > 0 else { return nil }
      let stat = String(decoding: bytes[..<count], as: UTF8.self)
      // The command's name, in parentheses, may hold spaces and parentheses: read from the last one.
      guard let end = stat.lastIndex(of: ")") else { return nil }
      // After the name: state (field 3) … starttime (field 22).
      let fields = stat[stat.index(after: end)...].split(separator: " ")
      guard fields.count > 19, let ticks = Int64(fields[19]) else { return nil }
      let ticksPerSecond = Int64(sysconf(Int32(_SC_CLK_TCK)))
      var now = timespec()
      guard ticksPerSecond > 0, clock_gettime(CLOCK_BOOTTIME, &now) == 0 else { return nil }
      let start = Duration.seconds(ticks / ticksPerSecond) + .milliseconds(ticks % ticksPerSecond * 1000 / ticksPerSecond)
      return .seconds(now.tv_sec) + .nanoseconds(now.tv_nsec) - start
    #else
      return nil
    #endif
  }

}

/// The live log's state: whether the first frame has been shown, and when the last key was read,
/// until its frame is.
private final class TimingFile: Sendable {
  let path: String
  let made = ContinuousClock.now
  private let state = Mutex<(firstShown: Bool, keyRead: ContinuousClock.Instant?)>((false, nil))

  let files: FileClient

  init(path: String, files: FileClient) {
    self.path = path
    self.files = files
  }

  func frameShown() {
    let now = ContinuousClock.now
    let (first, key) = state.withLock { state in
      defer { state = (true, nil) }
      return (!state.firstShown, state.keyRead)
    }
    if first {
      record("exec→first-frame", TimingLog.sinceProcessStart() ?? now - made)
    } else if let key {
      record("key→frame", now - key)
    }
  }

  func keyRead() {
    let now = ContinuousClock.now
    state.withLock { $0.keyRead = now }
  }

  private func record(_ event: String, _ duration: Duration) {
    let milliseconds = Double(duration.components.seconds) * 1e3 + Double(duration.components.attoseconds) / 1e15
    _ = files.appendLine("\(event) \((milliseconds * 100).rounded() / 100) ms\n", path, false)
  }
}

import Foundation
import Synchronization
#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The process's environment (HOME, XDG_*, PATH, TERM, NO_COLOR, TZ, TZDIR), read once by the live Worlds'
/// factories and handed to the values that need it. HOME, when unset or empty, is the user's home
/// folder from the user database (as a login shell sets it), so that what reads it stays pure.
public enum ProcessEnvironment {
  public static var live: [String: String] {
    var environment = ProcessInfo.processInfo.environment
    if (environment["HOME"] ?? "").isEmpty, let home = userHome() { environment["HOME"] = home }
    return environment
  }

  /// The home folder the user database gives this process's user, if any.
  private static func userHome() -> String? {
    var entry = passwd()
    var found: UnsafeMutablePointer<passwd>?
    var buffer = [CChar](repeating: 0, count: 4096)
    guard getpwuid_r(getuid(), &entry, &buffer, buffer.count, &found) == 0, found != nil, let directory = entry.pw_dir
    else { return nil }
    let home = String(cString: directory)
    return home.isEmpty ? nil : home
  }
}

extension Console {
  /// The process's standard streams; `environment` is read for TERM and NO_COLOR.
  public static func live(environment: [String: String]) -> Console {
    let term = environment["TERM"] ?? ""
    return Console(
      write: { bytes in bytes.withUnsafeBytes { writeAll($0, to: STDOUT_FILENO) } },
      writeError: { text in Array(text.utf8).withUnsafeBytes { writeAll($0, to: STDERR_FILENO) } },
      readLine: { StandardInput.readLine() },
      isInteractive: { isatty(STDIN_FILENO) != 0 && isatty(STDOUT_FILENO) != 0 && !term.isEmpty && term != "dumb" },
      isTerminal: { stream in
        switch stream {
        case .input: isatty(STDIN_FILENO) != 0
        case .output: isatty(STDOUT_FILENO) != 0
        case .error: isatty(STDERR_FILENO) != 0
        }
      },
      noColour: !(environment["NO_COLOR"] ?? "").isEmpty,
      catchInterrupts: { Interrupts.install() },
      interrupted: { Interrupts.caught.load(ordering: .relaxed) > 0 })
  }

  private static func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) {
    var offset = 0
    while offset < bytes.count {
      let written = Glibc.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
      if written <= 0 {
        if written < 0 && errno == EINTR { continue }
        return  // a closed pipe (conjugar ... | head): nothing more to say
      }
      offset += written
    }
  }
}

/// Standard input read a line at a time with read(2), not stdio (whose getline goes on reading
/// when a signal interrupts it): Ctrl-C caught (``Interrupts``), no line waits, and one being read
/// when it came is given up, its read interrupted (no SA_RESTART).
private enum StandardInput {
  /// What was read past the last line given.
  static let pending = Mutex<[UInt8]>([])

  static func readLine() -> String? {
    pending.withLock { pending in
      var chunk = [UInt8](repeating: 0, count: 4096)
      while true {
        if let end = pending.firstIndex(of: UInt8(ascii: "\n")) {
          var line = Array(pending[..<end])
          pending.removeSubrange(...end)
          if line.last == UInt8(ascii: "\r") { line.removeLast() }
          return String(decoding: line, as: UTF8.self)
        }
        if Interrupts.caught.load(ordering: .relaxed) > 0 { return nil }
        let count = chunk.withUnsafeMutableBytes { Glibc.read(STDIN_FILENO, $0.baseAddress!, $0.count) }
        if count < 0 && errno == EINTR { continue }
        guard count > 0 else {
          // The end of input (or an error): the last line without its line break, if any.
          guard !pending.isEmpty else { return nil }
          defer { pending.removeAll() }
          return String(decoding: pending, as: UTF8.self)
        }
        pending += chunk[..<count]
      }
    }
  }
}

/// Ctrl-C while lines are read (``Console/catchInterrupts``): the handler counts it, which is all
/// it may safely do, and the reading thread's read of standard input, interrupted, ends; a second
/// ends the program. The signal may reach any thread (a background job's): one that is not the
/// reader's hands it on to the reader (`pthread_kill`, safe in a handler), whose read it must end.
private enum Interrupts {
  static let caught = Atomic<Int>(0)
  /// The thread that reads the lines: the one that caught interrupts.
  static let reader = Atomic<UInt>(0)

  static func install() {
    _ = caught.load(ordering: .relaxed)  // initialised here, never first in the handler
    reader.store(UInt(pthread_self()), ordering: .relaxed)
    var action = sigaction()
    action.__sigaction_handler.sa_handler = { number in
      let reader = pthread_t(Interrupts.reader.load(ordering: .relaxed))
      guard pthread_equal(pthread_self(), reader) != 0 else {
        pthread_kill(reader, number)
        return
      }
      if Interrupts.caught.add(1, ordering: .relaxed).newValue > 1 { _exit(130) }
    }
    sigemptyset(&action.sa_mask)
    action.sa_flags = 0  // no SA_RESTART: the wait for a line ends at once
    sigaction(SIGINT, &action, nil)
  }
}

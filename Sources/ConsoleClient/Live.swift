import Foundation
import Synchronization
#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The process's environment (HOME, XDG_*, PATH, TERM, NO_COLOR), read once by the live Worlds'
/// factories and handed to the values that need it.
public enum ProcessEnvironment {
  public static var live: [String: String] { ProcessInfo.processInfo.environment }
}

extension Console {
  /// The process's standard streams; `environment` is read for TERM and NO_COLOR.
  public static func live(environment: [String: String]) -> Console {
    let term = environment["TERM"] ?? ""
    return Console(
      write: { bytes in bytes.withUnsafeBytes { writeAll($0, to: STDOUT_FILENO) } },
      writeError: { text in Array(text.utf8).withUnsafeBytes { writeAll($0, to: STDERR_FILENO) } },
      // Ctrl-C caught: no line waits (a line being read when it came is cut short, its read
      // interrupted: Interrupts sets no SA_RESTART).
      readLine: { Interrupts.caught.load(ordering: .relaxed) > 0 ? nil : Swift.readLine() },
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

/// Ctrl-C while lines are read (``Console/catchInterrupts``): the handler counts it, which is all
/// it may safely do, and its read of standard input, interrupted, ends; a second ends the program.
private enum Interrupts {
  static let caught = Atomic<Int>(0)

  static func install() {
    _ = caught.load(ordering: .relaxed)  // initialised here, never first in the handler
    var action = sigaction()
    action.__sigaction_handler.sa_handler = { _ in
      if Interrupts.caught.add(1, ordering: .relaxed).newValue > 1 { _exit(130) }
    }
    sigemptyset(&action.sa_mask)
    action.sa_flags = 0  // no SA_RESTART: the wait for a line ends at once
    sigaction(SIGINT, &action, nil)
  }
}

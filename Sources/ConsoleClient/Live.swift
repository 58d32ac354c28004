import Foundation
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
      readLine: { Swift.readLine() },
      isInteractive: { isatty(STDIN_FILENO) != 0 && isatty(STDOUT_FILENO) != 0 && !term.isEmpty && term != "dumb" },
      isTerminal: { stream in
        switch stream {
        case .input: isatty(STDIN_FILENO) != 0
        case .output: isatty(STDOUT_FILENO) != 0
        case .error: isatty(STDERR_FILENO) != 0
        }
      },
      noColour: !(environment["NO_COLOR"] ?? "").isEmpty)
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

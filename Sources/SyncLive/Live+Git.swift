import ConjugarCore
import Foundation

extension Git {
  /// The git program: the first on PATH, else /usr/bin/git.
  public static var executable: String? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    let candidates = path.split(separator: ":").map { "\($0)/git" } + ["/usr/bin/git"]
    return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
  }

  /// The git program, a process of its own.
  public static let live: Runner = { arguments, folder in
    guard let executable = Self.executable else {
      return Outcome(status: 127, output: "git is not installed (Scripts/setup installs it: Debian package git)")
    }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = ["-C", folder.path] + arguments
    var environment = ProcessInfo.processInfo.environment
    environment["GIT_TERMINAL_PROMPT"] = "0"
    environment["LC_ALL"] = "C"
    process.environment = environment
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    process.standardInput = FileHandle.nullDevice
    do {
      try process.run()
    } catch {
      return Outcome(status: 127, output: "git could not be run: \(error.localizedDescription)")
    }
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Outcome(status: process.terminationStatus, output: String(decoding: data, as: UTF8.self))
  }
}

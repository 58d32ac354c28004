import ConjugarCore
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

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
    var environment = ProcessInfo.processInfo.environment
    environment["GIT_TERMINAL_PROMPT"] = "0"
    environment["LC_ALL"] = "C"
    return run(executable, ["-C", folder.path] + arguments, environment: environment)
  }

  /// Runs `executable` with `arguments` and `environment`, standard input from /dev/null, its
  /// output and errors read together to the end; its exit status (a signal's number if one ended it).
  private static func run(_ executable: String, _ arguments: [String], environment: [String: String]) -> Outcome {
    var ends: [Int32] = [0, 0]
    // Both ends closed on exec, so that no other program started meanwhile holds the pipe open.
    guard pipe(&ends) == 0, fcntl(ends[0], F_SETFD, FD_CLOEXEC) == 0, fcntl(ends[1], F_SETFD, FD_CLOEXEC) == 0 else {
      return Outcome(status: 127, output: "git could not be run: \(String(cString: strerror(errno)))")
    }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_adddup2(&actions, ends[1], 1)
    posix_spawn_file_actions_adddup2(&actions, ends[1], 2)
    let argv = ([executable] + arguments).map { strdup($0) } + [nil]
    let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer { for pointer in argv + envp { free(pointer) } }
    var pid = pid_t()
    // In a process group of its own, as Foundation's Process started it: the terminal's Ctrl-C and
    // Ctrl-Z are the trainer's, not git's mid-sync.
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    posix_spawnattr_setpgroup(&attributes, 0)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))
    let started = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
    close(ends[1])
    defer { close(ends[0]) }
    guard started == 0 else {
      return Outcome(status: 127, output: "git could not be run: \(String(cString: strerror(started)))")
    }
    var output: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
      let count = read(ends[0], &buffer, buffer.count)
      if count > 0 { output += buffer[..<count] } else if count == 0 || errno != EINTR { break }
    }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    // WIFEXITED / WEXITSTATUS / WTERMSIG, macros Swift does not import.
    let signal = status & 0x7F
    return Outcome(status: signal == 0 ? (status >> 8) & 0xFF : signal, output: String(decoding: output, as: UTF8.self))
  }
}

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
import BackgroundClient
import FileStorage
import Foundation
import PlainText
import Synchronization

/// espeak-ng, the speech synthesizer the live value runs: a separate program (GPL-3), called and
/// never linked, and not shipped (NOTICE). Debian's package `espeak-ng`; `Scripts/setup` installs it.
public enum EspeakNG {
  public static let programName = "espeak-ng"

  /// A program and its arguments, run as they are: no shell between.
  public struct Command: Sendable, Equatable {
    /// The program's path.
    public var executable: String
    /// Its arguments, after the program's name.
    public var arguments: [String]
  }

  /// espeak-ng's path on `path` (a `PATH` value), or nil if it is on none of its folders.
  public static func find(onPath path: String?) -> String? {
    for folder in (path ?? "").split(separator: ":", omittingEmptySubsequences: true) {
      let candidate = folder.hasSuffix("/") ? "\(folder)\(programName)" : "\(folder)/\(programName)"
      var status = stat()
      guard stat(candidate, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { continue }
      if access(candidate, X_OK) == 0 { return candidate }
    }
    return nil
  }

  /// What says `text` in `voice` (or writes it to the WAV file `wav`): the voice, then the text
  /// as one argument after `--`, so that no text is taken for an option. A NUL, which no argument
  /// can hold, becomes a space.
  public static func command(_ program: String, say text: String, voice: Voice, wav: String? = nil) -> Command {
    let text = text.replacing(literal: "\0", with: " ")
    return Command(executable: program, arguments: ["-v", voice.rawValue] + (wav.map { ["-w", $0] } ?? []) + ["--", text])
  }

  /// What transcribes forms to IPA in `voice`: espeak-ng reads them on standard input, one a
  /// line, and (given no text and no `--stdin`) says each line separately: a line of IPA for each.
  /// `-q`: nothing is heard.
  public static func command(_ program: String, ipaIn voice: Voice) -> Command {
    Command(executable: program, arguments: ["-q", "--ipa", "-v", voice.rawValue])
  }

  /// The forms as espeak-ng's input: a form a line, any line break or NUL in one a space.
  public static func input(_ forms: [String]) -> [UInt8] {
    Array(forms.map { form in form.map { $0.isNewline || $0 == "\0" ? " " : String($0) }.joined() + "\n" }.joined().utf8)
  }

  /// Starts `command` with standard input and output on the descriptors given, else on
  /// /dev/null, and errors on /dev/null (nothing it says reaches the screen), no other descriptor
  /// of ours, in a process group of its own (the terminal's Ctrl-C and Ctrl-Z are the trainer's),
  /// every signal at its default; the process id, or nil if it could not be started.
  static func spawn(_ command: Command, input: Int32? = nil, output: Int32? = nil) -> pid_t? {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    if let input {
      posix_spawn_file_actions_adddup2(&actions, input, 0)
    } else {
      posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    }
    if let output {
      posix_spawn_file_actions_adddup2(&actions, output, 1)
    } else {
      posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    }
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    closeFrom(3, &actions)
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var none = sigset_t()
    sigemptyset(&none)
    var all = sigset_t()
    sigfillset(&all)
    posix_spawnattr_setsigmask(&attributes, &none)
    posix_spawnattr_setsigdefault(&attributes, &all)
    posix_spawnattr_setpgroup(&attributes, 0)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
    let argv = ([command.executable] + command.arguments).map { strdup($0) } + [nil]
    defer { for argument in argv { free(argument) } }
    var pid = pid_t()
    let status = posix_spawn(&pid, command.executable, &actions, &attributes, argv, environ)
    return status == 0 ? pid : nil
  }

  /// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34 and later), which Swift does not
  /// import: the program gets no descriptor of ours beyond the three above. (Ours are opened
  /// close-on-exec anyway; this is for any a library left open.)
  private static func closeFrom(_ first: Int32, _ actions: inout posix_spawn_file_actions_t) {
    #if canImport(Glibc)
      typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
      guard let symbol = closeFromSymbol else { return }
      _ = unsafeBitCast(symbol, to: CloseFrom.self)(&actions, first)
    #endif
  }

  #if canImport(Glibc)
    nonisolated(unsafe) private static let closeFromSymbol = dlsym(
      UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np")
  #endif

  /// Runs `command` to its end; its exit status, or nil if it could not be started or was killed.
  static func run(_ command: Command) -> Int32? {
    guard let pid = spawn(command) else { return nil }
    return wait(pid)
  }

  /// Waits for `pid` to end; its exit status, or nil if it was killed.
  private static func wait(_ pid: pid_t) -> Int32? {
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 {
      guard errno == EINTR else { return nil }
    }
    // WIFEXITED / WEXITSTATUS, which Swift does not import.
    return status & 0x7f == 0 ? (status >> 8) & 0xff : nil
  }
}

extension EspeakNG {
  /// Runs `command` with `input` on its standard input (written by a job of its own in
  /// `background`, so that neither side waits on a full pipe); its standard output and exit status
  /// (nil: not started, or killed).
  static func run(_ command: Command, input: [UInt8], background: Background) -> (output: [UInt8], status: Int32?) {
    var toChild: [Int32] = [-1, -1]
    var fromChild: [Int32] = [-1, -1]
    guard pipe(&toChild) == 0 else { return ([], nil) }
    guard pipe(&fromChild) == 0 else {
      toChild.forEach { _ = close($0) }
      return ([], nil)
    }
    for descriptor in toChild + fromChild { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
    let pid = spawn(command, input: toChild[0], output: fromChild[1])
    close(toChild[0])
    close(fromChild[1])
    let writing = toChild[1]
    let written = DispatchSemaphore(value: 0)
    if pid != nil {
      background.run("espeak-ng input") {
        // A program that stops reading makes write fail (EPIPE) instead of killing us by SIGPIPE:
        // the signal is blocked on this thread alone, which ends here.
        var pipeSignal = sigset_t()
        sigemptyset(&pipeSignal)
        sigaddset(&pipeSignal, SIGPIPE)
        pthread_sigmask(SIG_BLOCK, &pipeSignal, nil)
        input.withUnsafeBytes { bytes in
          var offset = 0
          while offset < bytes.count {
            let count = write(writing, bytes.baseAddress! + offset, bytes.count - offset)
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { break }
            offset += count
          }
        }
        close(writing)
        written.signal()
      }
    } else {
      close(writing)
      written.signal()
    }
    var output: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65_536)
    while true {
      let count = buffer.withUnsafeMutableBytes { read(fromChild[0], $0.baseAddress!, $0.count) }
      if count < 0 && errno == EINTR { continue }
      if count <= 0 { break }
      output += buffer[0..<count]
    }
    close(fromChild[0])
    written.wait()
    return (output, pid.flatMap(wait))
  }

  /// The IPA of each form in `voice`, by espeak-ng at `program`: one process for all of them.
  static func transcribe(
    _ forms: [String], voice: Voice, program: String, background: Background
  ) throws(Speech.Failure) -> [String] {
    guard !forms.isEmpty else { return [] }
    let (output, status) = run(command(program, ipaIn: voice), input: input(forms), background: background)
    guard status == 0 else { throw .failed(status: status) }
    var lines = String(decoding: output, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
    if lines.last == "" { lines.removeLast() }
    guard lines.count == forms.count else { throw .misaligned(forms: forms.count, lines: lines.count) }
    return lines.map { $0.trimmingSpaces() }
  }
}

/// Plays one utterance at a time: a new one kills the one still playing. Killing and starting
/// happen on a queue of the player's own, in the order asked, and the process that plays is
/// reaped by a job of its own in `background`, so `play` returns at once: the trainer's frame
/// never waits.
final class Player: Sendable {
  /// The process playing, until it has ended. A process is killed only while it is here, and
  /// leaves it before it is reaped, so a kill never reaches a process id used again.
  private let playing = Mutex<pid_t?>(nil)
  private let queue = DispatchQueue(label: "conjugar.speech")
  private let background: Background

  init(background: Background) { self.background = background }

  func play(_ command: EspeakNG.Command) {
    queue.async { self.start(command) }
  }

  private func start(_ command: EspeakNG.Command) {
    let started: pid_t? = playing.withLock { playing in
      if let previous = playing { kill(previous, SIGKILL) }
      playing = EspeakNG.spawn(command)
      return playing
    }
    guard let pid = started else { return }
    background.run("espeak-ng reaper") { [self] in
      // Waits for the end without reaping, forgets the process, then reaps it.
      var info = siginfo_t()
      while waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) < 0 && errno == EINTR {}
      playing.withLock { if $0 == pid { $0 = nil } }
      var status: Int32 = 0
      while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    }
  }
}

extension Speech {
  /// espeak-ng, found on `PATH` the first time it is asked for (not found: unavailable, and
  /// nothing is said). `files`: where a WAV file written is looked at; `background`: where the jobs
  /// that feed espeak-ng and reap it run.
  public static func live(
    environment: [String: String] = ProcessInfo.processInfo.environment, files: FileClient = .live,
    background: Background = .live
  ) -> Speech {
    let path = environment["PATH"]
    let program = Mutex<String??>(nil)
    let find: @Sendable () -> String? = {
      program.withLock { found in
        if found == nil { found = .some(EspeakNG.find(onPath: path)) }
        return found!
      }
    }
    let player = Player(background: background)
    return Speech(
      isAvailable: { find() != nil },
      say: { text, voice in
        guard let executable = find() else { return }
        player.play(EspeakNG.command(executable, say: text, voice: voice))
      },
      ipa: { forms, voice throws(Failure) in
        guard let executable = find() else { throw .noEspeakNG }
        return try EspeakNG.transcribe(forms, voice: voice, program: executable, background: background)
      },
      sayToTheEnd: { text, voice, wav throws(Failure) in
        guard let program = find() else { throw .noEspeakNG }
        let status = EspeakNG.run(EspeakNG.command(program, say: text, voice: voice, wav: wav))
        guard status == 0 else { throw .failed(status: status) }
        // A WAV file is a 44-byte header and the sound after it.
        if let wav, files.entry(wav).map({ $0.kind != .file || $0.size <= 44 }) ?? true { throw .wavNotWritten(wav) }
      })
  }

  /// Whether espeak-ng is on the `PATH` of `environment`.
  public static func isEspeakOnPath(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
    EspeakNG.find(onPath: environment["PATH"]) != nil
  }
}

import Synchronization
import Unimplemented

extension Console {
  /// Every stream a failing double: a test states the console it uses.
  public static let failing = Console(
    write: { _ in unimplemented("Console.write") }, writeError: { _ in unimplemented("Console.writeError") },
    readLine: { unimplemented("Console.readLine") }, isInteractive: { unimplemented("Console.isInteractive") },
    isTerminal: { _ in unimplemented("Console.isTerminal") }, noColour: false,
    catchInterrupts: { unimplemented("Console.catchInterrupts") }, interrupted: { unimplemented("Console.interrupted") })

  /// Nothing read, everything written dropped; not a terminal.
  public static let noop = Console(
    write: { _ in }, writeError: { _ in }, readLine: { nil }, isInteractive: { false }, isTerminal: { _ in false },
    noColour: false)
}

/// A console in memory, for tests: standard input given as lines, standard output and error kept.
public final class RecordingConsole: Sendable {
  private struct State {
    var input: [String]
    var output: [UInt8] = []
    var error = ""
  }

  private let state: Mutex<State>
  private let interactive: Bool
  /// Ctrl-C pressed once the input is read, if its interrupts are caught.
  private let interruptedAtEnd: Bool
  private let catching = Atomic<Bool>(false)

  /// `interruptedAtEnd`: Ctrl-C pressed after the last line of `input` (what a caught interrupt
  /// does: the next read gives nil, and ``Console/interrupted`` says so).
  public init(input: [String] = [], interactive: Bool = false, interruptedAtEnd: Bool = false) {
    state = Mutex(State(input: input))
    self.interactive = interactive
    self.interruptedAtEnd = interruptedAtEnd
  }

  /// Whether interrupts were caught (``Console/catchInterrupts``).
  public var catchesInterrupts: Bool { catching.load(ordering: .relaxed) }

  /// What was written to standard output, as text.
  public var output: String { state.withLock { String(decoding: $0.output, as: UTF8.self) } }
  /// What was written to standard error.
  public var error: String { state.withLock { $0.error } }

  public var console: Console {
    Console(
      write: { bytes in self.state.withLock { $0.output += bytes } },
      writeError: { text in self.state.withLock { $0.error += text } },
      readLine: { self.state.withLock { $0.input.isEmpty ? nil : $0.input.removeFirst() } },
      isInteractive: { self.interactive }, isTerminal: { _ in self.interactive }, noColour: false,
      catchInterrupts: { self.catching.store(true, ordering: .relaxed) },
      interrupted: { self.interruptedAtEnd && self.catching.load(ordering: .relaxed) && self.state.withLock { $0.input.isEmpty } })
  }
}

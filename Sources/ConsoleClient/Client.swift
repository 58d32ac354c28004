/// The command line's standard streams: what a command prints, what it says is wrong, the lines it
/// reads (`practice --plain`, `history import -`), and whether a person sits at a terminal. The
/// full-screen trainer draws through `Terminal` instead.
public struct Console: Sendable {
  /// Writes UTF-8 bytes to standard output, whole (a closed pipe ends the writing silently).
  public var write: @Sendable (_ bytes: [UInt8]) -> Void
  /// Writes text to standard error.
  public var writeError: @Sendable (_ text: String) -> Void
  /// The next line of standard input, without its line break; nil at its end.
  public var readLine: @Sendable () -> String?
  /// Whether the full screen can be drawn: standard input and output are terminals and TERM names
  /// one that is not `dumb`.
  public var isInteractive: @Sendable () -> Bool
  /// Whether a stream is a terminal (colour on standard output, a progress bar on standard error).
  public var isTerminal: @Sendable (Stream) -> Bool
  /// NO_COLOR is set (and not empty): no colour, even on a terminal.
  public var noColour: Bool
  /// From now on, Ctrl-C (SIGINT) ends the wait for a line rather than the program: ``readLine``
  /// gives nil, as at the end of input, and ``interrupted`` says why (a second Ctrl-C ends the
  /// program, status 130, as if nothing caught it).
  public var catchInterrupts: @Sendable () -> Void
  /// Whether Ctrl-C was pressed since ``catchInterrupts``.
  public var interrupted: @Sendable () -> Bool

  public enum Stream: Sendable { case input, output, error }

  public init(
    write: @escaping @Sendable (_ bytes: [UInt8]) -> Void, writeError: @escaping @Sendable (_ text: String) -> Void,
    readLine: @escaping @Sendable () -> String?, isInteractive: @escaping @Sendable () -> Bool,
    isTerminal: @escaping @Sendable (Stream) -> Bool, noColour: Bool,
    catchInterrupts: @escaping @Sendable () -> Void = {}, interrupted: @escaping @Sendable () -> Bool = { false }
  ) {
    self.write = write
    self.writeError = writeError
    self.readLine = readLine
    self.isInteractive = isInteractive
    self.isTerminal = isTerminal
    self.noColour = noColour
    self.catchInterrupts = catchInterrupts
    self.interrupted = interrupted
  }

  /// Writes text to standard output.
  public func print(_ text: String) { write(Array(text.utf8)) }
}

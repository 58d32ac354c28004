#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
import CNcursesw
import Synchronization

/// Why the full screen cannot start.
public enum TerminalError: Error, Equatable, CustomStringConvertible {
  /// Standard input or output is a pipe or a file.
  case notATerminal
  /// TERM is unset, unknown to terminfo, or names a terminal without cursor addressing.
  case unusable(term: String)

  public var description: String {
    switch self {
    case .notATerminal: "standard input and output must be a terminal"
    case .unusable(let term) where term.isEmpty: "TERM is not set"
    case .unusable(let term): "the terminal \"\(term)\" (TERM) cannot show a full screen"
    }
  }
}

extension Terminal {
  /// The process's terminal, driven by ncursesw. Starting it takes the whole screen; `restore()`
  /// gives it back. It is also given back, whatever happens, when the process is interrupted
  /// (SIGINT becomes `Key.interrupt`), terminated or hung up (the terminal is restored and the
  /// process exits with 128 + the signal's number), stopped with Ctrl-Z (ncurses' own SIGTSTP
  /// handler restores the terminal, stops, and repaints on `fg`) or when it crashes.
  public static func live() throws(TerminalError) -> Terminal {
    guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else { throw .notATerminal }
    let term = getenv("TERM").map { String(cString: $0) } ?? ""
    // Without a UTF-8 locale ncursesw shows ñ as "M-CM-1". A terminal set to C or POSIX is
    // nearly always UTF-8 underneath, so take C.UTF-8 rather than mangle every accent.
    setlocale(LC_ALL, "")
    if String(cString: nl_langinfo(nl_item(CODESET))) != "UTF-8" { setlocale(LC_CTYPE, "C.UTF-8") }
    // newterm rather than initscr: initscr exits the process when TERM is unknown.
    guard !term.isEmpty, let output = fdopen(STDOUT_FILENO, "w"), let input = fdopen(STDIN_FILENO, "r"),
      newterm(nil, output, input) != nil
    else { throw .unusable(term: term) }
    // A terminal without cursor addressing ("dumb") cannot draw a screen.
    guard let move = tigetstr("cup"), Int(bitPattern: move) != -1 else {
      endwin()
      throw .unusable(term: term)
    }

    let window = cn_stdscr()
    // cbreak, not raw: Ctrl-C and Ctrl-Z still send their signals, handled below and by ncurses.
    cbreak()
    noecho()
    nonl()
    intrflush(window, false)
    keypad(window, true)
    // Esc arrives alone; the default one-second wait for an escape sequence makes Esc feel broken.
    set_escdelay(25)
    curs_set(0)

    // A terminal without an alternate screen (vt100) keeps what the app drew after it leaves.
    let alternate = tigetstr("rmcup").map { Int(bitPattern: $0) != -1 } ?? false
    let screen = LiveScreen(palette: Palette.start(), clearsOnRestore: !alternate)
    Signals.install()
    return Terminal(
      size: { Size(columns: Int(cn_cols()), rows: Int(cn_lines())) },
      draw: { frame in screen.draw(frame) },
      readKey: { timeout in screen.readKey(timeout) },
      restore: { screen.restore() })
  }
}

/// The state the live terminal keeps between calls: the frame on the screen, to send only changes.
private final class LiveScreen: Sendable {
  let palette: Palette
  private let shown = Mutex<(frame: Frame?, cursorVisible: Bool)>((nil, false))
  private let restored = Atomic<Bool>(false)
  /// Whether to clear the screen before giving it back: the terminal has no alternate screen to
  /// return from, so the app's last frame would stay under the shell's prompt.
  let clearsOnRestore: Bool

  init(palette: Palette, clearsOnRestore: Bool) {
    self.palette = palette
    self.clearsOnRestore = clearsOnRestore
  }

  func draw(_ frame: Frame) {
    shown.withLock { shown in
      let window = cn_stdscr()
      let previous = shown.frame?.size == frame.size ? shown.frame : nil
      if previous == nil { werase(window) }
      let columns = frame.size.columns
      for row in 0..<frame.size.rows {
        // The stretch of the row that changed, widened to whole wide characters.
        var first = 0
        var last = columns - 1
        if let previous {
          while first < columns, previous[row, first] == frame[row, first] { first += 1 }
          guard first < columns else { continue }
          while last > first, previous[row, last] == frame[row, last] { last -= 1 }
        }
        if first > 0, frame[row, first].isWideTail { first -= 1 }
        if last + 1 < columns, frame[row, last + 1].isWideTail { last += 1 }
        drawRuns(frame, row: row, from: first, through: last, window: window)
      }
      if let cursor = frame.cursor {
        if !shown.cursorVisible { curs_set(1) }
        wmove(window, Int32(cursor.row), Int32(cursor.column))
      } else if shown.cursorVisible {
        curs_set(0)
      }
      shown.cursorVisible = frame.cursor != nil
      wrefresh(window)
      shown.frame = frame
    }
  }

  /// Writes the cells of one row in runs of the same style: one ncurses call per run.
  private func drawRuns(_ frame: Frame, row: Int, from first: Int, through last: Int, window: UnsafeMutablePointer<WINDOW>?) {
    var x = first
    while x <= last {
      let style = frame[row, x].style
      let start = x
      var text: [wchar_t] = []
      while x <= last, frame[row, x].style == style {
        let cell = frame[row, x]
        if !cell.isWideTail { text += cell.character.unicodeScalars.map { wchar_t(bitPattern: $0.value) } }
        x += 1
      }
      let (attributes, pair) = palette[style]
      wattr_set(window, attributes, pair, nil)
      // At the bottom-right corner ncurses reports an error (the cursor cannot move on), but draws.
      _ = mvwaddnwstr(window, Int32(row), Int32(start), text, Int32(text.count))
    }
    wattr_set(window, cn_a_normal(), 0, nil)
  }

  func readKey(_ timeout: Duration?) -> Key? {
    let window = cn_stdscr()
    wtimeout(window, timeout.map { Int32(clamping: $0.components.seconds * 1000 + $0.components.attoseconds / 1_000_000_000_000_000) } ?? -1)
    var code: wint_t = 0
    let status = wget_wch(window, &code)
    switch Signals.take() {
    case SIGINT: return .interrupt
    case let signal where signal != 0:
      restore()
      exit(128 + signal)
    default: break
    }
    switch status {
    case OK: return Self.key(character: code)
    case KEY_CODE_YES:
      if code == KEY_RESIZE {
        // Repaint everything at the new size rather than trust what the terminal kept.
        shown.withLock { $0.frame = nil }
        clearok(window, true)
      }
      return Self.key(code: Int32(code))
    default: return nil
    }
  }

  func restore() {
    guard !restored.exchange(true, ordering: .relaxed) else { return }
    if clearsOnRestore {
      wclear(cn_stdscr())
      wrefresh(cn_stdscr())
    }
    curs_set(1)
    endwin()
    Signals.uninstall()
  }

  static func key(character code: wint_t) -> Key? {
    switch code {
    case 3: return .interrupt
    case 8, 127: return .backspace
    case 9: return .tab
    case 10, 13: return .enter
    case 27: return .escape
    case 1...26: return .control(Character(Unicode.Scalar(UInt8(code) + 96)))
    default: return Unicode.Scalar(UInt32(code)).map { .character(Character($0)) }
    }
  }

  static func key(code: Int32) -> Key? {
    switch code {
    case KEY_UP: .up
    case KEY_DOWN: .down
    case KEY_LEFT: .left
    case KEY_RIGHT: .right
    case KEY_PPAGE: .pageUp
    case KEY_NPAGE: .pageDown
    case KEY_HOME: .home
    case KEY_END: .end
    case KEY_ENTER: .enter
    case KEY_BACKSPACE: .backspace
    case KEY_DC: .delete
    case KEY_BTAB: .backTab
    case KEY_RESIZE: .resize
    case (KEY_F0 + 1)...(KEY_F0 + 63): .function(Int(code - KEY_F0))
    default: nil
    }
  }
}

/// Colours for each style, or plain attributes when the terminal has no colour or the learner
/// asked for none (NO_COLOR, https://no-color.org).
private struct Palette: Sendable {
  private var styles: [Style: (attr_t, Int16)] = [:]

  subscript(style: Style) -> (attr_t, Int16) { styles[style] ?? (cn_a_normal(), 0) }

  static func start() -> Palette {
    let bold = cn_a_bold(), underline = cn_a_underline(), reverse = cn_a_reverse()
    var palette = Palette()
    let noColor = getenv("NO_COLOR").map { $0.pointee != 0 } ?? false
    // Shared by both: the bars and the selection read well in reverse video everywhere.
    palette.styles = [
      .title: (reverse | bold, 0), .activeTab: (reverse | bold, 0), .heading: (bold, 0), .selected: (reverse, 0),
      .dim: (cn_a_dim(), 0), .field: (underline, 0),
    ]
    guard !noColor, has_colors(), start_color() == OK else {
      // The three kinds of change, told apart by their attributes.
      palette.styles[.irregular] = (bold | underline, 0)
      palette.styles[.stemChange] = (underline, 0)
      palette.styles[.spellingChange] = (bold, 0)
      palette.styles[.difference] = (bold | underline, 0)
      palette.styles[.correct] = (bold, 0)
      palette.styles[.almost] = (underline, 0)
      palette.styles[.wrong] = (bold, 0)
      palette.styles[.notice] = (reverse, 0)
      palette.styles[.level4] = (bold, 0)
      return palette
    }
    // -1: the terminal's own background, where it allows it.
    let background: Int16 = use_default_colors() == OK ? -1 : Int16(COLOR_BLACK)
    let pairs: [(Style, Int16, Int16, attr_t)] = [
      (.irregular, Int16(COLOR_RED), background, bold),
      (.stemChange, Int16(COLOR_MAGENTA), background, bold),
      (.spellingChange, Int16(COLOR_BLUE), background, bold),
      (.difference, Int16(COLOR_RED), background, bold | underline),
      (.correct, Int16(COLOR_GREEN), background, bold),
      (.almost, Int16(COLOR_YELLOW), background, bold),
      (.wrong, Int16(COLOR_RED), background, bold),
      (.notice, Int16(COLOR_BLACK), Int16(COLOR_YELLOW), cn_a_normal()),
      (.heading, Int16(COLOR_CYAN), background, bold),
      (.level1, Int16(COLOR_RED), background, cn_a_normal()),
      (.level2, Int16(COLOR_YELLOW), background, cn_a_normal()),
      (.level3, Int16(COLOR_GREEN), background, cn_a_normal()),
      (.level4, Int16(COLOR_GREEN), background, bold),
    ]
    for (number, (style, foreground, back, attributes)) in pairs.enumerated() {
      init_pair(Int16(number + 1), foreground, back)
      palette.styles[style] = (attributes, Int16(number + 1))
    }
    return palette
  }
}

/// The signal handlers that keep the terminal usable whatever ends the program.
private enum Signals {
  /// The last SIGINT, SIGTERM or SIGHUP received, 0 if none: set by the handler (which may do
  /// nothing else safely) and taken by `readKey`, which wakes within its timeout.
  static let pending = Atomic<Int32>(0)
  static let requests: [Int32] = [SIGINT, SIGTERM, SIGHUP]
  static let crashes: [Int32] = [SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE]
  /// The handlers the runtime had for crashes (Swift's backtracer), to hand the crash on to.
  nonisolated(unsafe) static var previous: [sigaction] = Array(repeating: .init(), count: 65)

  static func install() {
    _ = pending.load(ordering: .relaxed)  // initialised here, never first in a handler
    // No SA_RESTART: the signal interrupts the wait for a key, so readKey sees it at once.
    for number in requests {
      set(number) { Signals.pending.store($0, ordering: .relaxed) }
    }
    // A crash: give the terminal back first, then let the previous handler report it (Swift's
    // backtracer says where it happened), then end as the signal would have.
    for number in crashes {
      sigaction(number, nil, &previous[Int(number)])
      set(number) { number in
        endwin()
        var mask = sigset_t()
        sigemptyset(&mask)
        sigaddset(&mask, number)
        sigaction(number, &Signals.previous[Int(number)], nil)
        raise(number)
        sigprocmask(SIG_UNBLOCK, &mask, nil)  // the previous handler runs here
        signal(number, SIG_DFL)
        raise(number)
      }
    }
  }

  static func uninstall() {
    for number in requests { signal(number, SIG_DFL) }
    for number in crashes { sigaction(number, &previous[Int(number)], nil) }
  }

  static func take() -> Int32 { pending.exchange(0, ordering: .relaxed) }

  private static func set(_ number: Int32, _ handler: @convention(c) (Int32) -> Void) {
    var action = sigaction()
    action.__sigaction_handler.sa_handler = handler
    sigemptyset(&action.sa_mask)
    action.sa_flags = 0
    sigaction(number, &action, nil)
  }
}

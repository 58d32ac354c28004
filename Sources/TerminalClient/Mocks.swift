import Unimplemented
import Synchronization

/// A terminal in memory, for tests: it keeps the last frame drawn, answers `readKey` from a script
/// of keys and timeouts. When the script runs out it presses Ctrl-C, so that an
/// app loop under test always ends. A look without waiting (`readKey(.zero)`) finds only the keys
/// of a paste: the rest of the script is typed after the app has drawn.
public final class InMemoryTerminal: Sendable {
  private struct State {
    var size: Size
    /// nil: a wait that times out with no key.
    var keys: [Key?]
    /// How many of the first `keys` are already typed (a paste's): a look without waiting finds them.
    var typedAhead = 0
    var frame: Frame?
    var draws = 0
    var restored = false
  }

  private let state: Mutex<State>

  public init(columns: Int = 80, rows: Int = 24, keys: [Key] = []) {
    state = Mutex(State(size: Size(columns: columns, rows: rows), keys: keys.map(Optional.some)))
  }

  /// Adds keys to the script.
  public func press(_ keys: Key...) { state.withLock { $0.keys += keys.map(Optional.some) } }

  /// Adds one key per character of `text`.
  public func type(_ text: String) { state.withLock { $0.keys += text.map { .character($0) } } }

  /// Adds one key per character of `text`, all typed at once: the app finds them without waiting.
  /// (The keys before them in the script are typed first.)
  public func paste(_ text: String) {
    state.withLock {
      $0.typedAhead = $0.keys.count + text.count
      $0.keys += text.map { .character($0) }
    }
  }

  /// Adds a wait for a key that times out.
  public func timeOut() { state.withLock { $0.keys.append(nil) } }

  /// Changes the size and queues the resize key, as a window being resized does.
  public func resize(columns: Int, rows: Int) {
    state.withLock {
      $0.size = Size(columns: columns, rows: rows)
      $0.keys.append(.resize)
    }
  }

  /// The last frame drawn.
  public var frame: Frame? { state.withLock { $0.frame } }
  /// The last frame as text (see `Frame.text`).
  public var text: String { frame?.text ?? "" }
  public var draws: Int { state.withLock { $0.draws } }
  public var isRestored: Bool { state.withLock { $0.restored } }

  public var terminal: Terminal {
    Terminal(
      size: { self.state.withLock { $0.size } },
      draw: { frame in
        self.state.withLock {
          $0.frame = frame
          $0.draws += 1
        }
      },
      readKey: { timeout in
        self.state.withLock { state in
          if timeout == .zero, state.typedAhead == 0 { return nil }
          state.typedAhead = max(0, state.typedAhead - 1)
          return state.keys.isEmpty ? .interrupt : state.keys.removeFirst()
        }
      },
      restore: { self.state.withLock { $0.restored = true } })
  }
}

extension Terminal {
  /// Fails the test that starts a terminal without saying so.
  public static func failing() throws(TerminalError) -> Terminal { unimplemented("Terminal") }
}

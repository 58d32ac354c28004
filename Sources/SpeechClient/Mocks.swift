import FileStorage
import Synchronization
import Unimplemented

extension Speech {
  /// Says nothing, as if it had.
  public static let noop = Speech(isAvailable: { true }, say: { _, _ in })
  /// Speech that cannot be heard: what the trainer does without espeak-ng.
  public static let unavailable = Speech(isAvailable: { false }, say: { _, _ in })
  /// Fails the test that uses speech without saying so.
  public static let failing = Speech(
    isAvailable: { unimplemented("Speech.isAvailable") }, say: { _, _ in unimplemented("Speech.say") })

  /// The ui-test World's speech: each utterance appended to the file at `path` as a line
  /// `voice<TAB>text` (`es\tyo hablo`), so that UI tests see what would be said; nothing is heard.
  /// Available as the live value would be (`isAvailable`: espeak-ng on `PATH`), so that a test can
  /// run the trainer without it.
  public static func log(to path: String?, isAvailable: @escaping @Sendable () -> Bool) -> Speech {
    Speech(
      isAvailable: isAvailable,
      say: { text, voice in
        guard let path else { return }
        Files.appendLine(SpeechRecorder.line(text, voice) + "\n", to: path)
      })
  }
}

/// Keeps what was said, for tests.
public final class SpeechRecorder: Sendable {
  private let said = Mutex<[String]>([])
  private let available: Bool

  public init(isAvailable: Bool = true) { available = isAvailable }

  /// Each utterance as the speech log writes it: `es\tyo hablo`.
  public var lines: [String] { said.withLock { $0 } }

  public var speech: Speech {
    Speech(isAvailable: { self.available }, say: { text, voice in self.said.withLock { $0.append(Self.line(text, voice)) } })
  }

  /// `voice<TAB>text`, the text on one line.
  static func line(_ text: String, _ voice: Voice) -> String {
    let flat = text.map { $0 == "\t" || $0.isNewline ? " " : String($0) }.joined()
    return "\(voice.rawValue)\t\(flat)"
  }
}

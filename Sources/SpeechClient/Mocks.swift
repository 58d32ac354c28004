import FileStorage
import Synchronization
import Unimplemented

extension Speech {
  /// Says nothing, as if it had; transcribes each form as itself.
  public static let noop = Speech(
    isAvailable: { true }, say: { _, _ in }, ipa: { forms, _ in forms }, sayToTheEnd: { _, _, _ in })
  /// Speech that cannot be heard: what the trainer does without espeak-ng.
  public static let unavailable = Speech(
    isAvailable: { false }, say: { _, _ in }, ipa: { _, _ throws(Failure) in throw .noEspeakNG },
    sayToTheEnd: { _, _, _ throws(Failure) in throw .noEspeakNG })
  /// Fails the test that uses speech without saying so.
  public static let failing = Speech(
    isAvailable: { unimplemented("Speech.isAvailable") }, say: { _, _ in unimplemented("Speech.say") },
    ipa: { _, _ in unimplemented("Speech.ipa") }, sayToTheEnd: { _, _, _ in unimplemented("Speech.sayToTheEnd") })

  /// The ui-test World's speech: each utterance appended to the file at `path` as a line
  /// `voice<TAB>text` (`es\tyo hablo`), so that UI tests see what would be said; nothing is heard.
  /// Available as the live value would be (`isAvailable`: espeak-ng on `PATH`), so that a test can
  /// run the trainer without it; the IPA from `ipa` (the ui-test World's: espeak-ng on `PATH`, or
  /// the stand-in a UI test puts there).
  public static func log(
    to path: String?, files: FileClient = .live, isAvailable: @escaping @Sendable () -> Bool,
    ipa: @escaping @Sendable ([String], Voice) throws(Failure) -> [String] = { _, _ throws(Failure) in throw .noEspeakNG }
  ) -> Speech {
    let say: @Sendable (String, Voice) -> Void = { text, voice in
      guard let path else { return }
      _ = files.appendLine(SpeechRecorder.line(text, voice) + "\n", path, false)
    }
    return Speech(
      isAvailable: isAvailable, say: say, ipa: ipa,
      sayToTheEnd: { text, voice, _ throws(Failure) in
        guard isAvailable() else { throw .noEspeakNG }
        say(text, voice)
      })
  }
}

/// Keeps what was said, and what was asked to be transcribed, for tests.
public final class SpeechRecorder: Sendable {
  private let said = Mutex<[String]>([])
  private let transcribed = Mutex<[String]>([])
  private let available: Bool
  private let transcription: @Sendable (String, Voice) -> String

  /// `transcription`: the IPA it gives for a form in a voice.
  public init(isAvailable: Bool = true, transcription: @escaping @Sendable (String, Voice) -> String = { form, _ in form }) {
    available = isAvailable
    self.transcription = transcription
  }

  /// Each utterance as the speech log writes it: `es\tyo hablo` (one written to a WAV file:
  /// `es\tyo hablo\t> hablo.wav`).
  public var lines: [String] { said.withLock { $0 } }
  /// Each request for IPA: `es\t142 forms`.
  public var ipaRequests: [String] { transcribed.withLock { $0 } }

  public var speech: Speech {
    Speech(
      isAvailable: { self.available }, say: { text, voice in self.said.withLock { $0.append(Self.line(text, voice)) } },
      ipa: { forms, voice throws(Speech.Failure) in
        self.transcribed.withLock { $0.append("\(voice.rawValue)\t\(forms.count) forms") }
        guard self.available else { throw .noEspeakNG }
        return forms.map { self.transcription($0, voice) }
      },
      sayToTheEnd: { text, voice, wav throws(Speech.Failure) in
        guard self.available else { throw .noEspeakNG }
        self.said.withLock { $0.append(Self.line(text, voice) + (wav.map { "\t> \($0)" } ?? "")) }
      })
  }

  /// `voice<TAB>text`, the text on one line.
  static func line(_ text: String, _ voice: Voice) -> String {
    let flat = text.map { $0 == "\t" || $0.isNewline ? " " : String($0) }.joined()
    return "\(voice.rawValue)\t\(flat)"
  }
}

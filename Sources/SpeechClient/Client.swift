import SettingsClient

/// The pronunciation a form is said in, by region: Spain's distinción (*hice* [ˈiθe]) or Latin
/// America's seseo (*hice* [ˈise]). The raw value is espeak-ng's voice.
public enum Voice: String, Sendable, CaseIterable {
  case spain = "es"
  case latinAmerica = "es-419"

  public init(_ region: Region) { self = region == .spain ? .spain : .latinAmerica }
}

/// The trainer's voice: says a form, or a tense's forms, aloud.
public struct Speech: Sendable {
  /// Whether anything can be heard (live: espeak-ng is on `PATH`). Cheap after the first call.
  public var isAvailable: @Sendable () -> Bool
  /// Says `text` in `voice` and returns at once, never holding up a frame; a new utterance cancels
  /// the one still playing.
  public var say: @Sendable (_ text: String, _ voice: Voice) -> Void
  /// Each form's pronunciation in `voice`, in IPA: one string per form, in the same order
  /// (*hice*: `ˈiθe` in Spain, `ˈise` in Latin America). Waits for them: call it off the key path.
  public var ipa: @Sendable (_ forms: [String], _ voice: Voice) throws(Failure) -> [String]
  /// Says `text` in `voice`, or writes it to the WAV file `wav` (RIFF, 16-bit PCM) instead, and
  /// waits until it is done (`conjugar say`).
  public var sayToTheEnd: @Sendable (_ text: String, _ voice: Voice, _ wav: String?) throws(Failure) -> Void

  public init(
    isAvailable: @escaping @Sendable () -> Bool, say: @escaping @Sendable (String, Voice) -> Void,
    ipa: @escaping @Sendable ([String], Voice) throws(Failure) -> [String],
    sayToTheEnd: @escaping @Sendable (String, Voice, String?) throws(Failure) -> Void
  ) {
    self.isAvailable = isAvailable
    self.say = say
    self.ipa = ipa
    self.sayToTheEnd = sayToTheEnd
  }

  /// Why espeak-ng gave no answer: a WAV file not written, forms not transcribed.
  public enum Failure: Error, Equatable, CustomStringConvertible {
    case noEspeakNG
    case failed(status: Int32?)
    /// Its output did not have a line per form asked.
    case misaligned(forms: Int, lines: Int)
    /// It ended well but wrote no sound to the file asked for (espeak-ng exits 0 when it can't).
    case wavNotWritten(String)

    public var description: String {
      switch self {
      case .noEspeakNG: "espeak-ng is not installed (Scripts/setup installs it: Debian package espeak-ng)"
      case .failed(let status): "espeak-ng failed" + (status.map { " (exit status \($0))" } ?? "")
      case .misaligned(let forms, let lines): "espeak-ng gave \(lines) lines of IPA for \(forms) forms"
      case .wavNotWritten(let path): "espeak-ng wrote no sound to \(path)"
      }
    }
  }

  /// What the learner reads, once, when speech is asked for and cannot be heard.
  public static let missingMessage = missing("Speech")
  /// What the learner reads when `what` ("IPA") is asked for without espeak-ng.
  public static func missing(_ what: String) -> String {
    "\(what) needs espeak-ng, which Scripts/setup installs (Debian package espeak-ng)."
  }
  /// Why speech is not offered, where a screen would offer it.
  public static let unavailableReason = "needs espeak-ng"
}

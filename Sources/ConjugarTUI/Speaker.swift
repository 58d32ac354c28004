import ConjugarCore
import ConjugarEngine
import SettingsClient
import SpeechClient

/// The trainer's voice: says forms in the region's voice, and finds the verb screen's IPA (made
/// off the key path by ``Pronunciations``). Without espeak-ng it says nothing, and tells the
/// learner why once.
struct Speaker {
  /// Whether speech can be heard (espeak-ng is installed), asked once at the start.
  let isAvailable: Bool
  /// Whether the learner has been told that speech needs espeak-ng.
  private var missingSaid = false
  /// The verbs' IPA, made off the key path.
  private let pronunciations = Pronunciations()

  init(isAvailable: Bool) { self.isAvailable = isAvailable }

  /// Says `text` in `region`'s voice; without speech, the message to show, the first time.
  mutating func say(_ text: String, in region: Region) -> String? {
    guard isAvailable else {
      defer { missingSaid = true }
      return missingSaid ? nil : Speech.missingMessage
    }
    Current.speech.say(text, Voice(region))
    return nil
  }

  /// Whether `verb` shows its IPA in `region`'s voice and waits for it.
  func awaitsPronunciation(of verb: VerbTable?, in region: Region) -> Bool {
    guard let verb, verb.showsIPA, isAvailable else { return false }
    return verb.ipa(in: Voice(region)) == nil
  }

  /// `verb`'s IPA in `region`'s voice once made (asked once per verb and voice); nil while it is
  /// being made.
  func pronunciation(of verb: VerbTable, in region: Region) -> Result<Pronunciation, Speech.Failure>? {
    pronunciations.pronunciation(
      of: verb.paradigm, progressive: verb.progressive, voice: Voice(region), speech: Current.speech,
      background: Current.background)
  }
}

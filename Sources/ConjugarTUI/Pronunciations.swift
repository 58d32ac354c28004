import BackgroundClient
import ConjugarEngine
import Foundation
import SpeechClient
import Synchronization

/// The IPA of verbs' forms, asked of the speech client once per verb and voice, in the background
/// (espeak-ng takes some 100 ms for a verb's forms): the frame never waits for it, and shows it
/// once it is there.
final class Pronunciations: Sendable {
  private enum State: Sendable {
    case pending
    case done(Result<Pronunciation, Speech.Failure>)
  }

  private let states = Mutex<[String: State]>([:])

  /// The IPA of `paradigm`'s forms (and `progressive`'s) in `voice` if it has come; else nil, and
  /// it is asked of `speech` in `background` if it has not been yet (and returned if it has come
  /// by the time that returns).
  func pronunciation(
    of paradigm: Paradigm, progressive: Progressive?, voice: Voice, speech: Speech, background: Background
  ) -> Result<Pronunciation, Speech.Failure>? {
    let key = "\(voice.rawValue)\t\(paradigm.infinitive)"
    let state = states.withLock { states in
      let state = states[key]
      if state == nil { states[key] = .pending }
      return state
    }
    switch state {
    case .done(let result): return result
    case .pending: return nil
    case nil:
      background.run("pronunciation of \(paradigm.infinitive)") { [self] in
        let result = Result { () throws(Speech.Failure) in
          try Pronunciation([paradigm], progressive: { _ in progressive }) { forms throws(Speech.Failure) in
            try speech.ipa(forms, voice)
          }
        }
        states.withLock { $0[key] = .done(result) }
      }
      guard case .done(let result) = states.withLock({ $0[key] }) else { return nil }
      return result
    }
  }
}

/// How forms are said, in IPA: a transcription for each form (espeak-ng's, through the speech
/// client; the engine only keeps them). The outputs write a form's IPA wherever they write the
/// form, so each verb's IPA has the shape of its forms.
public struct Pronunciation: Sendable, Equatable {
  private var ipa: [String: String]

  /// `transcribe` is given the forms of `paradigms` (infinitive, gerundio and participio if selected, the cells
  /// of `selection`, the progressive's with `progressive`), each once, and gives their IPA in the
  /// same order: one call for them all.
  public init<Failure: Error>(
    _ paradigms: [Paradigm], selection: FormSelection = .all, progressive: (Paradigm) -> Progressive? = { _ in nil },
    transcribe: ([String]) throws(Failure) -> [String]
  ) throws(Failure) {
    var forms: [String] = []
    var seen: Set<String> = []
    for paradigm in paradigms {
      for form in Self.forms(of: paradigm, selection: selection, progressive: progressive(paradigm))
      where seen.insert(form).inserted {
        forms.append(form)
      }
    }
    let transcriptions = try transcribe(forms)
    ipa = Dictionary(uniqueKeysWithValues: zip(forms, transcriptions))
  }

  /// The IPA of `form` ("" for a form not transcribed).
  public subscript(form: String) -> String { ipa[form] ?? "" }

  /// The IPA of each of `forms`.
  public subscript(forms: [String]) -> [String] { forms.map { self[$0] } }

  /// Every form the outputs show for `paradigm`, in their order.
  static func forms(of paradigm: Paradigm, selection: FormSelection, progressive: Progressive?) -> [String] {
    var forms = [paradigm.infinitive] + (selection.nonFinite ? paradigm.gerundio + paradigm.participio : [])
    for tense in selection.tenses {
      for person in selection.persons { forms += paradigm[tense, person] }
    }
    if let progressive {
      for tense in Progressive.tenses where selection.tenses.contains(tense) {
        for person in selection.persons { forms += progressive[tense, person] }
      }
    }
    return forms
  }
}

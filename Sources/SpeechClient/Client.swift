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

  public init(isAvailable: @escaping @Sendable () -> Bool, say: @escaping @Sendable (String, Voice) -> Void) {
    self.isAvailable = isAvailable
    self.say = say
  }

  /// What the learner reads, once, when speech is asked for and cannot be heard.
  public static let missingMessage = "Speech needs espeak-ng, which Scripts/setup installs (Debian package espeak-ng)."
  /// Why speech is not offered, where a screen would offer it.
  public static let unavailableReason = "needs espeak-ng"
}

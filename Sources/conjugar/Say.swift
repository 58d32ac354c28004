import ArgumentParser
import ConjugarCore
import ConjugarOptions
import ConjugarWorlds
import Foundation
import SettingsClient
import SpeechClient

struct Say: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "say", abstract: "Say Spanish text aloud with espeak-ng, or write it to a WAV file.",
    discussion: """
      Needs espeak-ng, a separate program (GPL-3) that Scripts/setup installs (Debian package \
      espeak-ng); without it, says so and exits 1.
      """)

  @Argument(help: "What to say, such as \"yo hice\" (several arguments are said as one text).")
  var text: [String] = []

  @Option(help: Voice.help)
  var voice: Voice?

  @Option(help: ArgumentHelp("Write the speech to this WAV file (RIFF, 16-bit PCM) instead of playing it.", valueName: "file"))
  var wav: String?

  func validate() throws {
    if text.joined().allSatisfy(\.isWhitespace) { throw ValidationError("Give the text to say.") }
  }

  func run() throws {
    do {
      try Current.speech.sayToTheEnd(text.joined(separator: " "), Voice.chosen(voice), wav)
    } catch {
      throw CommandFailure("\(error)")
    }
  }
}

extension Voice: ExpressibleByArgument {
  static let help = ArgumentHelp(
    "es (Spain: hice [ˈiθe]) or es-419 (Latin America: hice [ˈise]); by default, the region's voice.",
    valueName: "voice")

  /// `voice` if given, else the region's: `region` if given, else the settings' (as the trainer
  /// reads them).
  static func chosen(_ voice: Voice?, region: Region? = nil) -> Voice {
    if let voice { return voice }
    if let region { return Voice(region) }
    return Voice(Current.settings.region)
  }
}

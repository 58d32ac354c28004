import ArgumentParser
import ConjugarCore
import SettingsClient

/// The options that pick and shape the World, parsed once, by argument-parser, as the root
/// command's option group: `conjugar [--world device|simulator|ui-test] [--timing-log PATH]
/// [--speech-log PATH] [--SETTING VALUE …]`. Each setting's option comes from its declaration
/// (`--region spain`, `--second-person vos`); those and the logs are for `--world ui-test` only.
public struct LaunchOptions: ParsableArguments, Sendable {
  @Option(
    help: ArgumentHelp(
      "The World to run in: device (everything live), simulator (no scores reported, no analytics, no prompts) or ui-test (settings from the options below, deterministic quizzes, nothing written). Default: device in a release build, simulator in a debug build.",
      valueName: "world", visibility: .hidden))
  public var world: World.Name?

  @Option(
    help: ArgumentHelp(
      "ui-test only: a file to append the trainer's timings to (exec to first frame, key to frame), for Scripts/bench.",
      visibility: .hidden))
  public var timingLog: String?

  @Option(
    help: ArgumentHelp(
      "ui-test only: a file to append what the trainer says to, a line `voice<TAB>text` per utterance, instead of saying it.",
      visibility: .hidden))
  public var speechLog: String?

  @Option(
    help: ArgumentHelp(
      "ui-test only: a history file (as `conjugar history export` writes it) to start with, so that forms are due for review.",
      visibility: .hidden))
  public var history: String?

  /// `--SETTING VALUE` pairs for the ui-test World, checked against the settings' declarations.
  @Argument(parsing: .allUnrecognized, help: .hidden)
  var settingArguments: [String] = []

  public init() {}

  /// The settings given, by key: `["region": "spain"]`.
  public private(set) var settings: [String: String] = [:]

  public mutating func validate() throws {
    do {
      settings = try Self.settings(settingArguments)
      // The unit tests' World and the commands' own are never asked for.
      if let world, [.unitTest, .commandLine].contains(world) {
        throw LaunchArgumentError.badValue("--world", world.rawValue, expected: "device, simulator or ui-test")
      }
      if world != .uiTest {
        if timingLog != nil { throw LaunchArgumentError.onlyForUITest("--timing-log") }
        if history != nil { throw LaunchArgumentError.onlyForUITest("--history") }
        if speechLog != nil { throw LaunchArgumentError.onlyForUITest("--speech-log") }
        if let first = settingArguments.first { throw LaunchArgumentError.onlyForUITest(first) }
      }
      if timingLog == "" { throw LaunchArgumentError.badValue("--timing-log", "", expected: "the path of a file") }
      if speechLog == "" { throw LaunchArgumentError.badValue("--speech-log", "", expected: "the path of a file") }
    } catch let error as LaunchArgumentError {
      throw ValidationError(error.description)
    }
  }

  /// `--region spain --difficulty=easy` as `["region": "spain", "difficulty": "easy"]`.
  static func settings(_ arguments: [String]) throws(LaunchArgumentError) -> [String: String] {
    let settings = Dictionary(uniqueKeysWithValues: SettingDeclarations.all.map { ("--" + $0.launchOption, $0) })
    var values: [String: String] = [:]
    var i = arguments.startIndex
    while i < arguments.endIndex {
      let argument = arguments[i]
      let (option, inline) = split(argument)
      guard let setting = settings[option] else { throw .unknown(argument) }
      let value: String
      if let inline {
        value = inline
      } else {
        i += 1
        guard i < arguments.endIndex else { throw .missingValue(option) }
        value = arguments[i]
      }
      guard setting.takes(value) else {
        throw .badValue(option, value, expected: setting.valuesDescription(separator: ", "))
      }
      values[setting.key] = value
      i += 1
    }
    return values
  }

  private static func split(_ argument: String) -> (String, String?) {
    guard let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
    return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
  }
}

extension World.Name: ExpressibleByArgument {}

public enum LaunchArgumentError: Error, Equatable, CustomStringConvertible {
  case missingValue(String)
  case badValue(String, String, expected: String)
  case unknown(String)
  case onlyForUITest(String)

  public var description: String {
    switch self {
    case .missingValue(let option): "\(option) needs a value"
    case .badValue(let option, let value, let expected): "\(option) \"\(value)\" is not valid; use \(expected)"
    case .unknown(let argument): "unknown argument \"\(argument)\""
    case .onlyForUITest(let option): "\(option) is an option of --world ui-test"
    }
  }
}

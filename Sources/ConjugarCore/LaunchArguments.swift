import SettingsClient

/// The launch arguments that pick and shape the World:
/// `conjugar [--world device|simulator|ui-test] [--region spain|latin-america]
///           [--difficulty easy|moderate|difficult] [--second-person tu|vos] [--timing-log PATH]`.
/// The ui-test options are only for `--world ui-test`.
public struct LaunchArguments: Sendable, Equatable {
  public var world: World.Name?
  public var uiTest: [String]

  public init(_ arguments: [String]) throws(LaunchArgumentError) {
    var world: World.Name?
    var rest: [String] = []
    var i = arguments.startIndex
    while i < arguments.endIndex {
      let argument = arguments[i]
      if argument == "--world" || argument.hasPrefix("--world=") {
        let value: String
        if argument == "--world" {
          i += 1
          guard i < arguments.endIndex else { throw .missingValue("--world") }
          value = arguments[i]
        } else {
          value = String(argument.dropFirst("--world=".count))
        }
        guard let name = World.Name(rawValue: value), name != .unitTest else {
          throw .badValue("--world", value, expected: "device, simulator or ui-test")
        }
        world = name
      } else {
        rest.append(argument)
      }
      i += 1
    }
    if world != .uiTest, let option = rest.first(where: { $0.hasPrefix("--") }) {
      throw .onlyForUITest(option)
    }
    self.world = world
    self.uiTest = rest
    if world == .uiTest { _ = try UITestOptions(rest) }
  }

  /// The World these arguments ask for; without `--world`, `.device` in a release build and
  /// `.simulator` in a debug build.
  public func makeWorld() throws(LaunchArgumentError) -> World {
    switch world {
    case .device: return .device()
    case .simulator: return .simulator()
    case .uiTest: return try .uiTest(launchArguments: uiTest)
    case .unitTest: return .unitTest()
    case nil:
      #if DEBUG
        return .simulator()
      #else
        return .device()
      #endif
    }
  }
}

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

/// The settings a UI test starts with, and where to log the trainer's timings (`--timing-log`).
struct UITestOptions {
  /// The quiz seed of the UI-test world: any fixed number makes the quizzes repeatable.
  static let seed: UInt64 = 2026
  var settings: [String: String] = [:]
  var timingLog: String?

  init(_ arguments: [String]) throws(LaunchArgumentError) {
    var i = arguments.startIndex
    while i < arguments.endIndex {
      let argument = arguments[i]
      let (option, inline) = Self.split(argument)
      let keys: [String: (key: String, values: [String])] = [
        "--region": ("region", Region.allCases.map(\.rawValue)),
        "--difficulty": ("difficulty", Difficulty.allCases.map(\.rawValue)),
        "--second-person": ("quiz-second-person", SecondPerson.allCases.map(\.rawValue)),
      ]
      guard option == "--timing-log" || keys[option] != nil else { throw .unknown(argument) }
      let value: String
      if let inline {
        value = inline
      } else {
        i += 1
        guard i < arguments.endIndex else { throw .missingValue(option) }
        value = arguments[i]
      }
      if let (key, values) = keys[option] {
        guard values.contains(value) else {
          throw .badValue(option, value, expected: values.joined(separator: ", "))
        }
        settings[key] = value
      } else {
        guard !value.isEmpty else { throw .badValue(option, value, expected: "the path of a file") }
        timingLog = value
      }
      i += 1
    }
  }

  private static func split(_ argument: String) -> (String, String?) {
    guard let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
    return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
  }
}

import SpacedRepetition

/// A value a setting takes: written in the settings file and on the command line as its raw
/// value, shown to the learner as its name. Most are one of a few (an enum: its cases are the
/// choices); a set the learner picks (``QuizTenses``) also says what its members are.
public protocol SettingValue: RawRepresentable<String>, Sendable, Equatable {
  var name: String { get }
  /// The values the settings screen steps through, in order.
  static var choices: [Self] { get }
  /// The same on `today`, for a value of dates (a break from tomorrow); ``choices`` otherwise.
  static func choices(from today: Day) -> [Self]
  /// What the file's header (separator " | ") and a bad launch option (", ") say the setting
  /// takes: its choices' raw values.
  static func valuesDescription(separator: String) -> String
  /// For a set the learner picks: what may be in it, as raw values and names; nil otherwise.
  static var members: [(rawValue: String, name: String)]? { get }
  /// For a set: the members it has, raw, with the other settings `settings` (the picker starts there).
  func members(with settings: SettingValues) -> [String]
  /// For a set: the value of these members (raw), nil if they are no value (none).
  static func picking(_ members: [String]) -> Self?
  /// Why `rawValue` is none of its values when there is more to say than what it takes (a tense
  /// named twice); nil otherwise.
  static func refusal(_ rawValue: String) -> String?
}

extension SettingValue {
  public static func valuesDescription(separator: String) -> String {
    choices.map(\.rawValue).joined(separator: separator)
  }
  public static func choices(from today: Day) -> [Self] { choices }
  public static var members: [(rawValue: String, name: String)]? { nil }
  public func members(with settings: SettingValues) -> [String] { [] }
  public static func picking(_ members: [String]) -> Self? { nil }
  public static func refusal(_ rawValue: String) -> String? { nil }
}

extension SettingValue where Self: CaseIterable {
  public static var choices: [Self] { Array(allCases) }
}

/// One setting: its key (in the file and on the command line), its default, its label and help on
/// the settings screen. The values it may take are its type's cases.
public struct Setting<Value: SettingValue>: Sendable {
  public let key: String
  public let defaultValue: Value
  public let label: String
  public let help: String
  /// The option of `--world ui-test` that sets it: `--second-person vos`.
  public let launchOption: String

  public init(_ key: String, default defaultValue: Value, label: String, help: String, launchOption: String? = nil) {
    self.key = key
    self.defaultValue = defaultValue
    self.label = label
    self.help = help
    self.launchOption = launchOption ?? key
  }
}

/// A setting whatever its type, for the code that treats them all alike: the store, the settings
/// screen, the launch options.
public protocol AnySetting: Sendable {
  var key: String { get }
  var label: String { get }
  var help: String { get }
  var launchOption: String { get }
  /// The values the settings screen steps through, as written in the file.
  var choices: [String] { get }
  /// The values the settings screen and plain mode offer on `today`, as written in the file.
  func choices(from today: Day) -> [String]
  /// Whether `rawValue` is one of its values.
  func takes(_ rawValue: String) -> Bool
  /// What it takes, for the file's header ("on | off") and a bad launch option ("on, off").
  func valuesDescription(separator: String) -> String
  var defaultRawValue: String { get }
  /// How the learner sees `rawValue`.
  func name(of rawValue: String) -> String
  /// For a set the learner picks (``SettingValue/members``): what may be in it; nil otherwise.
  var members: [(rawValue: String, name: String)]? { get }
  /// For a set: the members of `rawValue` (raw), read with the other `settings`.
  func members(of rawValue: String, with settings: SettingValues) -> [String]
  /// For a set: the raw value of these members, nil if they make no value (none).
  func rawValue(picking members: [String]) -> String?
  /// `rawValue` as the file writes it (`pretérito, futuro` is `preterito,futuro`); nil if it is
  /// none of its values.
  func written(_ rawValue: String) -> String?
  /// Why `rawValue` is none of its values, when there is more to say than what it takes.
  func refusal(of rawValue: String) -> String?
}

extension Setting: AnySetting {
  public var choices: [String] { Value.choices.map(\.rawValue) }
  public func choices(from today: Day) -> [String] { Value.choices(from: today).map(\.rawValue) }
  public func takes(_ rawValue: String) -> Bool { Value(rawValue: rawValue) != nil }
  public func valuesDescription(separator: String) -> String { Value.valuesDescription(separator: separator) }
  public var defaultRawValue: String { defaultValue.rawValue }
  public func name(of rawValue: String) -> String { (Value(rawValue: rawValue) ?? defaultValue).name }
  public var members: [(rawValue: String, name: String)]? { Value.members }
  public func members(of rawValue: String, with settings: SettingValues) -> [String] {
    (Value(rawValue: rawValue) ?? defaultValue).members(with: settings)
  }
  public func rawValue(picking members: [String]) -> String? { Value.picking(members)?.rawValue }
  public func written(_ rawValue: String) -> String? { Value(rawValue: rawValue)?.rawValue }
  public func refusal(of rawValue: String) -> String? { Value.refusal(rawValue) }

  /// The value in `values`, or the default.
  func value(in values: [String: String]) -> Value { values[key].flatMap(Value.init(rawValue:)) ?? defaultValue }
}

/// On or off.
public enum Switch: String, SettingValue, CaseIterable {
  case on, off
  public var name: String { rawValue }
  public var isOn: Bool { self == .on }
}

/// The learner's settings as they are at one moment: a value to draw from, so that no screen
/// reads a dependeffect while it draws. `values.region`, `values.sound`.
@dynamicMemberLookup
public struct SettingValues: Sendable, Equatable {
  /// Raw values by key; what is missing takes its default.
  public var raw: [String: String]

  public init(_ raw: [String: String] = [:]) { self.raw = raw }

  public subscript<Value>(dynamicMember keyPath: KeyPath<SettingDeclarations, Setting<Value>>) -> Value {
    get { SettingDeclarations.shared[keyPath: keyPath].value(in: raw) }
    set { raw[SettingDeclarations.shared[keyPath: keyPath].key] = newValue.rawValue }
  }

  /// The raw value of `setting`, its default if unset.
  public func rawValue(of setting: any AnySetting) -> String { raw[setting.key] ?? setting.defaultRawValue }
}

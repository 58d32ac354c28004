/// A value a setting takes: written in the settings file and on the command line as its raw
/// value, shown to the learner as its name.
public protocol SettingValue: RawRepresentable<String>, CaseIterable, Sendable, Equatable {
  var name: String { get }
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
  /// Every value, as written in the file.
  var allowedValues: [String] { get }
  var defaultRawValue: String { get }
  /// How the learner sees `rawValue`.
  func name(of rawValue: String) -> String
}

extension Setting: AnySetting {
  public var allowedValues: [String] { Value.allCases.map(\.rawValue) }
  public var defaultRawValue: String { defaultValue.rawValue }
  public func name(of rawValue: String) -> String { (Value(rawValue: rawValue) ?? defaultValue).name }

  /// The value in `values`, or the default.
  func value(in values: [String: String]) -> Value { values[key].flatMap(Value.init(rawValue:)) ?? defaultValue }
}

/// On or off.
public enum Switch: String, SettingValue {
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

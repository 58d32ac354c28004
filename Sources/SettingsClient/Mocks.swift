import Unimplemented

extension Settings {
  /// Fails the test that reads or changes a setting without saying so.
  public static var failing: Settings { Settings(store: FailingSettingsStore()) }
}

/// A store that fails when the settings are first read or saved.
struct FailingSettingsStore: SettingsStore {
  func load() -> (values: [String: String], notice: String?) { unimplemented("Settings (load)") }
  func save(_ values: [String: String]) throws { unimplemented("Settings (save)") }
}

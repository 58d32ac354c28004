import SettingsClient
import TerminalClient

extension App {
  /// What a tab shows: its own screen, or one opened over it until Esc — a verb's table over the
  /// verb list (with the tab it was opened from, where Esc goes back), the Practice screen over the
  /// quiz, the forms browser over Progress.
  enum Route {
    case own
    case verb(VerbTable, openedFrom: Tab?)
    case drillBuilder(DrillBuilder)
    case browser(FormBrowser)

    /// The screen opened; nil: the tab's own.
    var opened: (any Screen)? {
      switch self {
      case .own: nil
      case .verb(let verb, _): verb
      case .drillBuilder(let builder): builder
      case .browser(let browser): browser
      }
    }

    /// Gives `key` to the screen opened, which changes in place (none: nothing happens).
    mutating func handle(_ key: Key, in area: Area, settings: SettingValues) -> Action? {
      switch self {
      case .own:
        return nil
      case .verb(var verb, let from):
        defer { self = .verb(verb, openedFrom: from) }
        return verb.handle(key, in: area, settings: settings)
      case .drillBuilder(var builder):
        defer { self = .drillBuilder(builder) }
        return builder.handle(key, in: area, settings: settings)
      case .browser(var browser):
        defer { self = .browser(browser) }
        return browser.handle(key, in: area, settings: settings)
      }
    }
  }
}

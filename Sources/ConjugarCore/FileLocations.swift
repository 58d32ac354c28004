import Foundation

/// The places on disk the app reads and writes, from the XDG base directories, so that no test
/// touches a real home directory: a test World points them at a temporary folder.
public struct FileLocations: Sendable, Equatable {
  /// Settings: `$XDG_CONFIG_HOME/conjugar`, by default `~/.config/conjugar`.
  public var config: URL
  /// The score board: `$XDG_DATA_HOME/conjugar`, by default `~/.local/share/conjugar`.
  public var data: URL
  /// Analytics and the review prompter's memory: `$XDG_STATE_HOME/conjugar`, by default `~/.local/state/conjugar`.
  public var state: URL
  /// The learner's home, for paths shown as `~/…`; nil: paths are shown whole.
  public var home: URL?

  public init(config: URL, data: URL, state: URL, home: URL? = nil) {
    self.config = config
    self.data = data
    self.state = state
    self.home = home
  }

  /// `path` with the home folder shown as `~`.
  public func shown(_ path: String) -> String {
    guard let home = home?.path, path.hasPrefix(home + "/") else { return path }
    return "~" + path.dropFirst(home.count)
  }

  /// The locations the XDG specification gives for `environment` (the live one always has HOME:
  /// `ProcessEnvironment.live`); with no HOME, under the root folder.
  public static func xdg(_ environment: [String: String]) -> FileLocations {
    let home = URL(fileURLWithPath: environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? "/")
    func base(_ variable: String, _ fallback: String) -> URL {
      // The specification ignores relative paths.
      if let value = environment[variable], value.hasPrefix("/") { return URL(fileURLWithPath: value) }
      return home.appendingPathComponent(fallback)
    }
    return FileLocations(
      config: base("XDG_CONFIG_HOME", ".config").appendingPathComponent("conjugar"),
      data: base("XDG_DATA_HOME", ".local/share").appendingPathComponent("conjugar"),
      state: base("XDG_STATE_HOME", ".local/state").appendingPathComponent("conjugar"), home: home)
  }

  /// All three under one folder, for tests.
  public static func under(_ folder: URL) -> FileLocations {
    FileLocations(
      config: folder.appendingPathComponent("config"), data: folder.appendingPathComponent("data"),
      state: folder.appendingPathComponent("state"))
  }
}

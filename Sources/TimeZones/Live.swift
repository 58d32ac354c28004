#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where the system keeps its zones, as the C library finds them.
extension Zone {
  /// The learner's zone in `environment`, as the C library finds it: the `TZ` variable
  /// (``init(tz:database:)``, the database in `TZDIR` if set), else `/etc/localtime`, else UTC. The
  /// live Worlds read it once, as they are made (`World.timeZone`); the program reads it nowhere
  /// else (the benchmark, which makes no World for some of its measures, does).
  public static func local(_ environment: [String: String]) -> Zone {
    guard let variable = environment["TZ"] else { return loaded(from: "/etc/localtime") ?? .utc }
    return Zone(tz: variable, database: database(environment)) ?? .utc
  }

  /// What the trainer tells the learner when `environment`'s `TZ` names no zone this system has
  /// (a name not in its tz database, or no database), so that ``local(_:)`` counts days in UTC, as
  /// the C library does, silently; nil when it names one or is not set.
  public static func unknownTZNotice(_ environment: [String: String]) -> String? {
    guard let variable = environment["TZ"], Zone(tz: variable, database: database(environment)) == nil else { return nil }
    return "TZ \"\(variable)\": no such time zone here; days begin at midnight UTC."
  }

  /// The folder of the tz database: the `TZDIR` variable's, else `/usr/share/zoneinfo`.
  static func database(_ environment: [String: String]) -> String { environment["TZDIR"] ?? "/usr/share/zoneinfo" }

  /// The same from the process's environment.
  static var processDatabase: String { database(getenv("TZDIR").map { ["TZDIR": String(cString: $0)] } ?? [:]) }

  /// The zone a value of the `TZ` variable names, `:` before it or not: a name in the tz database
  /// in `database` (`Europe/Madrid`), a file's absolute path, a TZ string
  /// (`CET-1CEST,M3.5.0,M10.5.0/3`); empty, UTC. Nil if it names none.
  init?(tz value: String, database: String) {
    let name = value.hasPrefix(":") ? String(value.dropFirst()) : value
    if name.isEmpty {
      self = .utc
    } else if let zone = name.hasPrefix("/")
      ? Self.loaded(from: name) : Zone(identifier: name, database: database) ?? Zone(posix: name)
    {
      self = zone
    } else {
      return nil
    }
  }

  /// The zone of that name in the tz database (`Europe/Madrid`): the file of that path under
  /// `/usr/share/zoneinfo`, or the folder the process's `TZDIR` variable names. `UTC` and `GMT`
  /// are known without it.
  public init?(identifier: String) {
    self.init(identifier: identifier, database: Self.processDatabase)
  }

  /// The same, in the tz database in the folder `database`.
  init?(identifier: String, database folder: String) {
    let parts = identifier.split(separator: "/", omittingEmptySubsequences: false)
    guard !identifier.isEmpty, !identifier.hasPrefix("/"), !parts.contains("..") else { return nil }
    if let bytes = Self.contents(of: folder + "/" + identifier), let zone = Zone(identifier: identifier, tzif: bytes) {
      self = zone
    } else if identifier == "UTC" || identifier == "GMT" {
      self = Zone.utc
    } else {
      return nil
    }
  }

  /// The zone in the TZif file at `path` (a link followed), named by the path after `zoneinfo/` in
  /// it or in the link's target (`/etc/localtime` → `/usr/share/zoneinfo/Europe/Madrid`:
  /// `Europe/Madrid`), else by `path`.
  static func loaded(from path: String) -> Zone? {
    guard let bytes = contents(of: path) else { return nil }
    var target = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    let length = readlink(path, &target, target.count - 1)
    let named = length > 0 ? String(decoding: target.prefix(length).map(UInt8.init(bitPattern:)), as: UTF8.self) : path
    let identifier = named.firstRange(of: "zoneinfo/").map { String(named[$0.upperBound...]) } ?? path
    return Zone(identifier: identifier, tzif: bytes)
  }

  /// The bytes of the file at `path` (a TZif file is a few kilobytes); nil if it cannot be read.
  private static func contents(of path: String) -> [UInt8]? {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 16_384)
    while true {
      let count = read(descriptor, &buffer, buffer.count)
      guard count >= 0 else { return nil }
      if count == 0 { return bytes }
      bytes += buffer.prefix(count)
      guard bytes.count <= 1 << 20 else { return nil }
    }
  }
}

import ConjugarCore
import ConjugarOptions
import ConjugarWorlds
import BackgroundClient
import Foundation
import ScoreboardClient
import SettingsClient
import Synchronization
import Testing

/// The scenarios' factories, against a temporary home: no test touches the real one.
@Suite struct WorldTests {
  func temporaryHome() throws -> URL {
    let home = FileManager.default.temporaryDirectory.appendingPathComponent("conjugar-world-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
    return home
  }

  @Test func xdgLocationsFollowTheEnvironment() {
    let defaults = FileLocations.xdg(["HOME": "/home/ana"])
    #expect(defaults.config.path == "/home/ana/.config/conjugar")
    #expect(defaults.data.path == "/home/ana/.local/share/conjugar")
    #expect(defaults.state.path == "/home/ana/.local/state/conjugar")
    let custom = FileLocations.xdg([
      "HOME": "/home/ana", "XDG_CONFIG_HOME": "/cfg", "XDG_DATA_HOME": "/data", "XDG_STATE_HOME": "relative/ignored",
    ])
    #expect(custom.config.path == "/cfg/conjugar")
    #expect(custom.data.path == "/data/conjugar")
    #expect(custom.state.path == "/home/ana/.local/state/conjugar")
    // Pure: no HOME (the live environment always has one), no look-up of its own.
    #expect(FileLocations.xdg([:]).data.path == "/.local/share/conjugar")
    #expect(FileLocations.xdg(["HOME": "", "XDG_DATA_HOME": "/data"]).config.path == "/.config/conjugar")
  }

  @Test func aPathInTheHomeIsShownFromTilde() {
    let files = FileLocations.xdg(["HOME": "/home/ana"])
    #expect(files.shown("/home/ana/.local/share/conjugar/scores.sqlite") == "~/.local/share/conjugar/scores.sqlite")
    #expect(files.shown("/home/anabel/scores.sqlite") == "/home/anabel/scores.sqlite")
    #expect(FileLocations.under(URL(fileURLWithPath: "/tmp/t")).shown("/tmp/t/data/x") == "/tmp/t/data/x")
  }

  @Test func theDeviceWorldKeepsSettingsAndScoresOnDisk() throws {
    let home = try temporaryHome()
    defer { try? FileManager.default.removeItem(at: home) }
    let world = World.device(environment: ["HOME": home.path], background: .noop)
    #expect(world.name == .device)
    world.settings.region = .spain
    try world.scoreboard.answers.reportQuiz(
      ScoreRecord(score: 120, date: Date(timeIntervalSince1970: 1_800_000_000), difficulty: .easy, region: .spain,
        seconds: 42), [])

    let again = World.device(environment: ["HOME": home.path], background: .noop)
    #expect(again.settings.region == .spain)
    #expect(try again.scoreboard.answers.bestScores(10).map(\.score) == [120])
    #expect(FileManager.default.fileExists(atPath: home.path + "/.config/conjugar/settings.conf"))
    #expect(FileManager.default.fileExists(atPath: home.path + "/.local/share/conjugar/scores.sqlite"))
    #expect(again.notices.isEmpty)
  }

  /// The trainer's first frame lists every verb: the World starts parsing the catalog on its
  /// background before it opens anything, and the first jobs after it (the check, the backup) wait.
  @Test func theDeviceWorldParsesTheCatalogOnItsBackgroundFirst() throws {
    let home = try temporaryHome()
    defer { try? FileManager.default.removeItem(at: home) }
    let started = Mutex<[(name: String, delay: Duration)]>([])
    let background = Background { name, delay, _ in started.withLock { $0.append((name, delay)) } }
    _ = World.device(environment: ["HOME": home.path], background: background)
    let jobs = started.withLock { $0 }
    #expect(jobs.first?.name == "catalog")
    #expect(jobs.first?.delay == .zero)
    #expect(jobs.dropFirst().allSatisfy { $0.delay > .zero }, "\(jobs)")
  }

  /// The commands' World reads the device's files and history, and says what it is: not the device's.
  @Test func theCommandLineWorldReadsTheDevicesHistoryAndSaysItsOwnName() throws {
    let home = try temporaryHome()
    defer { try? FileManager.default.removeItem(at: home) }
    try World.device(environment: ["HOME": home.path], background: .noop).scoreboard.answers.reportQuiz(
      ScoreRecord(score: 90, date: Date(timeIntervalSince1970: 1_800_000_000), difficulty: .easy, region: .spain, seconds: 9), [])
    let world = World.commandLine(environment: ["HOME": home.path])
    #expect(world.name == .commandLine)
    #expect(try world.scoreboard.answers.bestScores(10).map(\.score) == [90])
  }

  /// Each World's time zone: a live one's from its environment's `TZ`, a unit test's UTC whatever
  /// the machine's.
  @Test func theTimeZoneIsTheEnvironmentsOrUTCInAUnitTest() throws {
    let home = try temporaryHome()
    defer { try? FileManager.default.removeItem(at: home) }
    let environment = ["HOME": home.path, "TZ": "Asia/Kathmandu"]
    #expect(World.commandLine(environment: environment).timeZone.identifier == "Asia/Kathmandu")
    #expect(World.device(environment: environment, background: .noop).timeZone.identifier == "Asia/Kathmandu")
    #expect(World.unitTest().timeZone == .utc)
  }

  /// A `TZ` that names no zone: days in UTC, as the C library counts them, and the trainer says so.
  @Test func aTZThatNamesNoZoneIsUTCAndSaid() throws {
    let home = try temporaryHome()
    defer { try? FileManager.default.removeItem(at: home) }
    let world = World.device(environment: ["HOME": home.path, "TZ": "Foo/Bar"], background: .noop)
    #expect(world.timeZone == .utc)
    #expect(world.notices == ["TZ \"Foo/Bar\": no such time zone here; days begin at midnight UTC."])
    #expect(World.device(environment: ["HOME": home.path, "TZ": "Europe/Madrid"], background: .noop).notices.isEmpty)
  }

  @Test func aCorruptSettingsFileIsKeptAsideAndTheLearnerTold() throws {
    let home = try temporaryHome()
    defer { try? FileManager.default.removeItem(at: home) }
    let config = home.appendingPathComponent(".config/conjugar")
    try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
    try Data([0xFF, 0xFE, 0x00, 0x41]).write(to: config.appendingPathComponent("settings.conf"))

    let world = World.device(environment: ["HOME": home.path], background: .noop)
    #expect(world.notices.count == 1)
    #expect(world.notices.first?.contains("settings.conf.corrupt-") == true)
    #expect(world.settings.region == .latinAmerica)  // the default
    let kept = try FileManager.default.contentsOfDirectory(atPath: config.path).filter { $0.contains("corrupt") }
    #expect(kept.count == 1)
  }

  @Test func unwritableDirectoriesMeanMemoryAndANotice() throws {
    let home = try temporaryHome()
    defer { try? FileManager.default.removeItem(at: home) }
    // A file where the folders should be: nothing can be created under it, even as root.
    let blocker = home.appendingPathComponent("blocked")
    try Data("not a folder".utf8).write(to: blocker)
    let world = World.device(environment: [
      "HOME": home.path, "XDG_CONFIG_HOME": blocker.path, "XDG_DATA_HOME": blocker.path,
    ], background: .noop)
    #expect(world.notices.contains { $0.contains("Settings can't be saved") })
    #expect(world.notices.contains { $0.contains("kept in memory") })
    world.settings.difficulty = .difficult  // still works, in memory
    #expect(world.settings.difficulty == .difficult)
    #expect(world.settings.saveError != nil)
    try world.scoreboard.answers.reportQuiz(
      ScoreRecord(score: 10, date: Date(), difficulty: .easy, region: .spain, seconds: 1), [])
    #expect(try world.scoreboard.answers.bestScores(5).count == 1)
  }

  @Test func theSimulatorReportsNoScoresToDisk() throws {
    let home = try temporaryHome()
    defer { try? FileManager.default.removeItem(at: home) }
    let world = World.simulator(environment: ["HOME": home.path])
    #expect(world.name == .simulator)
    try world.scoreboard.answers.reportQuiz(
      ScoreRecord(score: 10, date: Date(), difficulty: .easy, region: .spain, seconds: 1), [])
    #expect(!FileManager.default.fileExists(atPath: home.path + "/.local/share/conjugar"))
    #expect(world.reviewPrompter.promptableActionHappened() == nil)
  }
}

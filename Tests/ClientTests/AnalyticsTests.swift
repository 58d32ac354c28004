import AnalyticsClient
import ClockClient
import Foundation
import SettingsClient
import Testing

@Suite struct AnalyticsTests {
  /// The lines of `analytics.jsonl` in `directory`, each parsed as a JSON object.
  static func events(in directory: URL) throws -> [[String: Any]] {
    let text = try String(contentsOf: directory.appendingPathComponent("analytics.jsonl"), encoding: .utf8)
    #expect(text.isEmpty || text.hasSuffix("\n"))
    return try text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map { line in
      try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "\(line)")
    }
  }

  @Test func eventsAreWrittenOnlyWhileTheLearnerAllowsIt() throws {
    try withTemporaryDirectory { directory in
      let settings = Settings(store: InMemorySettingsStore(["analytics": "on"]))
      let (clock, hand) = WallClock.manual()
      let analytics = Analytics.live(directory: directory, settings: settings, clock: clock)
      analytics.record(.screenViewed("quiz"))
      settings.analytics = .off
      analytics.record(.screenViewed("settings"))
      settings.analytics = .on
      hand.advance(by: 95)
      analytics.record(
        .quizCompleted(score: 87, difficulty: .moderate, region: .latinAmerica, questions: 20, seconds: 95))

      let events = try Self.events(in: directory)
      try #require(events.count == 2)
      #expect(events[0].count == 3)
      #expect(events[0]["date"] as? String == "2027-01-15T08:00:00Z")
      #expect(events[0]["event"] as? String == "screen-viewed")
      #expect(events[0]["screen"] as? String == "quiz")
      #expect(events[1].count == 7)
      #expect(events[1]["date"] as? String == "2027-01-15T08:01:35Z")
      #expect(events[1]["event"] as? String == "quiz-completed")
      #expect(events[1]["score"] as? Int == 87)
      #expect(events[1]["difficulty"] as? String == "moderate")
      #expect(events[1]["region"] as? String == "latin-america")
      #expect(events[1]["questions"] as? Int == 20)
      #expect(events[1]["seconds"] as? Int == 95)
      // The keys in a fixed order, date and event first.
      let firstLine = try String(contentsOf: directory.appendingPathComponent("analytics.jsonl"), encoding: .utf8)
        .prefix { $0 != "\n" }
      #expect(firstLine == #"{"date":"2027-01-15T08:00:00Z","event":"screen-viewed","screen":"quiz"}"#)
    }
  }

  @Test func nothingIsWrittenWhenAnalyticsAreOff() throws {
    try withTemporaryDirectory { directory throws in
      let settings = Settings(store: InMemorySettingsStore(["analytics": "off"]))
      let analytics = Analytics.live(
        directory: directory.appendingPathComponent("state"), settings: settings, clock: WallClock.manual().0)
      analytics.record(.screenViewed("quiz"))
      #expect(try fileNames(in: directory) == [])
    }
  }

  /// Analytics start off: a learner who never turned them on has nothing recorded.
  @Test func nothingIsRecordedUntilTheLearnerTurnsAnalyticsOn() throws {
    try withTemporaryDirectory { directory in
      let settings = Settings(store: InMemorySettingsStore())
      #expect(settings.analytics == .off)
      Analytics.live(directory: directory, settings: settings, clock: WallClock.manual().0).record(.screenViewed("quiz"))
      #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("analytics.jsonl").path))
    }
  }

  @Test func screenNamesAreEscaped() throws {
    try withTemporaryDirectory { directory throws in
      let analytics = Analytics.live(
        directory: directory.appendingPathComponent("a/b"), settings: Settings(store: InMemorySettingsStore(["analytics": "on"])),
        clock: WallClock.manual().0)
      let names = ["say \"hola\"", "back\\slash", "two\nlines\r\t", "bell\u{7}\u{0}\u{1F}", "ñandú 🇪🇸", "\u{2028}"]
      for name in names { analytics.record(.screenViewed(name)) }
      #expect(try Self.events(in: directory.appendingPathComponent("a/b")).map { $0["screen"] as? String } == names)
    }
  }

  @Test func concurrentEventsGiveWholeLines() throws {
    try withTemporaryDirectory { directory in
      let settings = Settings(store: InMemorySettingsStore(["analytics": "on"]))
      // Two values, as two programs would have, each opening the file for every event.
      let writers = (0..<2).map { _ in
        Analytics.live(directory: directory, settings: settings, clock: WallClock.manual().0)
      }
      let padding = String(repeating: "x", count: 3_000)
      let problems = problemsRunningConcurrently(1_000) { index in
        writers[index % 2].record(.screenViewed("screen-\(index)-\(index % 10 == 0 ? padding : "")"))
        return nil
      }
      #expect(problems == [])
      let screens = try Self.events(in: directory).compactMap { $0["screen"] as? String }
      #expect(screens.count == 1_000)
      #expect(Set(screens) == Set((0..<1_000).map { "screen-\($0)-\($0 % 10 == 0 ? padding : "")" }))
    }
  }

  @Test func failuresAreSilent() throws {
    try withTemporaryDirectory { directory in
      let settings = Settings(store: InMemorySettingsStore(["analytics": "on"]))
      let clock = WallClock.manual().0
      // A folder that cannot be made…
      let nowhere = try unwritableDirectory(in: directory)
      Analytics.live(directory: nowhere, settings: settings, clock: clock).record(.screenViewed("quiz"))
      #expect(!FileManager.default.fileExists(atPath: nowhere.appendingPathComponent("analytics.jsonl").path))
      // …and a folder where the file should be.
      let blocked = directory.appendingPathComponent("blocked")
      try FileManager.default.createDirectory(
        at: blocked.appendingPathComponent("analytics.jsonl"), withIntermediateDirectories: true)
      let analytics = Analytics.live(directory: blocked, settings: settings, clock: clock)
      analytics.record(.screenViewed("quiz"))
      analytics.record(.quizCompleted(score: 1, difficulty: .easy, region: .spain, questions: 1, seconds: 1))
      #expect(try fileNames(in: blocked.appendingPathComponent("analytics.jsonl")) == [])
    }
  }

  /// Opening a FIFO for writing waits for a reader: one left at the log's path must not hang the app.
  @Test func aFIFOInPlaceOfTheLogDoesNotHang() throws {
    try withTemporaryDirectory { directory in
      let path = directory.appendingPathComponent("analytics.jsonl").path
      #expect(mkfifo(path, 0o600) == 0)
      let analytics = Analytics.live(
        directory: directory, settings: Settings(store: InMemorySettingsStore(["analytics": "on"])), clock: WallClock.manual().0)
      let result = finishing(within: 10) { analytics.record(.screenViewed("verbs")) }
      #expect(result != nil, "recording an event hung on a FIFO")
      #expect(fileType(path) == S_IFIFO)
    }
  }
}

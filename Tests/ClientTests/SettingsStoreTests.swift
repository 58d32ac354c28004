import Foundation
import FileStorage
import SettingsClient
import Testing

@Suite struct SettingsStoreTests {
  static let sample = [
    "region": "spain", "difficulty": "difficult", "quiz-second-person": "vos", "table-second-person": "tu",
    "sound": "off", "analytics": "on",
  ]

  @Test func savedValuesLoadBackInAReadableFile() throws {
    try withTemporaryDirectory { directory in
      let store = FileSettingsStore(directory: directory, files: .live, now: { Date() })
      try store.save(Self.sample)
      let loaded = store.load()
      #expect(loaded.values == Self.sample)
      #expect(loaded.notice == nil)
      let text = try String(contentsOf: store.file, encoding: .utf8)
      #expect(text.hasPrefix("# conjugar settings"))
      #expect(text.contains("\nregion = spain\n"))
      #expect(text.contains("\nquiz-second-person = vos\n"))
      #expect(store.file.lastPathComponent == "settings.conf")
    }
  }

  @Test func aMissingFileGivesTheDefaultsWithoutNotice() throws {
    try withTemporaryDirectory { directory in
      let store = FileSettingsStore(directory: directory.appendingPathComponent("not/yet/made"), files: .live, now: { Date() })
      let loaded = store.load()
      #expect(loaded.values.isEmpty)
      #expect(loaded.notice == nil)
      let settings = Settings(store: store)
      #expect(settings.region == .latinAmerica)
      #expect(settings.loadNotice == nil)
    }
  }

  @Test func savingCreatesTheFolderAndItsParents() throws {
    try withTemporaryDirectory { directory in
      let store = FileSettingsStore(directory: directory.appendingPathComponent("a/b/conjugar"), files: .live, now: { Date() })
      try store.save(["sound": "off"])
      #expect(store.load().values == ["sound": "off"])
    }
  }

  @Test func aFileWrittenByHandIsRead() throws {
    try withTemporaryDirectory { directory in
      let store = FileSettingsStore(directory: directory, files: .live, now: { Date() })
      // A byte-order mark, CRLF line ends, spaces and tabs, comments, blank lines, a key given twice.
      let text =
        "\u{FEFF}# mine\r\n\r\n  region=spain  \r\n\tsound =\toff\r\n# sound = on\r\nregion = latin-america\r\n"
      try Data(text.utf8).write(to: store.file)
      let loaded = store.load()
      #expect(loaded.values == ["region": "latin-america", "sound": "off"])
      #expect(loaded.notice == nil)
      #expect(try fileNames(in: directory) == ["settings.conf"])
    }
  }

  /// The one file besides `others` left in `directory`: the settings file as it was (`bytes`),
  /// kept aside under a name of its own; its name.
  static func keptAside(_ bytes: [UInt8], in directory: URL, besides others: [String] = [], _ name: String) throws -> String {
    let names = try fileNames(in: directory).filter { !others.contains($0) }
    try #require(names.count == 1, "\(name): \(names)")
    let kept = names[0]
    #expect(matches(kept, #"settings\.conf\.corrupt-\d{8}T\d{6}Z"#), "\(name)")
    #expect(try Data(contentsOf: directory.appendingPathComponent(kept)) == Data(bytes), "\(name)")
    return kept
  }

  /// Files that are no text the app reads: set aside whole, the defaults used.
  static let unreadableFiles: [(name: String, bytes: [UInt8])] = [
    ("not UTF-8", Array("region = spain\n".utf8) + [0xC3, 0x28, 0xFF, 0x0A]),
    ("over 64 KB", Array(String(repeating: "# a comment line that goes on and on and on\n", count: 1_500).utf8)),
  ]

  @Test(arguments: unreadableFiles.indices)
  func anUnreadableFileIsKeptAsideAndTheDefaultsUsed(_ index: Int) throws {
    let (name, bytes) = Self.unreadableFiles[index]
    try withTemporaryDirectory { directory in
      let store = FileSettingsStore(directory: directory, files: .live, now: { Date() })
      try Data(bytes).write(to: store.file)
      let settings = Settings(store: store)
      #expect(settings.region == .latinAmerica, "\(name)")
      #expect(settings.sound == .on, "\(name)")
      let kept = try Self.keptAside(bytes, in: directory, name)
      let notice = try #require(settings.loadNotice, "\(name)")
      #expect(notice == "Your settings were unreadable; kept as \(kept), defaults in use.")
      #expect(notice.count <= 100 && !notice.contains("\n"))
      // The next load finds no file, and says nothing.
      let again = store.load()
      #expect(again.values.isEmpty && again.notice == nil)
    }
  }

  /// A file with a line the app does not understand: every other line in use (the region, a saved
  /// drill), the bad line named with its number and why, the file as it was kept aside.
  static let badLines: [(name: String, line: String, said: String)] = [
    ("a line that is not key = value", "this is not a setting", "\"this is not a setting\" is not key = value"),
    ("an unknown key", "colour = blue", "\"colour = blue\" names no setting"),
    ("a value the key does not take", "quiz-length = 15", "\"quiz-length = 15\" is none of 10, 20, 50"),
    ("a value with a trailing comment", "sound = off # quiet", "\"sound = off # quiet\" is none of on, off"),
    ("a NUL byte", "sound = off\0", "\"sound = off?\" is none of on, off"),
    ("quiz tenses of which one is no tense", "quiz-tenses = preterito,pasado", "\"quiz-tenses = preterito,pasado\" is none of"),
    ("quiz tenses that are none", "quiz-tenses =", "\"quiz-tenses =\" is none of"),
    ("a quiz tense twice", "quiz-tenses = preterito, preterito", "\"quiz-tenses = preterito, preterito\" names the tense pretérito perfecto simple twice"),
    ("a saved drill's name with a space", "drill.my drill = --count 10", "\"drill.my drill = --count 10\" names a drill with letters other than"),
    ("a saved drill without options", "drill.empty =", "\"drill.empty =\" is no saved drill"),
  ]

  @Test(arguments: badLines.indices)
  func aBadLineIsLeftOutAndNamedTheOthersKept(_ index: Int) throws {
    let (name, line, said) = Self.badLines[index]
    let bytes = Array("region = spain\n\(line)\ndrill.verbs = --verbs tener\n".utf8)
    try withTemporaryDirectory { directory in
      let store = FileSettingsStore(directory: directory, files: .live, now: { Date() })
      try Data(bytes).write(to: store.file)
      let settings = Settings(store: store)
      #expect(settings.region == .spain, "\(name): the good line before it")
      #expect(settings.values.raw["drill.verbs"] == "--verbs tener", "\(name): the saved drill after it")
      let kept = try Self.keptAside(bytes, in: directory, besides: ["settings.conf"], name)
      let notice = try #require(settings.loadNotice, "\(name)")
      #expect(notice.hasPrefix("settings.conf line 2 left out (\(said)"), "\(name): \(notice)")
      #expect(notice.hasSuffix("; kept as \(kept)."), "\(name): \(notice)")
      #expect(!notice.contains("\n"))
    }
  }

  /// Issue 40: the good lines of a file with a bad line are written again as the new file, so
  /// they hold run after run, and the bad line is named once, at the first run.
  @Test func theGoodLinesHoldRunAfterRunAndTheBadOneIsNamedOnce() throws {
    let bytes = Array(
      "# mine\nregion = spain\nreview-size = 50\nthis is no setting\ndrill.preterite = --tenses preterito\n".utf8)
    try withTemporaryDirectory { directory in
      let store = FileSettingsStore(directory: directory, files: .live, now: { Date() })
      try Data(bytes).write(to: store.file)
      for run in 1...3 {
        let settings = Settings(store: FileSettingsStore(directory: directory, files: .live, now: { Date() }))
        #expect(settings.region == .spain, "run \(run)")
        #expect(settings.reviewSize == .fifty, "run \(run)")
        #expect(settings.values.drills.map(\.name) == ["preterite"], "run \(run)")
        if run == 1 {
          let notice = try #require(settings.loadNotice)
          #expect(notice.hasPrefix("settings.conf line 4 left out (\"this is no setting\" is not key = value); kept as "))
        } else {
          #expect(settings.loadNotice == nil, "run \(run)")
        }
      }
      _ = try Self.keptAside(bytes, in: directory, besides: ["settings.conf"], "the file as it was")
      let text = try String(contentsOf: store.file, encoding: .utf8)
      #expect(text.hasPrefix("# conjugar settings"))
      #expect(text.hasSuffix("\nregion = spain\nreview-size = 50\n\ndrill.preterite = --tenses preterito\n"), "\(text)")
    }
  }

  /// A file saved by another program between the bad file's setting aside and the writing of its
  /// good lines stays as it is.
  @Test func theGoodLinesAreNotWrittenOverAFileSavedMeanwhile() throws {
    try withTemporaryDirectory { directory in
      let store = FileSettingsStore(directory: directory, files: .live, now: { Date() })
      try store.save(["sound": "off"])
      #expect(throws: FileSystemError.self) {
        try FileClient.live.writeNew(store.file.path, Array("region = spain\n".utf8))
      }
      #expect(store.load().values == ["sound": "off"])
      #expect(try fileNames(in: directory) == ["settings.conf"])
    }
  }

  @Test func aFileOfExactly64KBIsRead() throws {
    try withTemporaryDirectory { directory in
      let store = FileSettingsStore(directory: directory, files: .live, now: { Date() })
      var text = "sound = off\n"
      text += String(repeating: "#", count: 64 * 1024 - text.utf8.count - 1) + "\n"
      #expect(text.utf8.count == 64 * 1024)
      try Data(text.utf8).write(to: store.file)
      #expect(store.load().values == ["sound": "off"])
      try Data((text + "\n").utf8).write(to: store.file)
      #expect(store.load().notice != nil)
    }
  }

  @Test func aFolderInPlaceOfTheFileIsSetAside() throws {
    try withTemporaryDirectory { directory in
      let store = FileSettingsStore(directory: directory, files: .live, now: { Date() })
      try FileManager.default.createDirectory(at: store.file, withIntermediateDirectories: false)
      let loaded = store.load()
      #expect(loaded.values.isEmpty)
      #expect(loaded.notice?.contains("settings.conf.corrupt-") == true)
      try store.save(["sound": "off"])
      let reloaded = store.load()
      #expect(reloaded.values == ["sound": "off"] && reloaded.notice == nil)
    }
  }

  @Test func corruptFilesSetAsideInTheSameSecondAreAllKept() throws {
    try withTemporaryDirectory { directory in
      let store = FileSettingsStore(directory: directory, files: .live, now: { Date() })
      for round in 1...3 {
        try Data("garbage \(round)\n".utf8).write(to: store.file)
        #expect(store.load().notice != nil)
      }
      let kept = try fileNames(in: directory)
      #expect(kept.count == 3)
      let contents = try Set(kept.map { try String(contentsOf: directory.appendingPathComponent($0), encoding: .utf8) })
      #expect(contents == ["garbage 1\n", "garbage 2\n", "garbage 3\n"])
    }
  }

  @Test func savingInAnUnwritableFolderThrowsAClearError() throws {
    try withTemporaryDirectory { directory in
      let store = FileSettingsStore(directory: try unwritableDirectory(in: directory), files: .live, now: { Date() })
      let error = #expect(throws: SettingsFileError.self) { try store.save(["sound": "off"]) }
      let message = "\(try #require(error))"
      #expect(message.hasPrefix("Can't save settings to \(store.file.path): "))
      #expect(message.contains("Permission denied") || message.contains("Not a directory"))
    }
  }

  @Test func settingsKeepAChangeInMemoryAndSayWhyWhenItCannotBeSaved() throws {
    try withTemporaryDirectory { directory in
      let settings = Settings(store: FileSettingsStore(directory: try unwritableDirectory(in: directory), files: .live, now: { Date() }))
      settings.difficulty = .difficult
      #expect(settings.difficulty == .difficult)
      #expect(settings.saveError?.hasPrefix("Can't save settings to ") == true)
    }
  }

  @Test func savingRejectsWhatTheFileCouldNotReadBack() throws {
    try withTemporaryDirectory { directory in
      let store = FileSettingsStore(directory: directory, files: .live, now: { Date() })
      try store.save(["sound": "off"])
      #expect(throws: SettingsFileError.invalidSetting(key: "colour", value: "blue")) {
        try store.save(["colour": "blue"])
      }
      #expect(throws: SettingsFileError.invalidSetting(key: "region", value: "spain\nsound = on")) {
        try store.save(["region": "spain\nsound = on"])
      }
      #expect(store.load().values == ["sound": "off"])
    }
  }

  @Test func savingLeavesNoTemporaryFilesBehind() throws {
    try withTemporaryDirectory { directory in
      let store = FileSettingsStore(directory: directory, files: .live, now: { Date() })
      for value in ["on", "off", "on", "off"] { try store.save(["sound": value]) }
      #expect(try fileNames(in: directory) == ["settings.conf"])
      #expect(store.load().values == ["sound": "off"])
    }
  }

  /// A writer killed mid-write leaves its temporary file; the next save removes it, but not those
  /// of writers still running.
  @Test func savingRemovesTheTemporaryFilesOfKilledWriters() throws {
    try withTemporaryDirectory { directory in
      let store = FileSettingsStore(directory: directory, files: .live, now: { Date() })
      // No process has a pid above the kernel's maximum, 2^22.
      let abandoned = ".settings.conf.tmp-99999999-x1"
      let running = ".settings.conf.tmp-\(ProcessInfo.processInfo.processIdentifier)-x2"
      for name in [abandoned, running, "settings.conf.corrupt-20261121T153000Z"] {
        try Data("region = spa".utf8).write(to: directory.appendingPathComponent(name))
      }
      try store.save(["sound": "off"])
      #expect(try fileNames(in: directory) == [running, "settings.conf", "settings.conf.corrupt-20261121T153000Z"])
    }
  }

  /// Saved drills are lines `drill.NAME = OPTIONS` after the settings, kept as text, forgotten
  /// on request, and listed by name.
  @Test func drillsAreSavedByNameAndForgotten() throws {
    try withTemporaryDirectory { directory in
      let first = Settings(store: FileSettingsStore(directory: directory, files: .live, now: { Date() }))
      first.region = .spain
      first.saveDrill("preterite", options: "--tenses preterito --count 10")
      first.saveDrill("e-ie_verbs", options: "--group e-ie --mode recognition --count 20")
      #expect(first.saveError == nil)
      let text = try String(contentsOf: FileSettingsStore(directory: directory, files: .live, now: { Date() }).file, encoding: .utf8)
      #expect(text.hasSuffix("\ndrill.e-ie_verbs = --group e-ie --mode recognition --count 20\ndrill.preterite = --tenses preterito --count 10\n"), "\(text)")
      let second = Settings(store: FileSettingsStore(directory: directory, files: .live, now: { Date() }))
      #expect(second.values.drills.map(\.name) == ["e-ie_verbs", "preterite"])
      #expect(second.values.drills.last?.options == "--tenses preterito --count 10")
      #expect(second.region == .spain)
      second.removeDrill("preterite")
      let third = Settings(store: FileSettingsStore(directory: directory, files: .live, now: { Date() }))
      #expect(third.values.drills.map(\.name) == ["e-ie_verbs"])
      #expect(third.loadNotice == nil)
    }
    #expect(SavedDrills.isValidName("día-2"))
    #expect(!SavedDrills.isValidName(""))
    #expect(!SavedDrills.isValidName("a b"))
    #expect(!SavedDrills.isValidName(String(repeating: "x", count: 31)))
  }

  @Test func aChangeSurvivesANewSettingsInstance() throws {
    try withTemporaryDirectory { directory in
      let first = Settings(store: FileSettingsStore(directory: directory, files: .live, now: { Date() }))
      first.region = .spain
      first.analytics = .off
      #expect(first.saveError == nil)
      let second = Settings(store: FileSettingsStore(directory: directory, files: .live, now: { Date() }))
      #expect(second.region == .spain)
      #expect(second.analytics == .off)
      #expect(second.difficulty == .easy)
      #expect(second.loadNotice == nil)
    }
  }

  /// Writers racing each other (as two programs would) and readers among them: every read finds a
  /// whole, valid file, and the file ends as one writer's values.
  @Test func concurrentSavesNeverLeaveAnUnreadableFile() throws {
    try withTemporaryDirectory { directory in
      let stores = (0..<2).map { _ in FileSettingsStore(directory: directory, files: .live, now: { Date() }) }
      try stores[0].save(Self.sample)
      let variants: [[String: String]] = [
        Self.sample, ["region": "latin-america", "sound": "on"], ["difficulty": "moderate"],
      ]
      let problems = problemsRunningConcurrently(300) { index in
        let store = stores[index % 2]
        guard index % 3 == 0 else {
          try store.save(variants[index % 3])
          return nil
        }
        let loaded = store.load()
        if let notice = loaded.notice { return notice }
        return variants.contains(loaded.values) ? nil : "read \(loaded.values)"
      }
      #expect(problems == [])
      #expect(try fileNames(in: directory) == ["settings.conf"])
      #expect(variants.contains(stores[1].load().values))
    }
  }

  /// settings.conf may be a link to a file elsewhere (dotfiles): a good one is read through it; a
  /// corrupt one, or a link to a device or to itself, is set aside (the link, not what it leads to)
  /// — not reported as "changing" at every start, as when the link and the file it leads to were
  /// taken for two different files.
  @Test func aLinkIsReadThroughAndSetAsideWhenWhatItLeadsToIsBad() throws {
    try withTemporaryDirectory { directory in
      let store = FileSettingsStore(directory: directory.appendingPathComponent("conjugar"), files: .live, now: { Date() })
      try FileManager.default.createDirectory(at: store.directory, withIntermediateDirectories: true)
      let good = directory.appendingPathComponent("good.conf"), bad = directory.appendingPathComponent("bad.conf")
      try Data("sound = off\n".utf8).write(to: good)
      try Data("sound = loud\n".utf8).write(to: bad)
      #expect(symlink(good.path, store.file.path) == 0)
      let loaded = store.load()
      #expect(loaded.values == ["sound": "off"] && loaded.notice == nil)

      for (number, target) in [bad.path, "/dev/zero", "/dev/null", store.file.path].enumerated() {
        #expect(unlink(store.file.path) == 0 || number > 0)
        #expect(symlink(target, store.file.path) == 0)
        let loaded = store.load()
        #expect(loaded.values.isEmpty, "\(target)")
        let notice = try #require(loaded.notice, "\(target)")
        // A bad line (the file linked to says sound = loud), or no file that can be read.
        #expect(
          notice.hasPrefix("Your settings were unreadable; kept as settings.conf.corrupt-")
            || notice.hasPrefix("settings.conf line 1 left out (\"sound = loud\" is none of on, off); kept as settings.conf.corrupt-"),
          "\(target): \(notice)")
        #expect(fileType(store.file.path) == nil, "\(target)")
        #expect(store.load().notice == nil, "\(target)")
      }
      let kept = try fileNames(in: store.directory)
      #expect(kept.count == 4 && kept.allSatisfy { fileType(store.directory.appendingPathComponent($0).path) == S_IFLNK })
      #expect(try String(contentsOf: bad, encoding: .utf8) == "sound = loud\n")
    }
  }

  /// A FIFO at the path is opened without blocking and set aside.
  @Test func aFIFOInPlaceOfTheFileIsSetAsideWithoutHanging() throws {
    try withTemporaryDirectory { directory in
      let store = FileSettingsStore(directory: directory, files: .live, now: { Date() })
      #expect(mkfifo(store.file.path, 0o600) == 0)
      let loaded = finishing(within: 10) { store.load() }
      let (values, notice) = try #require(try loaded?.get(), "loading the settings hung on a FIFO")
      #expect(values.isEmpty)
      #expect(notice?.hasPrefix("Your settings were unreadable; kept as settings.conf.corrupt-") == true)
    }
  }
}

/// A setting whose value is a set (the quiz's tenses): through the file and back.
@Suite struct SettingSetFileTests {
  @Test func aSetOfTensesIsSavedAndLoadedBack() throws {
    try withTemporaryDirectory { directory in
      let store = FileSettingsStore(directory: directory, files: .live, now: { Date() })
      let settings = Settings(store: store)
      settings.quizTenses = .chosen([.imperfecto, .preterito])
      let text = try String(contentsOf: store.file, encoding: .utf8)
      #expect(text.contains("\nquiz-tenses = preterito,imperfecto\n"))
      // The header says what it takes.
      #expect(text.contains("#   quiz-tenses = difficulty | tenses separated by commas, of: presente preterito "))
      let again = Settings(store: FileSettingsStore(directory: directory, files: .live, now: { Date() }))
      #expect(again.quizTenses == .chosen([.preterito, .imperfecto]))
      #expect(again.loadNotice == nil)
      again.quizTenses = .difficulty
      #expect(Settings(store: store).quizTenses == .difficulty)
    }
  }

  @Test func aSetWrittenByHandIsReadInAnyOrderWithSpaces() throws {
    try withTemporaryDirectory { directory in
      let store = FileSettingsStore(directory: directory, files: .live, now: { Date() })
      try Data("quiz-tenses = futuro , presente-subjuntivo\nmax-reviews-per-day = no-limit\n".utf8).write(to: store.file)
      let settings = Settings(store: store)
      #expect(settings.loadNotice == nil)
      #expect(settings.quizTenses == .chosen([.futuro, .presenteSubjuntivo]))
      #expect(settings.maxReviewsPerDay == .unlimited)
    }
  }
}

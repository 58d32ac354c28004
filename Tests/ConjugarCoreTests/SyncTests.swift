import ConjugarCore
import ConjugarEngine
import ConjugarWorlds
import FileStorage
import Foundation
import RandomClient
import ScoreboardClient
import ScoreboardLive
import SpacedRepetition
import SyncClient
import SyncLive
import Testing

/// Three machines syncing through one folder, in a seeded random order of answers, suspends, resets
/// and syncs: at the end every machine holds every answer once, the same marks and the same
/// schedule.
@Suite struct SyncTests {
  struct Machine {
    var data: URL
    var board: Scoreboard
  }

  static let verbs = ["tener", "ser", "ir", "hacer", "poder", "decir", "estar", "dar"]
  static let tenses = ["presente", "preterito", "futuro"]
  static let persons = ["yo", "tu", "el", "nosotros"]

  /// Through a folder (200 steps), and through a bare git repository each machine cloned (80
  /// steps: git's own time), as `conjugar sync init` sets them up.
  @Test(.serialized, arguments: [false, true])
  func threeMachinesInAnyOrderEndTheSame(throughGit: Bool) throws {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("conjugar-sync-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: root) }
    let shared = root.appendingPathComponent("shared")
    let setup: SyncSetup
    if throughGit {
      try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
      let made = Git(directory: root, runner: Git.live).run(["init", "--quiet", "--bare", shared.path])
      try #require(made.succeeded, "\(made.output)")
      setup = .git(shared.path)
    } else {
      try FileManager.default.createDirectory(at: shared.appendingPathComponent("machines"), withIntermediateDirectories: true)
      setup = .folder(shared)
    }
    var machines: [Machine] = try (0..<3).map { n in
      let data = root.appendingPathComponent("home\(n)")
      try setup.save(in: data, .live)
      if throughGit {
        let clone = Git(directory: data, runner: Git.live).run(["clone", "--quiet", shared.path, SyncSetup.workTree(in: data).path])
        try #require(clone.succeeded, "\(clone.output)")
      }
      return Machine(data: data, board: Scoreboard.live(directory: data))
    }
    let conjugator = Conjugator()
    var random = SplitMix64(seed: 20_261_125)
    var given = 0, marked = 0, undone = 0, twice = 0
    // Each machine's last answer, while it can still be taken back (`u`).
    var last: [Int: KeptAnswer] = [:]
    var clock = Date(timeIntervalSince1970: 1_780_000_000)
    func sync(_ machine: Machine) throws -> SyncRun.Report {
      let report = try SyncRun(
        setup: setup, data: machine.data, board: machine.board, conjugator: conjugator, git: Git.live, files: .live
      ).run(now: Date(), random: .live)
      #expect(report.notices.isEmpty, "\(report.notices)")
      return report
    }
    for _ in 0..<(throughGit ? 80 : 200) {
      let n = Int(random.next() % 3)
      let roll = random.next() % 12
      if roll < 4 {
        let report = try sync(machines[n])
        #expect(report.skipped.isEmpty, "\(report.skipped)")
      } else if roll < 6 {
        // A form suspended, taken back or reset on machine n (marks travel too).
        clock += TimeInterval(60 + Int(random.next() % 600))
        let item = Item(
          verb: Self.verbs[Int(random.next() % 8)], tense: Self.tenses[Int(random.next() % 3)],
          person: Self.persons[Int(random.next() % 4)])
        let action = ItemAction.allCases[Int(random.next() % 3)]
        _ = try machines[n].board.items.markItems([ItemEvent(item: item, action: action, date: clock)])
        marked += 1
      } else if roll == 6, let kept = last[n] {
        // The last answer taken back, perhaps after a sync wrote it out or another machine merged
        // it: taken back everywhere.
        try machines[n].board.answers.undoAnswer(kept)
        last[n] = nil
        given -= 1
        undone += 1
      } else if roll == 7 {
        // "I don't know" twice in one second on one form: two answers saying the same.
        clock += TimeInterval(3_600 + Int(random.next() % 20_000))
        let answer = AnsweredQuestion(
          verb: Self.verbs[Int(random.next() % 8)], tense: Self.tenses[Int(random.next() % 3)],
          person: Self.persons[Int(random.next() % 4)], expected: "x", given: "", result: .wrong, date: clock)
        _ = try machines[n].board.answers.recordAnswer(answer, .review)
        last[n] = try machines[n].board.answers.recordAnswer(answer, .review)
        given += 2
        twice += 1
      } else {
        // An answer on machine n, a few hours after the last one anywhere (times never tie).
        clock += TimeInterval(3_600 + Int(random.next() % 20_000))
        let answer = AnsweredQuestion(
          verb: Self.verbs[Int(random.next() % 8)], tense: Self.tenses[Int(random.next() % 3)],
          person: Self.persons[Int(random.next() % 4)], expected: "x", given: "y\(given)", result: .wrong, date: clock)
        last[n] = try machines[n].board.answers.recordAnswer(answer, .review)
        given += 1
      }
    }
    // Each syncs twice, in turn: everything reaches everyone.
    for _ in 0..<2 { for machine in machines { _ = try sync(machine) } }
    var histories: [[AnsweredQuestion]] = []
    for index in machines.indices {
      machines[index].board = Scoreboard.live(directory: machines[index].data)
      var answers: [AnsweredQuestion] = []
      try machines[index].board.answers.eachAnswer { answers.append($0) }
      histories.append(answers)
    }
    #expect(histories[0].count == given, "every answer, once; none taken back")
    #expect(Set(histories[0].map(\.id)).count == given)
    #expect(histories[1] == histories[0] && histories[2] == histories[0])
    #expect(Set(histories[1].map(\.id)) == Set(histories[0].map(\.id)) && Set(histories[2].map(\.id)) == Set(histories[0].map(\.id)))
    #expect(undone > (throughGit ? 2 : 5) && twice > (throughGit ? 2 : 5), "\(undone) taken back, \(twice) twice in a second")
    let schedules = try machines.map { try $0.board.items.items(nil) }
    #expect(schedules[1] == schedules[0] && schedules[2] == schedules[0])
    if throughGit {
      // Every machine's files went through the repository, in commits of their own.
      let log = Git(directory: root, runner: Git.live).run(["--git-dir", shared.path, "log", "--all", "--format=%ae"])
      #expect(Set(log.output.split(separator: "\n")).count == 3, "\(log.output)")
    }
    let marks = try machines.map { try $0.board.items.itemMarks() }
    #expect(marked > (throughGit ? 5 : 20) && !marks[0].marks.isEmpty)
    #expect(marks[1] == marks[0] && marks[2] == marks[0])
  }
}

/// Answers given on three machines in the same second, on the same few forms, one right and one
/// wrong, with undos, "I was right", resets and suspends, synced in a seeded random order: every
/// machine replays them in the one order (``Replay``: the second, then the identity), so each ends
/// with the same schedule, the same statistics and the same history export, byte for byte (issue
/// 39, 2: one said `relearning, lapses 2`, another `review, lapses 1`).
@Suite struct SameSecondTests {
  /// Three forms, with their right answers.
  static let forms = [
    (Item(verb: "tener", tense: "presente", person: "yo"), "tengo"), (Item(verb: "tener", tense: "presente", person: "tu"), "tienes"),
    (Item(verb: "ir", tense: "preterito", person: "yo"), "fui"),
  ]

  @Test(arguments: [1, 2, 3, 4])
  func answersOfOneSecondEndTheSameOnEveryMachine(seed: UInt64) throws {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("conjugar-same-second-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: root) }
    let shared = root.appendingPathComponent("shared")
    try FileManager.default.createDirectory(at: shared.appendingPathComponent("machines"), withIntermediateDirectories: true)
    let setup = SyncSetup.folder(shared)
    var boards: [(data: URL, board: Scoreboard)] = try (0..<3).map { n in
      let data = root.appendingPathComponent("home\(n)")
      try setup.save(in: data, .live)
      return (data, Scoreboard.live(directory: data))
    }
    let conjugator = Conjugator()
    var random = SplitMix64(seed: seed)
    var last: [Int: (kept: KeptAnswer, answer: AnsweredQuestion)] = [:]
    var clock = Date(timeIntervalSince1970: 1_780_000_000.25)
    var sameSecond = 0, overridden = 0, resets = 0
    func sync(_ n: Int) throws {
      let report = try SyncRun(
        setup: setup, data: boards[n].data, board: boards[n].board, conjugator: conjugator, git: Git.live, files: .live
      ).run(now: Date(), random: .live)
      #expect(report.notices.isEmpty, "\(report.notices)")
      #expect(report.skipped.isEmpty, "\(report.skipped)")
    }
    for _ in 0..<200 {
      let n = Int(random.next() % 3)
      let roll = random.next() % 10
      let (form, written) = Self.forms[Int(random.next() % UInt64(Self.forms.count))]
      if roll < 3 {
        try sync(n)
      } else if roll == 3 {
        // A reset or a suspension, a few hundred milliseconds into the second.
        let action = ItemAction.allCases[Int(random.next() % 3)]
        resets += action == .reset ? 1 : 0
        _ = try boards[n].board.items.markItems([ItemEvent(item: form, action: action, date: clock + 0.3)])
      } else if roll == 4, let (kept, answer) = last[n] {
        // "I was right": the answer taken back and kept again, right, in its second.
        try boards[n].board.answers.undoAnswer(kept)
        var right = answer
        right.id = nil
        right.result = .correct
        right.rating = .good
        right.overridden = true
        last[n] = nil
        if answer.result != .correct {
          _ = try boards[n].board.answers.recordAnswer(right, .review)
          overridden += 1
        }
      } else {
        // Most answers in the second of the one before, anywhere; now and then hours later.
        if random.next() % 3 == 0 {
          clock += TimeInterval(3_600 * (1 + Int(random.next() % 30)))
        } else {
          sameSecond += 1
        }
        let right = random.next() % 2 == 0
        let answer = AnsweredQuestion(
          verb: form.verb, tense: form.tense, person: form.person, expected: written, given: right ? written : "nada",
          result: right ? .correct : .wrong, date: clock)
        last[n] = (try boards[n].board.answers.recordAnswer(answer, .review), answer)
      }
    }
    for _ in 0..<2 { for n in boards.indices { try sync(n) } }
    #expect(sameSecond > 50 && overridden > 1 && resets > 2, "\(sameSecond) in a second, \(overridden) overridden, \(resets) resets")
    var exports: [String] = []
    for n in boards.indices {
      boards[n].board = Scoreboard.live(directory: boards[n].data)
      var lines: [String] = []
      try boards[n].board.answers.eachAnswer { lines.append(HistoryFile.line($0, .csv)) }
      exports.append(lines.joined(separator: "\n"))
    }
    #expect(exports[1] == exports[0] && exports[2] == exports[0], "the history exports, byte for byte")
    let schedules = try boards.map { try $0.board.items.items(nil) }
    #expect(schedules[1] == schedules[0] && schedules[2] == schedules[0], "the schedules")
    let query = StatisticsQuery(now: clock + 86_400, timeZone: Zone(identifier: "UTC")!, since: nil, byVerb: true)
    let statistics = try boards.map { try $0.board.standing.statistics(query) }
    #expect(statistics[1] == statistics[0] && statistics[2] == statistics[0], "the statistics")
    // Each machine's schedule is the one its answers replay to (what the doctor checks).
    for (data, board) in boards {
      var answers: [AnsweredQuestion] = []
      try board.answers.eachAnswer { answers.append($0) }
      let replay = Replay(scheduler: Scheduler(), marks: try board.items.itemMarks())
      #expect(try board.items.items(nil) == replay.states(of: answers).values.sorted { $0.item < $1.item }, "\(data.lastPathComponent)")
    }
  }
}

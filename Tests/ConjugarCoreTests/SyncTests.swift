import ConjugarCore
import ConjugarEngine
import FileStorage
import Foundation
import RandomClient
import ScoreboardClient
import ScoreboardLive
import SyncClient
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
        _ = try machines[n].board.markItems([ItemEvent(item: item, action: action, date: clock)])
        marked += 1
      } else if roll == 6, let kept = last[n] {
        // The last answer taken back, perhaps after a sync wrote it out or another machine merged
        // it: taken back everywhere.
        try machines[n].board.undoAnswer(kept)
        last[n] = nil
        given -= 1
        undone += 1
      } else if roll == 7 {
        // "I don't know" twice in one second on one form: two answers saying the same.
        clock += TimeInterval(3_600 + Int(random.next() % 20_000))
        let answer = AnsweredQuestion(
          verb: Self.verbs[Int(random.next() % 8)], tense: Self.tenses[Int(random.next() % 3)],
          person: Self.persons[Int(random.next() % 4)], expected: "x", given: "", result: .wrong, date: clock)
        _ = try machines[n].board.recordAnswer(answer, .review)
        last[n] = try machines[n].board.recordAnswer(answer, .review)
        given += 2
        twice += 1
      } else {
        // An answer on machine n, a few hours after the last one anywhere (times never tie).
        clock += TimeInterval(3_600 + Int(random.next() % 20_000))
        let answer = AnsweredQuestion(
          verb: Self.verbs[Int(random.next() % 8)], tense: Self.tenses[Int(random.next() % 3)],
          person: Self.persons[Int(random.next() % 4)], expected: "x", given: "y\(given)", result: .wrong, date: clock)
        last[n] = try machines[n].board.recordAnswer(answer, .review)
        given += 1
      }
    }
    // Each syncs twice, in turn: everything reaches everyone.
    for _ in 0..<2 { for machine in machines { _ = try sync(machine) } }
    var histories: [[AnsweredQuestion]] = []
    for index in machines.indices {
      machines[index].board = Scoreboard.live(directory: machines[index].data)
      var answers: [AnsweredQuestion] = []
      try machines[index].board.eachAnswer { answers.append($0) }
      histories.append(answers)
    }
    #expect(histories[0].count == given, "every answer, once; none taken back")
    #expect(Set(histories[0].map(\.id)).count == given)
    #expect(histories[1] == histories[0] && histories[2] == histories[0])
    #expect(Set(histories[1].map(\.id)) == Set(histories[0].map(\.id)) && Set(histories[2].map(\.id)) == Set(histories[0].map(\.id)))
    #expect(undone > (throughGit ? 2 : 5) && twice > (throughGit ? 2 : 5), "\(undone) taken back, \(twice) twice in a second")
    let schedules = try machines.map { try $0.board.items(nil) }
    #expect(schedules[1] == schedules[0] && schedules[2] == schedules[0])
    if throughGit {
      // Every machine's files went through the repository, in commits of their own.
      let log = Git(directory: root, runner: Git.live).run(["--git-dir", shared.path, "log", "--all", "--format=%ae"])
      #expect(Set(log.output.split(separator: "\n")).count == 3, "\(log.output)")
    }
    let marks = try machines.map { try $0.board.itemMarks() }
    #expect(marked > (throughGit ? 5 : 20) && !marks[0].marks.isEmpty)
    #expect(marks[1] == marks[0] && marks[2] == marks[0])
  }
}

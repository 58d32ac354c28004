import SpacedRepetition
import Unimplemented

extension Scoreboard {
  /// Reports nothing and knows no scores, answers or items. (Made at each use: each has a memo of
  /// its own.)
  public static var noop: Scoreboard {
    Scoreboard(
      answers: .noop, items: .noop, memory: .noop, standing: .noop, damage: { nil }, location: "not kept")
  }

  /// Fails the test that uses it without saying so: every group's `.failing`, so that a test gives
  /// each group it uses. (Made at each use: each has a memo of its own.)
  public static var failing: Scoreboard {
    Scoreboard(
      answers: .failing, items: .failing, memory: .failing, standing: .failing,
      damage: { unimplemented("Scoreboard.damage") }, location: "failing")
  }
}

extension Scoreboard.Answers {
  /// Keeps nothing and knows no scores or answers: an answer kept is its item's first review.
  public static let noop = Self(
    recordAnswer: { answer, _, _ in
      KeptAnswer(id: 0, before: nil, state: Replay(scheduler: .init(), marks: ItemMarks()).state(after: nil, answer))
    },
    undoAnswer: { _ in }, reportScore: { _, _ in 0 }, withdrawScore: { _ in },
    bestScores: { _ in [] }, history: { _ in [] }, eachAnswer: { _ in },
    importAnswers: { answers in ImportSummary(added: 0, alreadyKept: answers.count) },
    mergeAnswers: { answers in ImportSummary(added: 0, alreadyKept: answers.count) },
    ownAnswers: { _ in [] }, withdrawn: { [] }, withdrawAnswers: { _ in 0 })

  /// Fails the test that uses it without saying so.
  public static let failing = Self(
    recordAnswer: { _, _, _ in unimplemented("Scoreboard.answers.recordAnswer") },
    undoAnswer: { _ in unimplemented("Scoreboard.answers.undoAnswer") },
    reportScore: { _, _ in unimplemented("Scoreboard.answers.reportScore") },
    withdrawScore: { _ in unimplemented("Scoreboard.answers.withdrawScore") },
    bestScores: { _ in unimplemented("Scoreboard.answers.bestScores") },
    history: { _ in unimplemented("Scoreboard.answers.history") },
    eachAnswer: { _ in unimplemented("Scoreboard.answers.eachAnswer") },
    importAnswers: { _ in unimplemented("Scoreboard.answers.importAnswers") },
    mergeAnswers: { _ in unimplemented("Scoreboard.answers.mergeAnswers") },
    ownAnswers: { _ in unimplemented("Scoreboard.answers.ownAnswers") },
    withdrawn: { unimplemented("Scoreboard.answers.withdrawn") },
    withdrawAnswers: { _ in unimplemented("Scoreboard.answers.withdrawAnswers") })
}

extension Scoreboard.Items {
  /// Knows no items and no marks; marks nothing.
  public static let noop = Self(
    items: { _ in [] }, dueItems: { _, _, _ in [] }, dueCount: { _ in 0 }, newItemsSince: { _ in 0 },
    knownItems: { _ in [] }, leeches: { _, _ in [] }, itemMarks: { ItemMarks() }, markItems: { _ in 0 },
    mergeItemMarks: { _ in 0 })

  /// Fails the test that uses it without saying so.
  public static let failing = Self(
    items: { _ in unimplemented("Scoreboard.items.items") },
    dueItems: { _, _, _ in unimplemented("Scoreboard.items.dueItems") },
    dueCount: { _ in unimplemented("Scoreboard.items.dueCount") },
    newItemsSince: { _ in unimplemented("Scoreboard.items.newItemsSince") },
    knownItems: { _ in unimplemented("Scoreboard.items.knownItems") },
    leeches: { _, _ in unimplemented("Scoreboard.items.leeches") },
    itemMarks: { unimplemented("Scoreboard.items.itemMarks") },
    markItems: { _ in unimplemented("Scoreboard.items.markItems") },
    mergeItemMarks: { _ in unimplemented("Scoreboard.items.mergeItemMarks") })
}

extension Scoreboard.Memory {
  /// An empty log, no answers counted, FSRS-6's defaults in use, nothing applied.
  public static let noop = Self(
    reviewLog: { ReviewLog(items: []) }, recallCounts: { [:] }, fittedMemory: { nil }, applyFittedMemory: { _ in 0 })

  /// Fails the test that uses it without saying so.
  public static let failing = Self(
    reviewLog: { unimplemented("Scoreboard.memory.reviewLog") },
    recallCounts: { unimplemented("Scoreboard.memory.recallCounts") },
    fittedMemory: { unimplemented("Scoreboard.memory.fittedMemory") },
    applyFittedMemory: { _ in unimplemented("Scoreboard.memory.applyFittedMemory") })
}

extension Scoreboard.Standing {
  /// Nothing answered: empty statistics.
  public static let noop = Self(
    statistics: { _ in Statistics() }, memory: { _ in Statistics.Memory() }, answersSince: { _ in 0 }, answeredVerbs: { [] }, latestAnswerID: { 0 },
    answersKept: { _, _ in 0 })

  /// Fails the test that uses it without saying so.
  public static let failing = Self(
    statistics: { _ in unimplemented("Scoreboard.standing.statistics") },
    memory: { _ in unimplemented("Scoreboard.standing.memory") },
    answersSince: { _ in unimplemented("Scoreboard.standing.answersSince") },
    answeredVerbs: { unimplemented("Scoreboard.standing.answeredVerbs") },
    latestAnswerID: { unimplemented("Scoreboard.standing.latestAnswerID") },
    answersKept: { _, _ in unimplemented("Scoreboard.standing.answersKept") })
}

extension HistoryMaintenance {
  /// Keeps no file: no backup made or found, nothing to check, an examination of no history, a
  /// restore that puts nothing back.
  public static let noop = HistoryMaintenance(
    backUp: { _ in nil }, backups: { [] }, checkIntegrity: {},
    examine: { _ in Examination(path: "not kept", bytes: 0, answers: 0, items: 0, checks: [], backups: []) },
    restore: { _ in nil }, backupFolder: "not kept")

  /// Fails the test that uses it without saying so.
  public static let failing = HistoryMaintenance(
    backUp: { _ in unimplemented("HistoryMaintenance.backUp") },
    backups: { unimplemented("HistoryMaintenance.backups") },
    checkIntegrity: { unimplemented("HistoryMaintenance.checkIntegrity") },
    examine: { _ in unimplemented("HistoryMaintenance.examine") },
    restore: { _ in unimplemented("HistoryMaintenance.restore") },
    backupFolder: "failing")
}

import SpacedRepetition
import Unimplemented

extension Scoreboard {
  /// Reports nothing and knows no scores, answers or items.
  public static let noop = Scoreboard(
    recordAnswer: { answer, _, _ in
      KeptAnswer(id: 0, before: nil, state: Replay(scheduler: .init(), marks: ItemMarks()).state(after: nil, answer))
    },
    undoAnswer: { _ in }, reportScore: { _, _ in 0 }, withdrawScore: { _ in },
    bestScores: { _ in [] }, history: { _ in [] }, eachAnswer: { _ in },
    importAnswers: { answers in ImportSummary(added: 0, alreadyKept: answers.count) },
    mergeAnswers: { answers in ImportSummary(added: 0, alreadyKept: answers.count) },
    ownAnswers: { _ in [] }, withdrawn: { [] }, withdrawAnswers: { _ in 0 }, items: { _ in [] },
    dueItems: { _, _ in [] }, dueCount: { _ in 0 }, newItemsSince: { _ in 0 }, knownItems: { _ in [] },
    leeches: { _, _ in [] }, itemMarks: { ItemMarks() }, markItems: { _ in 0 }, mergeItemMarks: { _ in 0 },
    reviewLog: { ReviewLog(items: []) }, fittedMemory: { nil }, applyFittedMemory: { _ in 0 },
    statistics: { _ in Statistics() }, answersSince: { _ in 0 }, answeredVerbs: { [] }, damage: { nil },
    location: "not kept")

  /// Fails the test that uses it without saying so.
  public static let failing = Scoreboard(
    recordAnswer: { _, _, _ in unimplemented("Scoreboard.recordAnswer") },
    undoAnswer: { _ in unimplemented("Scoreboard.undoAnswer") },
    reportScore: { _, _ in unimplemented("Scoreboard.reportScore") },
    withdrawScore: { _ in unimplemented("Scoreboard.withdrawScore") },
    bestScores: { _ in unimplemented("Scoreboard.bestScores") },
    history: { _ in unimplemented("Scoreboard.history") },
    eachAnswer: { _ in unimplemented("Scoreboard.eachAnswer") },
    importAnswers: { _ in unimplemented("Scoreboard.importAnswers") },
    mergeAnswers: { _ in unimplemented("Scoreboard.mergeAnswers") },
    ownAnswers: { _ in unimplemented("Scoreboard.ownAnswers") },
    withdrawn: { unimplemented("Scoreboard.withdrawn") },
    withdrawAnswers: { _ in unimplemented("Scoreboard.withdrawAnswers") },
    items: { _ in unimplemented("Scoreboard.items") },
    dueItems: { _, _ in unimplemented("Scoreboard.dueItems") },
    dueCount: { _ in unimplemented("Scoreboard.dueCount") },
    newItemsSince: { _ in unimplemented("Scoreboard.newItemsSince") },
    knownItems: { _ in unimplemented("Scoreboard.knownItems") },
    leeches: { _, _ in unimplemented("Scoreboard.leeches") },
    itemMarks: { unimplemented("Scoreboard.itemMarks") },
    markItems: { _ in unimplemented("Scoreboard.markItems") },
    mergeItemMarks: { _ in unimplemented("Scoreboard.mergeItemMarks") },
    reviewLog: { unimplemented("Scoreboard.reviewLog") },
    fittedMemory: { unimplemented("Scoreboard.fittedMemory") },
    applyFittedMemory: { _ in unimplemented("Scoreboard.applyFittedMemory") },
    statistics: { _ in unimplemented("Scoreboard.statistics") },
    answersSince: { _ in unimplemented("Scoreboard.answersSince") },
    answeredVerbs: { unimplemented("Scoreboard.answeredVerbs") },
    damage: { unimplemented("Scoreboard.damage") },
    location: "failing")
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

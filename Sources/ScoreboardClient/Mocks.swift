import Unimplemented

extension Scoreboard {
  /// Reports nothing and knows no scores, answers or items.
  public static let noop = Scoreboard(
    reportScore: { _, _ in 0 },
    recordAnswer: { answer, _, _ in KeptAnswer(id: 0, before: nil, state: ItemState.after(nil, answer, scheduler: .init())) },
    undoAnswer: { _ in }, withdrawScore: { _ in },
    bestScores: { _ in [] }, history: { _ in [] }, eachAnswer: { _ in },
    importAnswers: { answers in ImportSummary(added: 0, alreadyKept: answers.count) }, items: { _ in [] },
    dueItems: { _, _ in [] }, dueCount: { _ in 0 }, newItemsSince: { _ in 0 }, knownItems: { _ in [] },
    location: "not kept")

  /// Fails the test that uses it without saying so.
  public static let failing = Scoreboard(
    reportScore: { _, _ in unimplemented("Scoreboard.reportScore") },
    recordAnswer: { _, _, _ in unimplemented("Scoreboard.recordAnswer") },
    undoAnswer: { _ in unimplemented("Scoreboard.undoAnswer") },
    withdrawScore: { _ in unimplemented("Scoreboard.withdrawScore") },
    bestScores: { _ in unimplemented("Scoreboard.bestScores") },
    history: { _ in unimplemented("Scoreboard.history") },
    eachAnswer: { _ in unimplemented("Scoreboard.eachAnswer") },
    importAnswers: { _ in unimplemented("Scoreboard.importAnswers") },
    mergeAnswers: { _ in unimplemented("Scoreboard.mergeAnswers") },
    ownAnswers: { _ in unimplemented("Scoreboard.ownAnswers") },
    items: { _ in unimplemented("Scoreboard.items") },
    dueItems: { _, _ in unimplemented("Scoreboard.dueItems") },
    dueCount: { _ in unimplemented("Scoreboard.dueCount") },
    newItemsSince: { _ in unimplemented("Scoreboard.newItemsSince") },
    knownItems: { _ in unimplemented("Scoreboard.knownItems") },
    statistics: { _ in unimplemented("Scoreboard.statistics") },
    answersSince: { _ in unimplemented("Scoreboard.answersSince") },
    answeredVerbs: { unimplemented("Scoreboard.answeredVerbs") },
    fittedMemory: { unimplemented("Scoreboard.fittedMemory") },
    applyFittedMemory: { _ in unimplemented("Scoreboard.applyFittedMemory") },
    leeches: { _, _ in unimplemented("Scoreboard.leeches") },
    withdrawn: { unimplemented("Scoreboard.withdrawn") },
    withdrawAnswers: { _ in unimplemented("Scoreboard.withdrawAnswers") },
    itemMarks: { unimplemented("Scoreboard.itemMarks") },
    markItems: { _ in unimplemented("Scoreboard.markItems") },
    mergeItemMarks: { _ in unimplemented("Scoreboard.mergeItemMarks") },
    location: "failing")
}

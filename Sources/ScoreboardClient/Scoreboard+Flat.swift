import Foundation
import SpacedRepetition

// The flat names of before the groups, for the call sites until they name their group: removed
// with them (issue 39, part 5).
extension Scoreboard {
  public var recordAnswer: @Sendable (AnsweredQuestion, AnswerOrigin, Int?) throws -> KeptAnswer {
    get { answers.recordAnswer }
    set { answers.recordAnswer = newValue }
  }
  public var undoAnswer: @Sendable (KeptAnswer) throws -> Void {
    get { answers.undoAnswer }
    set { answers.undoAnswer = newValue }
  }
  public var reportScore: @Sendable (ScoreRecord, [Int64]) throws -> Int64 {
    get { answers.reportScore }
    set { answers.reportScore = newValue }
  }
  public var withdrawScore: @Sendable (Int64) throws -> Void {
    get { answers.withdrawScore }
    set { answers.withdrawScore = newValue }
  }
  public var bestScores: @Sendable (Int) throws -> [ScoreRecord] {
    get { answers.bestScores }
    set { answers.bestScores = newValue }
  }
  public var history: @Sendable (Int) throws -> [AnsweredQuestion] {
    get { answers.history }
    set { answers.history = newValue }
  }
  public var eachAnswer: @Sendable ((AnsweredQuestion) throws -> Void) throws -> Void {
    get { answers.eachAnswer }
    set { answers.eachAnswer = newValue }
  }
  public var importAnswers: @Sendable ([AnsweredQuestion]) throws -> ImportSummary {
    get { answers.importAnswers }
    set { answers.importAnswers = newValue }
  }
  public var mergeAnswers: @Sendable ([AnsweredQuestion]) throws -> ImportSummary {
    get { answers.mergeAnswers }
    set { answers.mergeAnswers = newValue }
  }
  public var ownAnswers: @Sendable (Int64) throws -> [(id: Int64, answer: AnsweredQuestion)] {
    get { answers.ownAnswers }
    set { answers.ownAnswers = newValue }
  }
  public var withdrawn: @Sendable () throws -> [String] {
    get { answers.withdrawn }
    set { answers.withdrawn = newValue }
  }
  public var withdrawAnswers: @Sendable ([String]) throws -> Int {
    get { answers.withdrawAnswers }
    set { answers.withdrawAnswers = newValue }
  }
  public var dueItems: @Sendable (Date, Int) throws -> [ItemState] {
    get { items.dueItems }
    set { items.dueItems = newValue }
  }
  public var dueCount: @Sendable (Date) throws -> Int {
    get { items.dueCount }
    set { items.dueCount = newValue }
  }
  public var newItemsSince: @Sendable (Date) throws -> Int {
    get { items.newItemsSince }
    set { items.newItemsSince = newValue }
  }
  public var knownItems: @Sendable ([Item]) throws -> Set<Item> {
    get { items.knownItems }
    set { items.knownItems = newValue }
  }
  public var leeches: @Sendable (Int, Int) throws -> [ItemState] {
    get { items.leeches }
    set { items.leeches = newValue }
  }
  public var itemMarks: @Sendable () throws -> ItemMarks {
    get { items.itemMarks }
    set { items.itemMarks = newValue }
  }
  public var markItems: @Sendable ([ItemEvent]) throws -> Int {
    get { items.markItems }
    set { items.markItems = newValue }
  }
  public var mergeItemMarks: @Sendable ([ItemEvent]) throws -> Int {
    get { items.mergeItemMarks }
    set { items.mergeItemMarks = newValue }
  }
  public var reviewLog: @Sendable () throws -> ReviewLog {
    get { memory.reviewLog }
    set { memory.reviewLog = newValue }
  }
  public var fittedMemory: @Sendable () throws -> FittedMemory? {
    get { memory.fittedMemory }
    set { memory.fittedMemory = newValue }
  }
  public var applyFittedMemory: @Sendable (FittedMemory?) throws -> Int {
    get { memory.applyFittedMemory }
    set { memory.applyFittedMemory = newValue }
  }
  public var statistics: @Sendable (StatisticsQuery) throws -> Statistics {
    get { standing.statistics }
    set { standing.statistics = newValue }
  }
  public var answersSince: @Sendable (Date) throws -> Int {
    get { standing.answersSince }
    set { standing.answersSince = newValue }
  }
  public var answeredVerbs: @Sendable () throws -> [String] {
    get { standing.answeredVerbs }
    set { standing.answeredVerbs = newValue }
  }
  public func items(_ due: Date?) throws -> [ItemState] { try items.items(due) }
  public func recordAnswer(_ answer: AnsweredQuestion, _ origin: AnswerOrigin) throws -> KeptAnswer { try answers.recordAnswer(answer, origin) }
  @discardableResult
  public func reportQuiz(_ record: ScoreRecord, _ answers: [AnsweredQuestion]) throws -> Int64 { try self.answers.reportQuiz(record, answers) }
  public func allAnswers() throws -> [AnsweredQuestion] { try answers.allAnswers() }
  public func rank(of score: Int) throws -> Int { try answers.rank(of: score) }
  public func calibrationInUse() throws -> Calibration { try memory.calibrationInUse() }
}

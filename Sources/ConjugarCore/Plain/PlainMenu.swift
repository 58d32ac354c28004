import ConjugarEngine
import Foundation
import ScoreboardClient

/// The plain mode between sessions (`conjugar --plain`): a menu of lines — a review, a quiz, where
/// you stand, quit — each session a ``PlainConversation``; a quiz's score reported at its end as
/// the full-screen trainer reports it (``Session/report(to:)``).
public struct PlainMenu: LineConversation {
  let world: World
  /// The session under way, and whether it is the scored quiz.
  private var running: (conversation: PlainConversation, isQuiz: Bool)?

  public init(in world: World) { self.world = world }

  /// The menu's line: what each number does, with the forms due now.
  func menu() -> String {
    let due = (try? world.scoreboard.dueCount(world.clock.now())) ?? 0
    return "\(due == 1 ? "1 form is" : "\(due) forms are") due now. Type a number and Enter: 1 review, 2 quiz, 3 where you stand, 4 quit."
  }

  public func opening() -> [String] {
    world.notices + ["conjugar, in lines: each question a line, your answer a line; :help in a session lists its words.", menu()]
  }

  public mutating func take(_ line: String) -> (lines: [String], done: Bool) {
    if let (current, isQuiz) = running {
      var conversation = current
      let (lines, done) = conversation.take(line)
      running = (conversation, isQuiz)
      guard done else { return (lines, false) }
      running = nil
      return (lines + (isQuiz ? scored(conversation.session) : []) + [menu()], false)
    }
    switch line.trimmingCharacters(in: .whitespaces).lowercased() {
    case "1", "review": return start(Session.review(in: world), isQuiz: false, empty: "Nothing to review now.")
    case "2", "quiz": return start(Session.quiz(in: world), isQuiz: true, empty: "No quiz can be made with these settings.")
    case "3", "stats", "where you stand": return (standing() + [menu()], false)
    case "4", "q", "quit", ":quit": return (["Goodbye."], true)
    default: return (["Type 1, 2, 3 or 4."] + [menu()], false)
    }
  }

  private mutating func start(_ session: Session, isQuiz: Bool, empty: String) -> (lines: [String], done: Bool) {
    guard !session.isFinished else { return ([empty, menu()], false) }
    let conversation = PlainConversation(session: session, in: world, origin: isQuiz ? .quiz : .review)
    running = (conversation, isQuiz)
    return (conversation.opening(), false)
  }

  /// A quiz's end: its score kept, and said; a quiz stopped early keeps its answers but no score,
  /// as in the full-screen trainer.
  private func scored(_ session: Session) -> [String] {
    guard session.isFinished, !session.answers.isEmpty else { return [] }
    var session = session
    let outcome = session.report(to: world)
    if let error = outcome.error { return ["\(error)."] }
    return ["Score: \(outcome.score)" + (outcome.rank.map { ", number \($0) among your best scores." } ?? ".")]
  }

  /// Where the learner stands, `conjugar stats`' table, line by line.
  private func standing() -> [String] {
    do {
      let statistics = try world.scoreboard.statistics(StatisticsQuery(now: world.clock.now(), timeZone: .current))
      return StatsReport.table(statistics, since: nil).split(separator: "\n").map(String.init)
    } catch {
      return ["Your history can't be read: \(error)."]
    }
  }
}

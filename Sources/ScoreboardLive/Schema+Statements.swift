import Foundation
import PlainText
import SQLite
import ScoreboardClient
import SettingsClient
import SpacedRepetition

/// The statements this version runs on the tables the migrations made, and how rows become
/// values (Schema.swift holds the migrations).
extension Schema {
  // MARK: Statements

  static let insertScore = "INSERT INTO scores (score, date, difficulty, region, seconds) VALUES (?, ?, ?, ?, ?)"
  /// The next answer's id: above every answer kept and every one ever deleted (migration 9's
  /// `answer_ids`).
  static let nextAnswerID = "SELECT max(coalesce((SELECT max(id) FROM answers), 0), (SELECT last FROM answer_ids)) + 1"
  /// An answer kept, its id the next (``nextAnswerID``).
  static let insertAnswer = insertAnswer(id: "(\(nextAnswerID))")
  /// The same with its id bound first: a bulk import, which holds the database, numbers the
  /// answers it adds from ``nextAnswerID`` itself, one by one, as ``insertAnswer`` would; a
  /// salvage keeps each answer's own.
  static let insertNumberedAnswer = insertAnswer(id: "?")

  private static func insertAnswer(id: String) -> String {
    """
    INSERT INTO answers (id, score_id, source, verb, tense, person, expected, given, result, rating, seconds, date, overridden, uid)
    VALUES (\(id), ?, ?, ?, ?, ?, CAST(? AS TEXT), CAST(? AS TEXT), ?, ?, ?, ?, ?, ?)
    """
  }
  // Rows this version cannot read (a difficulty a later version added) are left out.
  static let selectBest = """
    SELECT score, date, difficulty, region, seconds FROM scores
    WHERE difficulty IN (\(quoted(Difficulty.allCases.map(\.rawValue))))
      AND region IN (\(quoted(Region.allCases.map(\.rawValue))))
    ORDER BY score DESC, date, id LIMIT ?
    """
  /// The answer's texts go in and out as bytes (``text(_:)``), so that a NUL inside one is kept:
  /// strings are bound and read as C strings (`DatabaseValue`), which end at the first NUL.
  static let answerColumns =
    "verb, tense, person, CAST(expected AS BLOB), CAST(given AS BLOB), result, date, rating, seconds, source, overridden, uid"
  /// The order of the answers, the same on every machine (``Replay/precedes(_:_:)``): the second,
  /// then the identity (the index `answers_order`; its 8 bytes sort as its digits do:
  /// ``StoredIdentity``); the row's id, a machine's own, only between rows without an identity.
  static let answerOrder = "date, uid, id"
  static let selectHistory = """
    SELECT \(answerColumns) FROM answers
    WHERE result IN (\(knownResults))
    ORDER BY date DESC, uid DESC, id DESC LIMIT ?
    """
  static let selectAll = "SELECT \(answerColumns) FROM answers ORDER BY \(answerOrder)"
  /// An answer's rating (its raw value) as ``answer(_:)`` makes it: the rating kept, else the
  /// result's (``Rating/init(result:firstTry:hinted:seconds:letters:)``); for a known result.
  static let ratingValue: String = {
    let named = Rating.allCases.map { "WHEN '\($0.name)' THEN \($0.rawValue)" }.joined(separator: " ")
    let ofResult = AnswerResult.allCases.map { "WHEN '\($0.rawValue)' THEN \(Rating(result: $0.outcome).rawValue)" }
      .joined(separator: " ")
    return "coalesce(CASE rating \(named) END, CASE result \(ofResult) END)"
  }()
  /// What the optimizer reads of every answer (``Scoreboard/Memory/reviewLog``): the item's key
  /// (``Item/key``), the date and the rating (``ratingValue``), 0 for an answer of a result this version
  /// does not know (left out) — by item, then in time order (the index `answers_item`).
  static let selectReviews = """
    SELECT verb || '/' || tense || '/' || person, date,
      CASE WHEN result NOT IN (\(knownResults)) THEN 0 ELSE \(ratingValue) END
    FROM answers ORDER BY verb, tense, person, \(answerOrder)
    """
  /// What the rules' standing reads of every answer (``Scoreboard/Memory/recallCounts``): each
  /// form's answers of a known result, and how many of them were missed (rated again), in no order.
  static let countRecalls = """
    SELECT verb, tense, person, count(*), sum(\(ratingValue) = \(Rating.again.rawValue))
    FROM answers WHERE result IN (\(knownResults)) GROUP BY verb, tense, person
    """
  /// An item's answers, in order (which of them count is ``Replay``'s to say).
  static let selectItemAnswers = """
    SELECT \(answerColumns) FROM answers WHERE verb = ? AND tense = ? AND person = ? ORDER BY \(answerOrder)
    """
  /// An answer of this identity kept, or taken back (``HistoryDatabase/withdraw(_:)``); ?1 its
  /// stored form (``StoredIdentity/value(_:)``).
  static let selectSameAnswer = """
    SELECT 1 FROM answers WHERE uid = ?1 UNION ALL SELECT 1 FROM withdrawn WHERE uid = ?1 LIMIT 1
    """
  static let itemColumns =
    "verb, tense, person, state, step, stability, difficulty, due, last_review, reps, lapses, first_review"
  static let selectItems = "SELECT \(itemColumns) FROM items"
  static let selectItem = "\(selectItems) WHERE verb = ? AND tense = ? AND person = ?"
  static let selectItemExists = "SELECT 1 FROM items WHERE verb = ? AND tense = ? AND person = ?"
  static let saveItem = "INSERT OR REPLACE INTO items (\(itemColumns)) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
  /// The keys of the due items, the most forgotten first: retrievability falls as (whole days
  /// since the last review) / stability grows, so ordering by that ratio, largest first, orders by
  /// retrievability (``ItemState/mostForgottenFirst(at:scheduler:)``); then the earliest due.
  /// `items_due` holds every column it reads (and, the table being WITHOUT ROWID, the key): the
  /// due items are sorted from the index alone, and only those chosen are read from the table.
  static let selectDue = """
    SELECT verb, tense, person FROM items WHERE due <= ? AND \(notSuspended)
    ORDER BY ((? - last_review) / 86400) / stability DESC, due, verb, tense, person LIMIT ?
    """
  static let linkAnswer = "UPDATE answers SET score_id = ? WHERE id = ?"
  static let deleteAnswer = "DELETE FROM answers WHERE id = ?"
  static let deleteItem = "DELETE FROM items WHERE verb = ? AND tense = ? AND person = ?"
  /// The due items less the suspended due ones: a count of `items_due`'s range, then each mark's
  /// item looked up (CROSS JOIN: the marks first, a few), not each due item's mark.
  static let countDue = """
    SELECT (SELECT count(*) FROM items WHERE due <= ?1) - (SELECT count(*) FROM item_marks m
      CROSS JOIN items ON items.verb = m.verb AND items.tense = m.tense AND items.person = m.person
      WHERE m.suspended AND items.due <= ?1)
    """
  static let countNew = "SELECT count(*) FROM items WHERE first_review >= ?"

  /// Every statement this version runs: they compile only if the tables are as it expects.
  static let statements = [
    insertScore, insertAnswer, selectBest, selectHistory, selectAll, selectReviews, countRecalls, selectSameAnswer, selectItem, saveItem, selectDue,
    statsDays, statsSlotsOfDays, statsCellsSince, statsMissed, statsItemsInState,
  ]

  static func quoted(_ values: [String]) -> String {
    values.map { "'" + $0.replacing(literal: "'", with: "''") + "'" }.joined(separator: ", ")
  }

  // MARK: Rows

  /// An answer from the columns of `answerColumns`; nil if of a kind this version cannot read (a
  /// result a later version added). A value of the wrong type, or outside ``AnswerBounds``, is
  /// damage that SQLite did not see (a page overwritten with bytes it takes as a row): it throws
  /// ``damaged(_:)``, never handing on a value that could trap a conversion later.
  static func answer(_ row: Row) throws -> AnsweredQuestion? {
    let answer: AnsweredQuestion
    do {
      guard let result = AnswerResult(rawValue: try row.decode(String.self, atIndex: 5)) else { return nil }
      let rating: Rating? = try row.decode(String?.self, atIndex: 7).flatMap(Rating.init(name:))
      func string(_ column: Int) throws -> String {
        guard let text = String(validating: try row.decode(Data?.self, atIndex: column) ?? Data(), as: UTF8.self) else {
          throw damaged("a text that is not UTF-8")
        }
        return text
      }
      answer = AnsweredQuestion(
        verb: try row.decode(atIndex: 0), tense: try row.decode(atIndex: 1), person: try row.decode(atIndex: 2),
        expected: try string(3), given: try string(4), result: result,
        date: Date(timeIntervalSince1970: Double(try row.decode(Int64.self, atIndex: 6))), rating: rating,
        seconds: try row.decode(Double?.self, atIndex: 8), mode: mode(ofSource: try row.decode(String?.self, atIndex: 9)),
        overridden: row.count > 10 ? try row.decode(Bool.self, atIndex: 10) : false,
        id: row.count > 11 ? try StoredIdentity.identity(row[11]) : nil)
    } catch {
      throw damaged("an answer's row cannot be read (\(error))")
    }
    if let problem = AnswerBounds.problem(with: answer) { throw damaged("an answer's row is damaged: \(problem)") }
    guard AnswerIdentity.matches(answer) else { throw damaged("an answer's row is damaged: it does not say what its identity was made for") }
    return answer
  }

  /// Damage inside the database that SQLite's reading did not report: an error with SQLite's code
  /// for it, so that the board marks the file for salvage (``HistoryDatabase/read(_:)``).
  static func damaged(_ message: String) -> DatabaseError {
    DatabaseError(resultCode: .SQLITE_CORRUPT, message: message)
  }

  /// Where an answer came from, as the `source` column keeps it: `quiz`, `review` (reviews and
  /// practice), `import`, or the mode of an answer not written: `listening` (the listening drill,
  /// asked aloud) or `recognition` (a form shown, its verb, tense and person named). The column,
  /// added by version 2, takes any text, so these modes needed no migration.
  static func source(of answer: AnsweredQuestion, from source: String) -> String {
    answer.mode == .written ? source : answer.mode.rawValue
  }

  /// The mode of an answer from its source.
  static func mode(ofSource source: String?) -> AnswerMode {
    source.flatMap(AnswerMode.init(rawValue:)) ?? .written
  }

  /// An item's state from the columns of `itemColumns`; nil if of a kind this version cannot read.
  /// A value of the wrong type or out of FSRS's range (a stability that is no number of days, a
  /// difficulty outside 1…10, a date outside ``AnswerBounds``) is damage, as in ``answer(_:)``.
  static func itemState(_ row: Row) throws -> ItemState? {
    let state: ItemState
    do {
      guard let cardState = CardState(name: try row.decode(String.self, atIndex: 3)) else { return nil }
      func date(_ column: Int) throws -> Date? {
        try row.decode(Int64?.self, atIndex: column).map { Date(timeIntervalSince1970: Double($0)) }
      }
      guard let due = try date(7), let first = try date(11) else { throw damaged("no due date") }
      state = ItemState(
        item: Item(verb: try row.decode(atIndex: 0), tense: try row.decode(atIndex: 1), person: try row.decode(atIndex: 2)),
        card: Card(
          state: cardState, step: try row.decode(Int?.self, atIndex: 4), stability: try row.decode(atIndex: 5),
          difficulty: try row.decode(atIndex: 6), due: due, lastReview: try date(8)),
        reps: try row.decode(atIndex: 9), lapses: try row.decode(atIndex: 10), firstReview: first)
    } catch {
      throw damaged("a form's review state cannot be read (\(error))")
    }
    if let problem = problem(with: state) { throw damaged("a form's review state is damaged: \(problem)") }
    return state
  }

  /// Why `state` cannot be a review state FSRS made, or nil.
  static func problem(with state: ItemState) -> String? {
    let card = state.card
    let range = AnswerBounds.earliest...AnswerBounds.latest
    if let stability = card.stability, !(stability > 0 && stability <= 1e6) { return "stability \(stability)" }
    if let difficulty = card.difficulty, !(difficulty >= 1 && difficulty <= 10) { return "difficulty \(difficulty)" }
    if let step = card.step, !(0...1000).contains(step) { return "step \(step)" }
    // A form may be due a century after its last review (FSRS's longest interval).
    let dueRange = AnswerBounds.earliest...AnswerBounds.latest.addingTimeInterval(36_500 * 86_400)
    if !dueRange.contains(card.due) || !range.contains(state.firstReview) || card.lastReview.map(range.contains) == false {
      return "a date outside 2000–2100"
    }
    if state.reps < 0 || state.lapses < 0 || state.lapses > state.reps { return "\(state.reps) reviews, \(state.lapses) lapses" }
    return nil
  }

  /// A text as its UTF-8 bytes, for a `CAST(? AS TEXT)`: every character kept, NUL included.
  static func text(_ string: String) -> Data { Data(string.utf8) }

  static func arguments(_ state: ItemState) -> StatementArguments {
    func seconds(_ date: Date) -> Int64 { Int64(date.timeIntervalSince1970.rounded()) }
    let card = state.card
    return [
      state.item.verb, state.item.tense, state.item.person, card.state.name, card.step, card.stability,
      card.difficulty, seconds(card.due), card.lastReview.map(seconds), state.reps, state.lapses,
      seconds(state.firstReview),
    ]
  }
}

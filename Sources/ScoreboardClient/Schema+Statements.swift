import Foundation
import GRDB
import SettingsClient
import SpacedRepetition

/// The statements this version runs on the tables the migrations made, and how rows become
/// values (Schema.swift holds the migrations).
extension Schema {
  // MARK: Statements

  static let insertScore = "INSERT INTO scores (score, date, difficulty, region, seconds) VALUES (?, ?, ?, ?, ?)"
  static let insertAnswer = """
    INSERT INTO answers (score_id, source, verb, tense, person, expected, given, result, rating, seconds, date, overridden)
    VALUES (?, ?, ?, ?, ?, CAST(? AS TEXT), CAST(? AS TEXT), ?, ?, ?, ?, ?)
    """
  // Rows this version cannot read (a difficulty a later version added) are left out.
  static let selectBest = """
    SELECT score, date, difficulty, region, seconds FROM scores
    WHERE difficulty IN (\(quoted(Difficulty.allCases.map(\.rawValue))))
      AND region IN (\(quoted(Region.allCases.map(\.rawValue))))
    ORDER BY score DESC, date, id LIMIT ?
    """
  /// The answer's texts go in and out as bytes (``text(_:)``), so that a NUL inside one is kept:
  /// GRDB binds and reads strings as C strings, which end at the first NUL.
  static let answerColumns =
    "verb, tense, person, CAST(expected AS BLOB), CAST(given AS BLOB), result, date, rating, seconds, source, overridden"
  static let selectHistory = """
    SELECT \(answerColumns) FROM answers
    WHERE result IN (\(quoted(AnswerResult.allCases.map(\.rawValue))))
    ORDER BY date DESC, id DESC LIMIT ?
    """
  static let selectAll = "SELECT \(answerColumns) FROM answers ORDER BY date, id"
  /// What the optimizer reads of every answer (``Scoreboard/reviewLog``): the item's key
  /// (``Item/key``), the date and the rating as ``answer(_:)`` makes it — the rating kept, else the
  /// result's (``Rating/init(result:firstTry:hinted:seconds:letters:)``), 0 for an answer of a
  /// result this version does not know (left out) — by item, then in time order (the index
  /// `answers_item`).
  static let selectReviews: String = {
    let known = quoted(AnswerResult.allCases.map(\.rawValue))
    let named = Rating.allCases.map { "WHEN '\($0.name)' THEN \($0.rawValue)" }.joined(separator: " ")
    let ofResult = AnswerResult.allCases.map { "WHEN '\($0.rawValue)' THEN \(Rating(result: $0.outcome).rawValue)" }
      .joined(separator: " ")
    return """
      SELECT verb || '/' || tense || '/' || person, date,
        CASE WHEN result NOT IN (\(known)) THEN 0 ELSE coalesce(CASE rating \(named) END, CASE result \(ofResult) END) END
      FROM answers ORDER BY verb, tense, person, date, id
      """
  }()
  /// An item's answers that count for its schedule: those after its last reset (``ItemMark/counts(_:)``).
  static let selectItemAnswers = """
    SELECT \(answerColumns) FROM answers WHERE verb = ? AND tense = ? AND person = ?
      AND date > coalesce((SELECT m.reset / 1000 FROM item_marks m WHERE m.verb = answers.verb
        AND m.tense = answers.tense AND m.person = answers.person AND m.reset IS NOT NULL), -1 << 62)
    ORDER BY date, id
    """
  static let selectSameAnswer = """
    SELECT 1 FROM answers WHERE verb = ? AND tense = ? AND person = ? AND date = ? AND given = CAST(? AS TEXT) LIMIT 1
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
  static let countDue = "SELECT count(*) FROM items WHERE due <= ? AND \(notSuspended)"
  static let countNew = "SELECT count(*) FROM items WHERE first_review >= ?"

  /// Every statement this version runs: they compile only if the tables are as it expects.
  static let statements = [
    insertScore, insertAnswer, selectBest, selectHistory, selectAll, selectReviews, selectSameAnswer, selectItem, saveItem, selectDue,
    statsDays, statsSlotsOfDays, statsCellsSince, statsMissed, statsItemsInState,
  ]

  static func quoted(_ values: [String]) -> String {
    values.map { "'" + $0.replacingOccurrences(of: "'", with: "''") + "'" }.joined(separator: ", ")
  }

  // MARK: Rows

  /// An answer from the columns of `answerColumns`; nil if of a kind this version cannot read.
  static func answer(_ row: Row) -> AnsweredQuestion? {
    guard let result = AnswerResult(rawValue: row[5]) else { return nil }
    let rating: Rating? = (row[7] as String?).flatMap(Rating.init(name:))
    func string(_ column: Int) -> String { String(decoding: (row[column] as Data?) ?? Data(), as: UTF8.self) }
    return AnsweredQuestion(
      verb: row[0], tense: row[1], person: row[2], expected: string(3), given: string(4), result: result,
      date: Date(timeIntervalSince1970: Double(row[6] as Int64)), rating: rating, seconds: row[8],
      mode: mode(ofSource: row[9]), overridden: row.count > 10 ? row[10] : false)
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
  static func itemState(_ row: Row) -> ItemState? {
    guard let state = CardState(name: row[3]) else { return nil }
    func date(_ column: Int) -> Date? { (row[column] as Int64?).map { Date(timeIntervalSince1970: Double($0)) } }
    guard let due = date(7), let first = date(11) else { return nil }
    return ItemState(
      item: Item(verb: row[0], tense: row[1], person: row[2]),
      card: Card(
        state: state, step: row[4], stability: row[5], difficulty: row[6], due: due, lastReview: date(8)),
      reps: row[9], lapses: row[10], firstReview: first)
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

import ConjugarEngine
import FileStorage
import Foundation
import ScoreboardClient

/// `conjugar schedule`'s report: each form practised, its review state and when it comes back, as
/// a table for people or as JSON lines (README's contract).
public enum ScheduleReport {
  public static let keys = [
    "verb", "tense", "person", "state", "step", "stability", "difficulty", "due", "last_review", "reps", "lapses",
  ]

  /// The values of `keys`, as text ("" where there is none).
  public static func fields(_ state: ItemState) -> [String] {
    let card = state.card
    return [
      state.item.verb, state.item.tense, state.item.person, card.state.name, card.step.map(String.init) ?? "",
      card.stability.map { $0.fixed(4) } ?? "", card.difficulty.map { $0.fixed(4) } ?? "",
      ISODate.string(card.due),
      card.lastReview.map(ISODate.string) ?? "", String(state.reps), String(state.lapses),
    ]
  }

  public static func json(_ state: ItemState) -> String {
    let card = state.card
    let values: [String] = [
      JSONFormat.quoted(state.item.verb), JSONFormat.quoted(state.item.tense), JSONFormat.quoted(state.item.person),
      JSONFormat.quoted(card.state.name), card.step.map(String.init) ?? "null", card.stability.map { "\($0)" } ?? "null",
      card.difficulty.map { "\($0)" } ?? "null", JSONFormat.quoted(ISODate.string(card.due)),
      card.lastReview.map { JSONFormat.quoted(ISODate.string($0)) } ?? "null", String(state.reps), String(state.lapses),
    ]
    return "{" + zip(keys, values).map { "\"\($0)\":\($1)" }.joined(separator: ",") + "}\n"
  }

  /// One JSON object a line, one a form.
  public static func json(_ items: [ItemState]) -> String { items.map(json).joined() }

  /// A column a key, padded to its widest value, two spaces apart.
  public static func table(_ items: [ItemState]) -> String {
    let rows = [keys] + items.map(fields)
    let widths = keys.indices.map { column in rows.map { $0[column].count }.max() ?? 0 }
    return rows.map { row in
      row.enumerated().map { column, text in
        column == row.count - 1 ? text : text + String(repeating: " ", count: widths[column] - text.count)
      }.joined(separator: "  ") + "\n"
    }.joined()
  }
}

import ConjugarEngine
import Foundation
import ScoreboardClient
import SpacedRepetition
import Testing

@testable import ConjugarTUI

/// The forms browser's list on its own (``FormList``): sorted, filtered and searched down to the
/// indices shown, with no screen.
@Suite struct FormListTests {
  static let day = Date(timeIntervalSince1970: 1_700_000_000)

  static func state(
    _ verb: String, _ tense: String, _ card: CardState, dueIn days: Double, lapses: Int, difficulty: Double?
  ) -> ItemState {
    ItemState(
      item: Item(verb: verb, tense: tense, person: "yo"),
      card: Card(
        state: card, step: nil, stability: 3, difficulty: difficulty, due: day.addingTimeInterval(days * 86_400),
        lastReview: day),
      reps: lapses + 1, lapses: lapses, firstReview: day)
  }

  /// 0 tener presente, 1 tener pretérito, 2 ser, 3 servir (suspended), 4 hablar; leeches from 8 lapses.
  static let states = [
    state("tener", "presente", .learning, dueIn: 2, lapses: 0, difficulty: 5),
    state("tener", "preterito", .relearning, dueIn: 1, lapses: 3, difficulty: 8),
    state("ser", "presente", .review, dueIn: 4, lapses: 9, difficulty: 2),
    state("servir", "presente", .review, dueIn: 3, lapses: 0, difficulty: nil),
    state("hablar", "presente", .learning, dueIn: 1, lapses: 0, difficulty: 5),
  ]

  func list() -> FormList {
    var list = FormList()
    list.load(
      Self.states, suspended: [Item(verb: "servir", tense: "presente", person: "yo")], leechLapses: 8,
      conjugator: conjugator)
    return list
  }

  @Test func theRowsAreTheFormsLoadedWithTheFormAsked() {
    let list = list()
    #expect(list.rows.map(\.state) == Self.states)
    #expect(list.rows.map(\.form) == ["tengo", "tuve", "soy", "sirvo", "hablo"])
    #expect(list.rows.map(\.suspended) == [false, false, false, true, false])
    #expect(list.rows.map(list.isLeech) == [false, false, true, false, false])
  }

  /// Each sort's order, ties by verb, tense and person; a form with no difficulty counts as 0.
  @Test func eachSortOrdersEveryRow() {
    var list = list()
    #expect(list.sort == .due)
    #expect(list.shown == [4, 1, 0, 3, 2], "due soonest; hablar before tener at the same due")
    list.sort(by: .lapses)
    #expect(list.shown == [2, 1, 4, 3, 0], "most lapses first")
    list.sort(by: .difficulty)
    #expect(list.shown == [1, 4, 0, 2, 3], "most difficult first")
    list.sort(by: .verb)
    #expect(list.shown == [4, 2, 3, 0, 1])
  }

  @Test func aFilterKeepsTheRowsThatPassItInTheirOrder() {
    var list = list()
    let shown = { (filter: FormList.Filter) -> [Int] in
      list.filter(by: filter)
      return list.shown
    }
    #expect(shown(.learning) == [4, 0])
    #expect(shown(.review) == [3, 2])
    #expect(shown(.relearning) == [1])
    #expect(shown(.suspended) == [3])
    #expect(shown(.leeches) == [2])
    #expect(shown(.all) == [4, 1, 0, 3, 2])
    #expect(list.filter == .all)
  }

  /// A mark changes the row and its filters at once: the suspended filter drops a form taken back.
  @Test func aMarkChangesWhatTheSuspendedFilterShows() {
    var list = list()
    list.filter(by: .suspended)
    list.mark([0, 2], suspended: true)
    #expect(list.shown == [0, 3, 2])
    list.mark([3], suspended: false)
    #expect(list.shown == [0, 2])
    #expect(list.rows.map(\.suspended) == [true, false, true, false, false])
  }

  /// Every word must match: a verb, a tense, a person, or the beginning of the form; the verb named
  /// exactly first, then those it begins, then the rest, whatever the sort.
  @Test func aSearchNarrowsToTheRowsThatMatchEveryWord() {
    var list = list()
    list.sort(by: .verb)
    list.search("ten")
    #expect(list.shown == [0, 1])
    list.search("ten pret")
    #expect(list.shown == [1])
    list.search("tengo")
    #expect(list.shown == [0], "the form itself")
    list.search("ser")
    #expect(list.shown == [2, 3], "ser, then servir")
    list.sort(by: .due)
    #expect(list.shown == [2, 3], "the verb named first, in any sort")
    list.search("yo")
    #expect(list.shown == [4, 1, 0, 3, 2], "a person")
    list.search("")
    #expect(list.shown == [4, 1, 0, 3, 2])
  }

  /// A search typed letter by letter shows what the whole search shows, and one that is not
  /// narrower searches every row again.
  @Test func aSearchTypedOrChangedShowsWhatItWouldAtOnce() {
    var typed = list()
    for end in 1..."tene".count { typed.search(String("tene".prefix(end))) }
    var atOnce = list()
    atOnce.search("tene")
    #expect(typed.shown == atOnce.shown)
    #expect(typed.shown == [1, 0])
    typed.search("hablar")
    #expect(typed.shown == [4], "not narrower: every row again")
  }

  /// Loading again keeps the sort, the filter and the search.
  @Test func loadingAgainKeepsTheSortTheFilterAndTheSearch() {
    var list = list()
    list.sort(by: .verb)
    list.filter(by: .learning)
    list.search("presente")
    #expect(list.shown == [4, 0])
    list.load(Array(Self.states.prefix(3)), suspended: [], leechLapses: nil, conjugator: conjugator)
    #expect(list.shown == [0])
    list.filter(by: .leeches)
    #expect(list.shown.isEmpty, "leeches off")
  }
}

import ClockClient
import ConjugarCore
import ConjugarEngine
import Foundation
import ScoreboardClient
import ScoreboardLive
import SettingsClient
import TerminalClient
import Testing

@testable import ConjugarTUI

/// Leeches (issue 21 §4): listed first in Progress's Missed, and suspended by their miss when the
/// setting Leech action says so (taken back with the answer by undo, only when that miss suspended it).
@Suite struct LeechTests {
  let size = Size(columns: 80, rows: 24)
  static let start = Date(timeIntervalSince1970: 1_700_000_000)

  /// hablar presente yo: learned, then forgotten 8 times (8 lapses, 8 wrong); ser presente yo:
  /// missed 10 times while learning (10 wrong, no lapses).
  static func history() -> [AnsweredQuestion] {
    var answers: [AnsweredQuestion] = []
    func add(_ verb: String, _ form: String, right: Bool, day: Double) {
      answers.append(AnsweredQuestion(
        verb: verb, tense: "presente", person: "yo", expected: form, given: right ? form : "xx",
        result: right ? .correct : .wrong, date: start + day * 86_400, rating: right ? .easy : .again))
    }
    var day = 0.0
    for lapse in 0...8 {
      add("hablar", "hablo", right: true, day: day)
      if lapse == 8 { break }
      add("hablar", "hablo", right: false, day: day + 2)
      day += 3
    }
    for n in 0..<10 { add("ser", "soy", right: false, day: 40 + Double(n) / 100) }
    return answers
  }

  func world(_ settings: [String: String] = [:]) throws -> (World, Scoreboard) {
    let board = Scoreboard.inMemory()
    _ = try board.answers.importAnswers(Self.history())
    return (testWorld {
      $0.settings = Settings(store: InMemorySettingsStore(settings))
      $0.scoreboard = board
      $0.clock = WallClock.manual(Self.start + 400 * 86_400).0
    }, board)
  }

  @Test func leechesComeFirstInMissed() throws {
    let (world, _) = try world()
    World.withCurrent(world) {
      var app = App(size: size)
      app.press(.character("5"), .tab, .tab, .tab)
      #expect(app.progress.missed.map(\.item.verb) == ["hablar", "ser"])
      #expect(app.text.contains("leech, 8 lapses"))
    }
    // Leeches off: by wrong answers alone.
    let (off, _) = try self.world(["leech-threshold": "0"])
    World.withCurrent(off) {
      var app = App(size: size)
      app.press(.character("5"), .tab, .tab, .tab)
      #expect(app.progress.missed.map(\.item.verb) == ["ser", "hablar"])
    }
  }

  @Test func aLeechMissedIsSuspendedWhenTheSettingSaysSoAndUndoTakesItBack() throws {
    let (world, suspending) = try world(["leech-action": "suspend", "new-per-day": "0"])
    let hablar = Item(verb: "hablar", tense: "presente", person: "yo")
    try World.withCurrent(world) { () throws in
      var app = App(size: size)
      app.press(.character("2"), .character("r"))
      // The most forgotten first: answer until hablar is asked, wrong each time.
      for _ in 0..<2 where !app.text.contains("hablar") {
        app.type("xyz")
        app.press(.enter, .character(" "))
      }
      #expect(app.text.contains("hablar"))
      app.type("xyz")
      app.press(.enter)
      #expect(app.text.contains("A leech, now suspended: you have forgotten this 9 times"))
      // No promise of its coming back (issue 33, item 8).
      #expect(app.text.contains("Rated again · suspended"), "\(app.text)")
      #expect(!app.text.contains("again in"), "\(app.text)")
      #expect(try suspending.items.itemMarks().suspended == [hablar])
      app.press(.character("u"))
      #expect(try suspending.items.itemMarks().suspended.isEmpty)
    }
    // Suspended already (by another shell, while asked): the miss suspends nothing, and its undo
    // takes nothing back (issue 32, part 5).
    let (again, other) = try self.world(["leech-action": "suspend", "new-per-day": "0"])
    try World.withCurrent(again) { () throws in
      var app = App(size: size)
      app.press(.character("2"), .character("r"))
      for _ in 0..<2 where !app.text.contains("hablar") {
        app.type("xyz")
        app.press(.enter, .character(" "))
      }
      #expect(app.text.contains("hablar"))
      let suspended = [ItemEvent(item: hablar, action: .suspend, date: Self.start + 399 * 86_400)]
      #expect(try other.items.markItems(suspended) == 1)
      app.type("xyz")
      app.press(.enter)
      #expect(app.text.contains("A leech: you have forgotten this 9 times"))
      app.press(.character("u"))
      #expect(try other.items.itemMarks().events == suspended)
    }
    // The default: a notice only.
    let (notice, board) = try self.world(["new-per-day": "0"])
    try World.withCurrent(notice) { () throws in
      var app = App(size: size)
      app.press(.character("2"), .character("r"))
      for _ in 0..<2 where !app.text.contains("hablar") {
        app.type("xyz")
        app.press(.enter, .character(" "))
      }
      app.type("xyz")
      app.press(.enter)
      #expect(app.text.contains("A leech: you have forgotten this 9 times"))
      #expect(try board.items.itemMarks().suspended.isEmpty)
    }
  }
}

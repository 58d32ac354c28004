import ClockClient
import ConjugarCore
import Foundation
import TerminalClient
import RandomClient
import Testing

@testable import ConjugarTUI

/// Seeded random keys and sizes for the trainer, in a unit-test World: the same stream Scripts/chaos
/// sends the real binary, but fast and in process, so that a crash shows with its stack. Letters,
/// accents and ñ, the accent shortcuts, Enter, Esc, Tab, the arrows, PgUp/PgDn, Home/End,
/// Backspace/Delete, F1–F12, ?, the tab digits, Ctrl keys, control characters, odd Unicode; sizes
/// from 1x1 to 250x80 (and 0x0). After every key the frame is drawn; it must have the terminal's
/// size, a cursor inside it, and, when the terminal is large enough, the tab bar.
@Suite struct AppFuzzTests {
  static let keys = 3_000

  typealias Generator = SplitMix64  // seeded: the same keys every run

  static let typed = Array("abcdefghijklmnopqrstuvwxyzáéíóúüñÁÉÑ'~:/ -?12345fgGjkhl")
  static let odd: [Character] = [
    "\u{0}", "\u{1}", "\u{1B}", "\u{7F}", "\u{301}", "\u{308}", "\u{200B}", "\u{FEFF}", "💃", "🇪🇸", "日", "ß", "İ",
    "\u{10FFFF}", "\u{E000}", "\t", "\n",
  ]
  static let special: [Key] = [
    .enter, .escape, .backspace, .delete, .tab, .backTab, .up, .down, .left, .right, .pageUp, .pageDown, .home, .end,
  ]

  static func key(_ g: inout Generator) -> Key? {
    switch Int.random(in: 0..<100, using: &g) {
    case 0..<40: return .character(typed.randomElement(using: &g)!)
    case 40..<70: return special.randomElement(using: &g)!
    case 70..<75: return .enter
    case 75..<78: return .function(Int.random(in: 1...12, using: &g))
    case 78..<81: return .control(Character(Unicode.Scalar(UInt8.random(in: 97...122, using: &g))))
    case 81..<84: return .character(odd.randomElement(using: &g)!)
    case 84..<87: return nil  // a second passes
    case 87: return .character("q")
    case 88: return .escape
    case 89..<91: return .character(["y", "n", "Y", "N"].randomElement(using: &g)!)
    default: return .character(Character(String(Int.random(in: 1...5, using: &g))))
    }
  }

  static func size(_ g: inout Generator) -> Size {
    switch Int.random(in: 0..<10, using: &g) {
    case 0: return Size(columns: Int.random(in: 0...3, using: &g), rows: Int.random(in: 0...3, using: &g))
    case 1: return Size(columns: Int.random(in: 1...45, using: &g), rows: Int.random(in: 1...14, using: &g))
    case 2: return Size(columns: Int.random(in: 150...250, using: &g), rows: Int.random(in: 40...80, using: &g))
    case 3: return Size(columns: 40, rows: 12)
    default: return Size(columns: Int.random(in: 40...120, using: &g), rows: Int.random(in: 12...40, using: &g))
    }
  }

  @Test func randomKeysAndSizesNeverBreakTheFrame() {
    let (clock, hand) = WallClock.manual()
    let world = testWorld { $0.clock = clock }
    World.withCurrent(world) {
      var g = Generator(seed: 20261124)
      var app = App(size: Size(columns: 80, rows: 24))
      var quits = 0, quizzes = 0, tooSmall = 0
      for step in 0..<Self.keys {
        if Int.random(in: 0..<25, using: &g) == 0 {
          app.size = Self.size(&g)
          app.handle(.resize)
        } else if Int.random(in: 0..<150, using: &g) == 0 {
          // A burst that finishes a quiz (if nothing gets in its way): 2, Enter, 20 answers.
          let wasFinished = app.quiz.name == "quiz-results"
          app.handle(.character("2"))
          app.handle(.enter)
          for _ in 0..<20 {
            app.handle(.character(Self.typed.randomElement(using: &g)!))
            app.handle(.enter)
          }
          if !wasFinished, app.quiz.name == "quiz-results" { quizzes += 1 }
        } else {
          let key = Self.key(&g)
          if key == nil { hand.advance(by: 1) }
          let wasFinished = app.quiz.name == "quiz-results"
          app.handle(key)
          if !wasFinished, app.quiz.name == "quiz-results" { quizzes += 1 }
        }
        let frame = app.frame()
        #expect(frame.size == app.size, "step \(step)")
        #expect(frame.cells.count == max(0, app.size.columns) * max(0, app.size.rows), "step \(step)")
        if let cursor = frame.cursor {
          #expect(
            cursor.row >= 0 && cursor.row < app.size.rows && cursor.column >= 0 && cursor.column < app.size.columns,
            "step \(step): the cursor at \(cursor) in \(app.size)")
        }
        if app.isTooSmall {
          tooSmall += 1
        } else {
          // The tab bar, read from its row alone (the whole frame as text is slow in a debug build).
          let tabs = String((0..<app.size.columns).map { frame[1, $0].character })
          #expect(tabs.contains("Verbs") && tabs.contains("5"), "step \(step): no tab bar at \(app.size)")
        }
        if app.exitStatus != nil {
          quits += 1
          app = App(size: app.size)
        }
      }
      // Every path exercised: quitting, finishing quizzes, the too-small screen.
      #expect(quits > 5 && quizzes > 0 && tooSmall > 100, "quits \(quits), quizzes \(quizzes), too small \(tooSmall)")
    }
  }
}

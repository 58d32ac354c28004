import ConjugarCore
import SettingsClient
import SoundClient
import TerminalClient
import ConsoleClient
import Testing

@testable import ConjugarTUI

/// The frame (clipping, wide characters, the text tests read) and the trainer's loop on the
/// in-memory terminal.
@Suite struct TerminalTests {
  @Test func writingIsClippedToTheFrame() {
    var frame = Frame(size: Size(columns: 10, rows: 2))
    #expect(frame.write("conjugación", row: 0, column: 2) == 10)
    frame.write("fuera", row: 5, column: 0)
    frame.write("abc", row: 1, column: -1)
    frame.write("tengo", row: 1, column: 4, limit: 7)
    #expect(frame.text == "  conjugac\nbc  ten")
  }

  @Test func wideCharactersTakeTwoCellsAndNeverHalfOfOne() {
    var frame = Frame(size: Size(columns: 6, rows: 2))
    frame.write("a💃b", row: 0, column: 0)
    #expect(frame[0, 1].character == "💃" && frame[0, 2].isWideTail && frame[0, 3].character == "b")
    // One cell left at the edge: the emoji is left out rather than cut.
    frame.write("xy💃", row: 1, column: 3)
    #expect(frame.text == "a💃b\n   xy")
    // Overwriting half of a wide character blanks the other half.
    frame.write("z", row: 0, column: 2)
    #expect(frame.text == "a zb\n   xy")
    #expect("ñandú".terminalWidth == 5 && "e\u{301}".terminalWidth == 1 && "日本".terminalWidth == 4)
  }

  @Test func textCanMarkTheCellsOfAStyle() {
    var frame = Frame(size: Size(columns: 8, rows: 1))
    frame.write("ten", row: 0, column: 0)
    frame.write("g", row: 0, column: 3, style: .irregular)
    frame.write("o", row: 0, column: 4)
    #expect(frame.text(marking: [.irregular]) == "ten«g»o")
    #expect(frame.text == "tengo")
  }

  @Test func theLoopDrawsReadsKeysAndRestoresTheTerminal() {
    let (terminal, status) = run([.character("2"), .character("q")])
    #expect(status == 0)
    #expect(terminal.isRestored)
    #expect(terminal.draws == 2)
    #expect(terminal.text.contains("Press Enter to start"))
  }

  @Test func ctrlCEndsTheLoopWithStatus130() {
    let (terminal, status) = run([.character("/"), .interrupt, .character("q")])
    #expect(status == 130)
    #expect(terminal.isRestored)
  }

  @Test func theLoopRingsTheBellForAnEmptyAnswerWhenSoundIsOn() {
    func rings(_ settings: [String: String]) -> Int {
      let bells = SoundRecorder()
      let world = testWorld {
        $0.settings = Settings(store: InMemorySettingsStore(settings))
        $0.sound = .live($0.settings, bell: bells.sound.ring)
      }
      _ = run(in: world, [.character("2"), .enter, .enter])
      return bells.rings
    }
    #expect(rings([:]) == 1)
    #expect(rings(["sound": "off"]) == 0)
  }

  @Test func aPasteIsHandledBeforeTheNextFrame() {
    func draws(pasting text: String) -> (draws: Int, text: String) {
      let terminal = InMemoryTerminal(columns: 80, rows: 24)
      terminal.press(.character("/"))
      terminal.paste(text)
      var world = testWorld()
      world.makeTerminal = { terminal.terminal }
      #expect(World.withCurrent(world) { Trainer.run() } == 130)
      return (terminal.draws, terminal.text)
    }
    // The first frame, then one for "/" and the paste together.
    let tener = draws(pasting: "tener")
    #expect(tener.draws == 2)
    #expect(tener.text.contains("tener"))
    // A long paste still shows progress: a frame every `keysPerFrame` keys.
    #expect(draws(pasting: String(repeating: "a", count: 2 * Trainer.keysPerFrame + 200)).draws == 4)
  }

  @Test func aResizeRedrawsAtTheNewSize() {
    let terminal = InMemoryTerminal(columns: 80, rows: 24)
    terminal.resize(columns: 30, rows: 10)
    terminal.timeOut()
    terminal.resize(columns: 40, rows: 12)
    var world = testWorld()
    world.makeTerminal = { terminal.terminal }
    #expect(World.withCurrent(world) { Trainer.run() } == 130)
    #expect(terminal.frame?.size == Size(columns: 40, rows: 12))
    #expect(terminal.text.contains("1Verbs 2Quiz"))
  }

  @Test func withoutATerminalTheTrainerSaysSoAndExitsWith2() {
    let console = RecordingConsole()
    let world = testWorld {
      $0.makeTerminal = { throw TerminalError.notATerminal }
      $0.console = console.console
    }
    #expect(World.withCurrent(world) { Trainer.run() } == 2)
    #expect(console.error.hasPrefix("conjugar: the trainer needs a terminal: "))
    #expect(console.error.contains("`conjugar conjugate VERB`"))
  }
}

import ClockClient
import ConjugarCore
import TerminalClient
import Testing

@testable import ConjugarTUI

/// The loop tells the World's timing log when each frame is on the screen and when each key has
/// been read (`--timing-log`, for Scripts/bench); a second passing without a key is no key.
@Suite struct TimingLogTests {
  @Test func theLoopReportsEveryFrameAndEveryKey() {
    let recorder = TimingRecorder()
    let terminal = InMemoryTerminal(keys: [.character("2")])
    terminal.timeOut()
    terminal.press(.character("q"))
    let world = testWorld {
      $0.timingLog = recorder.timingLog
      $0.makeTerminal = { terminal.terminal }
    }
    #expect(World.withCurrent(world) { Trainer.run() } == 0)
    #expect(recorder.events == ["frame", "key", "frame", "frame", "key"])
  }
}

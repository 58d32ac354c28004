import BackgroundClient
import Foundation
import Synchronization
import Testing

/// The background executor: a thread per job on the device, at once or queued in tests.
@Suite struct BackgroundTests {
  @Test func inlineRunsTheJobBeforeItReturnsWithoutItsDelay() {
    let ran = Mutex(false)
    Background.inline.run("job", after: .seconds(60)) { ran.withLock { $0 = true } }
    #expect(ran.withLock { $0 })
  }

  @Test func aQueueRunsNothingUntilDrainedThenEachJobInOrderAndThoseTheyStart() {
    let queue = BackgroundQueue()
    let order = Mutex<[String]>([])
    let background = queue.background
    background.run("first") {
      order.withLock { $0.append("first") }
      background.run("started by first") { order.withLock { $0.append("started by first") } }
    }
    background.run("second", after: .seconds(2)) { order.withLock { $0.append("second") } }
    #expect(queue.names == ["first", "second"])
    #expect(order.withLock { $0 }.isEmpty)
    queue.runAll()
    #expect(order.withLock { $0 } == ["first", "second", "started by first"])
    #expect(queue.names.isEmpty)
  }

  @Test func liveRunsTheJobOnAThreadNamedAfterIt() {
    let done = DispatchSemaphore(value: 0)
    let name = Mutex<String?>(nil)
    Background.live.run("the job") {
      name.withLock { $0 = Thread.current.name }
      done.signal()
    }
    // A real thread: waited for (not timed), at most a minute on a loaded machine.
    #expect(done.wait(timeout: .now() + 60) == .success)
    #expect(name.withLock { $0 } == "the job")
  }
}

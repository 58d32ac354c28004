import Foundation

extension Background {
  /// A thread of its own for each job, which sleeps `delay` first.
  public static let live = Background { name, delay, job in
    Thread.detachNewThread {
      Thread.current.name = name
      if delay > .zero { Thread.sleep(forTimeInterval: delay / .seconds(1)) }
      job()
    }
  }
}

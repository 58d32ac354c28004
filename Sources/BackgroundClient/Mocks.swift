import Synchronization
import Unimplemented

extension Background {
  /// Runs each job at once, on the caller's thread, without waiting its delay: what it makes is
  /// there when the call that started it returns.
  public static let inline = Background { _, _, job in job() }
  /// Runs nothing: a job started is never done.
  public static let noop = Background { _, _, _ in }
  /// Fails the test that starts a job without saying so, naming the job.
  public static let failing = Background { name, _, _ in unimplemented("Background.run(\"\(name)\")") }
}

/// Keeps the jobs started, for a test to run when it chooses (``runAll()``): what a job does
/// before and after a key is then the test's to say, with no thread, no polling and no sleep.
public final class BackgroundQueue: Sendable {
  private let jobs = Mutex<[(name: String, job: @Sendable () -> Void)]>([])

  public init() {}

  /// The names of the jobs waiting, in the order they were started.
  public var names: [String] { jobs.withLock { $0.map(\.name) } }

  public var background: Background {
    Background { name, _, job in self.jobs.withLock { $0.append((name, job)) } }
  }

  /// Runs every job waiting, in the order they were started, on the caller's thread (and those
  /// they start, after them), until none is left.
  public func runAll() {
    while let next = jobs.withLock({ $0.isEmpty ? nil : $0.removeFirst() }) { next.job() }
  }
}

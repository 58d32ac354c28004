/// Where work off the key path runs: the memory model's fit and calibration, the IPA of a verb's
/// forms, the sync at the start, the trainer's warm-up, the history's integrity check and daily
/// backup. Each job is named (a failing double says which one it was asked for, a test's queue
/// lists them) and may wait a while before it starts (after the first frame, not competing with it
/// for the machine's cores).
public struct Background: Sendable {
  /// Starts `job` on its own after `delay`; returns at once (the live value) or once it has run
  /// (``inline``), or keeps it for a test to run (``BackgroundQueue``).
  public var start: @Sendable (_ name: String, _ delay: Duration, _ job: @escaping @Sendable () -> Void) -> Void

  public init(
    start: @escaping @Sendable (_ name: String, _ delay: Duration, _ job: @escaping @Sendable () -> Void) -> Void
  ) {
    self.start = start
  }

  /// Starts `job`, named `name`, after `delay`.
  public func run(_ name: String, after delay: Duration = .zero, _ job: @escaping @Sendable () -> Void) {
    start(name, delay, job)
  }
}

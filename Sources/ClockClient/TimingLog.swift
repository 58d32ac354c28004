/// How long the trainer takes to show things, for `Scripts/bench`: from the start of the process
/// (exec) to its first frame on the screen, and from each key read to the frame that answers it,
/// on a monotonic clock. The trainer's loop says when a frame is on the screen and when a key has
/// been read; the log does the timing. Only the ui-test World keeps one, and only when asked
/// (`conjugar --world ui-test --timing-log PATH`); everywhere else it is `.off`.
public struct TimingLog: Sendable {
  /// A frame is on the screen.
  public var frameShown: @Sendable () -> Void
  /// A key has been read.
  public var keyRead: @Sendable () -> Void

  public init(frameShown: @escaping @Sendable () -> Void, keyRead: @escaping @Sendable () -> Void) {
    self.frameShown = frameShown
    self.keyRead = keyRead
  }

  public static let off = TimingLog(frameShown: {}, keyRead: {})
}

import ConjugarCore
import TerminalClient

/// Measurements of the trainer in process, for Scripts/bench (through `conjugar-bench`).
public enum Measure {
  /// The trainer in the World `Current` was launched with, at `columns`×`rows`: the time from the
  /// key 5 to the Progress screen's frame (the figures read, the frame drawn), and that frame.
  public static func progressKey(columns: Int, rows: Int) -> (time: Duration, screen: String) {
    var app = App(size: Size(columns: columns, rows: rows))
    _ = app.frame()
    let start = ContinuousClock.now
    app.handle(.character("5"))
    let frame = app.frame()
    return (ContinuousClock.now - start, frame.text)
  }

  /// The time of what the trainer does for the Progress screen on a thread of its own once its
  /// first frame is up (the irregularity groups of the verbs answered).
  public static func warmProgress() -> Duration {
    let start = ContinuousClock.now
    ProgressScreen.warm(Current)
    return ContinuousClock.now - start
  }
}

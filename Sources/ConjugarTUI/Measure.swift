import BackgroundClient
import ConjugarCore
import ScoreboardClient
import Foundation
import TerminalClient

/// Measurements of the trainer in process, for Scripts/bench (through `conjugar-bench`), timed by
/// the clock the caller gives (the bench: `ContinuousClock()`).
public enum Measure {
  /// The trainer in the World `Current` was launched with, at `columns`×`rows`: the time from the
  /// key 5 to the Progress screen's frame (the figures read, the frame drawn), and that frame; then
  /// the time from the key until the calibration of the weights in use, worked out on a thread of
  /// its own, is there to draw (waited for, so that one is at work at a time). Today's plan, which
  /// a new App starts making on its thread, is waited for before the key, so that the key is timed
  /// alone (while the plan reads the items on the trainer's connection, a key's reads wait for it);
  /// `beforeKey` runs then.
  public static func progressKey(
    columns: Int, rows: Int, clock: some Clock<Duration>, beforeKey: () -> Void = {}
  ) -> (time: Duration, screen: String, calibration: Duration) {
    var app = App(size: Size(columns: columns, rows: rows))
    _ = app.frame()
    while app.awaitsPlan {
      sleepThisThread(.milliseconds(10))
      app.handle(nil)
    }
    beforeKey()
    let start = clock.now
    app.handle(.character("5"))
    let frame = app.frame()
    let time = start.duration(to: clock.now)
    _ = app.progress.memoryModel.calibration?.wait(seconds: 60)
    return (time, frame.text, start.duration(to: clock.now))
  }

  /// The trainer in the World `Current` was launched with, at `columns`×`rows`, on `verb`'s screen
  /// while it speaks: `s` (say the tense), Tab, ↓, and every tenth round `p` (the IPA, made on a
  /// thread of its own) — `rounds` times, `pause` apart, so that espeak-ng is at work between the
  /// keys; the time from each key to its frame (the key handled, the frame drawn).
  public static func keysWhileSpeaking(
    verb: String, columns: Int, rows: Int, rounds: Int, pause: Duration, clock: some Clock<Duration>
  ) -> [Duration] {
    var app = App(size: Size(columns: columns, rows: rows))
    app.handle(nil)
    app.routes[.verbs] = VerbTable(infinitive: verb).map { .verb($0, openedFrom: nil) }
    _ = app.frame()
    var times: [Duration] = []
    for round in 0..<rounds {
      let keys: [Key] = [.character("s"), .tab, .down] + (round % 10 == 0 ? [.character("p")] : [])
      for key in keys {
        let start = clock.now
        app.handle(key)
        _ = app.frame()
        times.append(start.duration(to: clock.now))
        sleepThisThread(pause)
      }
    }
    return times
  }

  /// The Verbs tab's list made as the first frame makes it (every verb, the most frequent first):
  /// how many it shows.
  public static func verbList() -> Int { VerbList(conjugator: Current.conjugator).shown.count }

  /// The time of what the trainer works out for the Progress screen on a thread of its own once its
  /// first frame is up (the kinds of the verbs answered: their irregularity groups, and whether they
  /// count as regular, which needs the models whose verbs do), done here.
  public static func warmProgress(clock: some Clock<Duration>) -> Duration {
    let start = clock.now
    ProgressScreen.warm(Current, background: .inline)
    return start.duration(to: clock.now)
  }

  /// Starts that warm-up on its thread, as the trainer does after its first frame, and returns at
  /// once: a Progress key then comes before it is done.
  public static func startWarmingProgress() {
    ProgressScreen.warm(Current, background: Current.background)
  }

  /// The forms browser on `states` (loaded as Progress's f loads them), at `columns`×`rows`: the
  /// time to load them, and from each of `keys` to its frame (the key handled, the frame drawn).
  public static func browserKeys(
    _ states: [ItemState], suspended: Set<Item>, keys: [Key], columns: Int, rows: Int, clock: some Clock<Duration>
  ) -> (load: Duration, keys: [Duration], screen: String) {
    var app = App(size: Size(columns: columns, rows: rows))
    app.handle(.character("5"))
    let start = clock.now
    var browser = FormBrowser()
    browser.leechLapses = 8
    browser.load(states, suspended: suspended, conjugator: Current.conjugator)
    app.routes[.progress] = .browser(browser)
    _ = app.frame()
    let load = start.duration(to: clock.now)
    var times: [Duration] = []
    for key in keys {
      let start = clock.now
      app.handle(key)
      _ = app.frame()
      times.append(start.duration(to: clock.now))
    }
    return (load, times, app.frame().text)
  }
}

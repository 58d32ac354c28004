import BackgroundClient
import ConjugarCore
import Foundation
import TerminalClient

/// The full-screen trainer.
public enum Trainer {
  /// Runs the trainer in the World `Current` was launched with, on its terminal; returns the exit
  /// status: 0 on quit, 130 on Ctrl-C, 2 when there is no terminal to run on.
  /// `practising`: open straight into that drill, asked in `mode` (`conjugar practice`).
  public static func run(practising drill: DrillSpec? = nil, mode: DrillMode = .type) -> Int32 {
    let terminal: Terminal
    do {
      terminal = try Current.makeTerminal()
    } catch {
      Current.console.writeError(
        """
        conjugar: the trainer needs a terminal: \(error).
        To print a verb's forms, run `conjugar conjugate VERB` (e.g. `conjugar conjugate tener`); \
        to list the verbs, `conjugar verbs`.

        """)
      return 2
    }
    return run(on: terminal, practising: drill, mode: mode)
  }

  /// The most keys typed ahead that are handled between two frames: a long paste still shows
  /// progress.
  static let keysPerFrame = 500

  /// Draws, waits for a key (a second at most, so that the quiz timer moves), updates, and again,
  /// until the learner quits; then gives the terminal back.
  static func run(on terminal: Terminal, practising drill: DrillSpec? = nil, mode: DrillMode = .type) -> Int32 {
    var app = App(size: terminal.size())
    if let drill { app.practise(drill, mode: mode) }
    var warmed = false
    var sync: SyncJob?
    var damageShown = false
    while app.exitStatus == nil {
      app.size = terminal.size()
      terminal.draw(app.frame())
      Current.timingLog.frameShown()
      if !warmed {
        // Once the first frame is up: the verb list's search and regular verbs, the quiz's pool of
        // verbs, so that starting a quiz is quick, and, in a job of its own, the groups of the
        // verbs answered, for the Progress screen's first frame.
        warmed = true
        let world = Current
        let search = app.verbs.warmUp
        world.background.run("warm-up") {
          search()
          QuizComposer.warm(world.conjugator)
        }
        ProgressScreen.warm(world, background: world.background)
        sync = SyncJob.start(in: world)
      }
      // Damage found in the history since the start (the check in the background, a read): said
      // at once, not at the next start.
      if !damageShown, let damage = Current.scoreboard.damage() {
        damageShown = true
        app.notice(
          "Your scores file is damaged (\(damage.prefix(80))): quit and start conjugar again to salvage it; "
            + "conjugar doctor tells more.")
        continue  // drawn at once
      }
      if let outcome = sync?.take() {
        app.notice(outcome)
        sync = nil
        continue  // drawn at once
      }
      // Each second, so that the quiz timer moves; often while the verb screen's IPA is being made.
      let key = terminal.readKey(
        app.awaitsPronunciation ? .milliseconds(20) : app.awaitsFit || app.awaitsPlan || sync != nil ? .milliseconds(200) : .seconds(1))
      if key != nil { Current.timingLog.keyRead() }
      app.size = terminal.size()
      app.handle(key)
      // Keys already typed (a paste, a held key) are handled before the next frame, so that a
      // paste of thousands of characters draws a few frames, not one per character.
      var typedAhead = 0
      while key != nil, app.exitStatus == nil, typedAhead < Self.keysPerFrame, let next = terminal.readKey(.zero) {
        typedAhead += 1
        app.size = terminal.size()
        app.handle(next)
      }
    }
    terminal.restore()
    Current.sync.startAfterQuit()
    return app.exitStatus ?? 0
  }
}

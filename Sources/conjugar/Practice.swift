import ArgumentParser
import ConjugarCore
import ConjugarOptions
import ConjugarWorlds
import ConjugarEngine
import ConjugarTUI
import Foundation
import RandomClient

#if canImport(Glibc)
  import Glibc
#endif

/// `conjugar practice [filters]`: the trainer, opened straight into a drill (for a shell alias).
struct Practice: ParsableCommand, RunsInTrainersWorld {
  static let configuration = CommandConfiguration(
    commandName: "practice", abstract: "Open the trainer straight into a drill composed by these filters (as `drill` takes them).")

  @OptionGroup var practice: PracticeOptions

  @OptionGroup var launch: LaunchOptions

  @Flag(help: ArgumentHelp(
    "A conversation of lines instead of the full screen: each question a line, the answer read as a line, the verdict in words (a screen reader, a dumb terminal, a pipe). Chosen by itself when standard input or output is not a terminal, or TERM is dumb or unset."))
  var plain = false

  func run() throws {
    // The trainer's World, made by main from `launch` (RunsInTrainersWorld), is `Current` already.
    let conjugator = Current.conjugator
    let spec = try practice.spec(conjugator: conjugator, files: Current.fileSystem)
    // A drill that cannot be made fails here, as `drill` does, before any screen is drawn.
    try PracticeOptions.check(spec, mode: practice.mode, conjugator: conjugator)
    if Self.isPlain(asked: plain) { throw ExitCode(try Self.converse(spec, mode: practice.mode, options: try? practice.arguments())) }
    throw ExitCode(Trainer.run(practising: spec, mode: practice.mode))
  }

  /// The drill as a conversation of lines (``PlainConversation``) on standard input and output;
  /// standard input ending is `:quit`. Exit status 0.
  static func converse(_ spec: DrillSpec, mode: DrillMode, options: [String]?) throws -> Int32 {
    let world = Current
    let session: Session
    do {
      session = try Session.drill(spec, mode: mode, settings: world.settings.values, conjugator: world.conjugator, random: world.random, clock: world.clock)
    } catch {
      throw CommandFailure("\(error)")
    }
    var out = StandardOutput()
    out.write(world.notices.map { $0 + "\n" }.joined())
    return converse(
      PlainConversation(session: session, in: world, speaksAnswers: world.settings.speakAnswers.isOn,
        drill: options.map { SaveableDrill(options: $0, parser: .commandLine) }))
  }

  /// Lines rather than the full screen: asked for (`--plain`, or the `plain` setting), or nothing
  /// else can be (a pipe, a dumb terminal). Read once the World is launched.
  static func isPlain(asked: Bool) -> Bool {
    asked || Current.settings.plain.isOn || !Current.console.isInteractive()
  }

  /// What Ctrl-C says before the program ends (status 130): one line, the answers being kept as
  /// they are given.
  static let interrupted = "Stopped by Ctrl-C: every answer you gave is kept."

  /// Runs `conversation` on standard input and output; standard input ending is `:quit`; Ctrl-C
  /// stops it at once, saying ``interrupted``, status 130 (128 + SIGINT, as the full screen's).
  /// Syncs as the full-screen trainer does, where sync is set up (``SyncJob``): once the opening is
  /// said, in the background, its outcome said in one line before the next reply; at the end, a
  /// sync of its own that outlives this one.
  static func converse(_ conversation: some LineConversation) -> Int32 {
    var conversation = conversation
    var out = StandardOutput()
    var sync: SyncJob?
    func say(_ lines: [String]) {
      let outcome = sync?.take()
      if outcome != nil { sync = nil }
      for line in PlainConversation.bounded(outcome.map { [$0] } ?? []) + lines { out.write(line + "\n") }
      out.flush()
    }
    defer { Current.sync.startAfterQuit() }
    Current.console.catchInterrupts()
    say(conversation.opening())
    sync = SyncJob.start(in: Current)
    while true {
      guard let line = Current.console.readLine() else {
        if Current.console.interrupted() {
          say([interrupted])
          return 130
        }
        // Standard input ending is :quit: to the session under way, then to the menu.
        for _ in 0..<2 {
          let (lines, done) = conversation.take(":quit")
          say(lines)
          if done { break }
        }
        return 0
      }
      let (lines, done) = conversation.take(line)
      say(lines)
      if done { return 0 }
    }
  }
}

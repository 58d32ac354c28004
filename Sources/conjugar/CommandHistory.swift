import ArgumentParser
import ConjugarCore
import ScoreboardClient

extension World {
  /// The history a command reads and writes: `scoreboard`, opened at first use. One the World
  /// could not open (a newer version's file, a folder that can't be written) stops the command
  /// with the reason, in the system's words: a command keeps nothing in memory.
  func history() throws -> Scoreboard {
    let board = scoreboard
    if let unusable = board.unusable {
      throw CommandFailure("the history can't be opened: \(unusable)")
    }
    if let notice = board.notice { StandardError.write("conjugar: \(notice)\n") }
    return board
  }

  /// Runs `body` on the history. Damage met as it reads (SQLite's, or a row that is no answer the
  /// trainer could give) marks the file for salvage: the history is opened again, which salvages
  /// it as the trainer's start does (and says so), and `body` runs once more on what was recovered.
  func readingHistory<T>(_ body: (Scoreboard) throws -> T) throws -> T {
    do {
      return try body(try history())
    } catch let error as SQLiteError where error.isDamage {
      StandardError.write("conjugar: \(error)\n")
      _ = reopenedScoreboard()
      return try body(try history())
    }
  }
}

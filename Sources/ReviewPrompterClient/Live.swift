import ClockClient
import FileStorage
import Foundation
import Synchronization

extension ReviewPrompter {
  /// Invites feedback after a few promptable actions (finished quizzes), at most once in 90 days.
  ///
  /// Remembers in `review-prompter.json` in `directory` the actions since the last invitation and
  /// its date, replacing the file atomically. A file it cannot read counts as a fresh start (and is
  /// overwritten on the next action); when it cannot save, it never invites (it could not remember
  /// having done so) and never fails. `files`: where the file is read and written.
  public static func live(directory: URL, clock: WallClock, files: FileClient = .live) -> ReviewPrompter {
    let prompter = LiveReviewPrompter(
      path: directory.appendingPathComponent(LiveReviewPrompter.fileName).path, files: files)
    return ReviewPrompter(promptableActionHappened: { prompter.actionHappened(now: clock.now()) })
  }
}

/// What the prompter remembers between runs.
struct ReviewPrompterState: Codable, Equatable {
  /// Promptable actions since the last invitation (since the start, before the first).
  var actions: Int
  /// When the invitation was last shown, to the second.
  var lastPrompt: Date?
}

final class LiveReviewPrompter: Sendable {
  static let fileName = "review-prompter.json"
  /// Actions before the first invitation, and between two.
  static let actionsBeforePrompt = 3
  /// The shortest time between two invitations.
  static let interval: TimeInterval = 90 * 24 * 60 * 60

  let path: String
  /// Where the file is read.
  let files: FileClient
  /// Replaces the file at a path with bytes; false if it could not (a seam for tests).
  let write: @Sendable ([UInt8], String) -> Bool
  /// One action at a time in this program (read, count, write).
  private let lock = Mutex(())

  /// `write`: `files`' atomic write unless a test gives another.
  init(path: String, files: FileClient = .live, write: (@Sendable ([UInt8], String) -> Bool)? = nil) {
    self.path = path
    self.files = files
    self.write = write ?? { bytes, path in (try? files.write(bytes, to: path)) != nil }
  }

  func actionHappened(now: Date) -> String? {
    lock.withLock { _ in
      var state = load() ?? ReviewPrompterState(actions: 0, lastPrompt: nil)
      // A hand-edited count cannot overflow; a last prompt in the future (a clock set wrong then)
      // counts from now, so that it cannot silence the prompter for years.
      state.actions = min(max(state.actions, 0), 1_000_000) + 1
      if let last = state.lastPrompt, last > now { state.lastPrompt = now }
      let due =
        state.actions >= Self.actionsBeforePrompt
        && state.lastPrompt.map { now.timeIntervalSince($0) >= Self.interval } ?? true
      if due {
        state.actions = 0
        state.lastPrompt = now
      }
      // Only an invitation that is remembered is shown: otherwise it would come back every time.
      return save(state) && due ? ReviewPrompter.invitation : nil
    }
  }

  func load() -> ReviewPrompterState? {
    guard case .contents(let bytes, _) = files.read(path, 64 * 1024) else { return nil }
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .iso8601
    return try? decoder.decode(ReviewPrompterState.self, from: Data(bytes))
  }

  func save(_ state: ReviewPrompterState) -> Bool {
    let encoder = JSONEncoder()
    encoder.dateEncodingStrategy = .iso8601
    encoder.outputFormatting = [.sortedKeys]
    guard var data = try? encoder.encode(state) else { return false }
    data.append(UInt8(ascii: "\n"))
    return write(Array(data), path)
  }
}

import Synchronization
import Unimplemented

extension ReviewPrompter {
  /// Never prompts.
  public static let noop = ReviewPrompter(promptableActionHappened: { nil })
  /// Fails the test that uses it without saying so.
  public static let failing = ReviewPrompter(promptableActionHappened: { unimplemented("ReviewPrompter") })
}

/// Counts the promptable actions and prompts on the ones it is told to, for tests.
public final class ReviewPrompterRecorder: Sendable {
  private let count = Mutex(0)
  private let promptOn: Set<Int>

  /// `promptOn`: the 1-based actions that show the invitation.
  public init(promptOn: Set<Int> = [1]) { self.promptOn = promptOn }

  public var actions: Int { count.withLock { $0 } }

  public var reviewPrompter: ReviewPrompter {
    ReviewPrompter(promptableActionHappened: {
      let n = self.count.withLock {
        $0 += 1
        return $0
      }
      return self.promptOn.contains(n) ? ReviewPrompter.invitation : nil
    })
  }
}

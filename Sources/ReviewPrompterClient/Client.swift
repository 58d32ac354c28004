/// Asks for feedback now and then: told when a promptable action happens (a finished quiz), it
/// answers with the invitation to show, or nil.
public struct ReviewPrompter: Sendable {
  public var promptableActionHappened: @Sendable () -> String?

  public init(promptableActionHappened: @escaping @Sendable () -> String?) {
    self.promptableActionHappened = promptableActionHappened
  }

  public static let invitation =
    "Enjoying conjugar? Tell us what to improve: https://github.com/conjugar/conjugar/issues"
}

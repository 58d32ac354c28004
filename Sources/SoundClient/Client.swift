/// The chime for a correct answer.
public struct Sound: Sendable {
  public var chime: @Sendable () -> Void

  public init(chime: @escaping @Sendable () -> Void) { self.chime = chime }

  public static let silent = Sound(chime: {})
}

/// The one bell: a chime for a right answer, a ring for a slip. Whether it sounds is the live
/// value's business (the sound setting), not its callers'.
public struct Sound: Sendable {
  public var ring: @Sendable () -> Void

  public init(ring: @escaping @Sendable () -> Void) { self.ring = ring }
}

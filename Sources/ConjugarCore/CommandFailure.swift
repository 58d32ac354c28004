/// What went wrong in a command, in a sentence: main writes `conjugar: MESSAGE` on standard error
/// and exits with status 1. (Usage errors are argument-parser's, status 2.)
public struct CommandFailure: Error, CustomStringConvertible {
  public var description: String
  public init(_ description: String) { self.description = description }
}

import Foundation
import PlainText

/// git, run as a program of its own (never linked, no shell): its exit status and what it printed.
/// It never asks for a password on the terminal (GIT_TERMINAL_PROMPT=0): a remote that needs one
/// fails, with git's message.
///
/// How it is run is one closure (``Runner``): the program itself (``live``), or in a test a double
/// that answers as a remote offline, a push refused or a rebase in conflict would, without git.
public struct Git: Sendable {
  public let directory: URL
  /// Runs git with these arguments in this folder: its exit status and what it printed.
  public typealias Runner = @Sendable (_ arguments: [String], _ folder: URL) -> Outcome
  let runner: Runner

  public init(directory: URL, runner: @escaping Runner) {
    self.directory = directory
    self.runner = runner
  }

  public struct Outcome: Sendable {
    public var status: Int32
    public var output: String
    public var succeeded: Bool { status == 0 }

    public init(status: Int32, output: String) {
      self.status = status
      self.output = output
    }
    /// git's message whole on one line, for the bottom line or a notice: its non-empty lines
    /// joined by "; ", each line's closing full stop before a "; " dropped.
    public var line: String {
      let lines = output.split(whereSeparator: \.isNewline).map { $0.trimmingSpaces() }.filter { !$0.isEmpty }
      guard let last = lines.last else { return "git exited with status \(status)" }
      return (lines.dropLast().map { $0.hasSuffix(".") ? String($0.dropLast()) : $0 } + [last]).joined(separator: "; ")
    }
  }

  @discardableResult
  public func run(_ arguments: [String], in folder: URL? = nil) -> Outcome { runner(arguments, folder ?? directory) }
}

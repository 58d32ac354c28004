import BackgroundClient
import ClockClient
import FileStorage
import Foundation
import RandomClient
import ScoreboardClient
import ScoreboardLive
import SpacedRepetition
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// Runs `body` with a fresh folder under the system's temporary folder, removed afterwards (modes
/// restored first, so that folders a test made read-only go too).
func withTemporaryDirectory<T>(_ body: (URL) throws -> T) throws -> T {
  let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
    "conjugar-client-tests-\(UUID().uuidString)", isDirectory: true)
  try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  defer {
    if let paths = FileManager.default.enumerator(atPath: directory.path) {
      for case let path as String in paths { chmod(directory.appendingPathComponent(path).path, 0o700) }
    }
    try? FileManager.default.removeItem(at: directory)
  }
  return try body(directory)
}

/// A folder under `base` in which nothing can be created: a folder with mode 0500 — or, where
/// modes stop no one (the tests running as root), a path under a regular file.
func unwritableDirectory(in base: URL) throws -> URL {
  let readOnly = base.appendingPathComponent("read-only", isDirectory: true)
  try FileManager.default.createDirectory(at: readOnly, withIntermediateDirectories: true)
  chmod(readOnly.path, 0o500)
  if access(readOnly.path, W_OK) != 0 { return readOnly }
  let file = base.appendingPathComponent("a-regular-file")
  try Data("not a folder\n".utf8).write(to: file)
  return file.appendingPathComponent("conjugar", isDirectory: true)
}

/// The names in `directory`, sorted.
func fileNames(in directory: URL) throws -> [String] {
  try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
}

/// Whether `text` matches the whole of `pattern`.
func matches(_ text: String, _ pattern: String) -> Bool {
  text.range(of: "^(?:\(pattern))$", options: .regularExpression) != nil
}

/// Runs `body` for each of `0..<iterations`, on as many threads as there are cores, and returns
/// what went wrong: the problems `body` returned and the errors it threw. (Expectations are
/// checked afterwards, on the test's own thread.)
func problemsRunningConcurrently(_ iterations: Int, _ body: @Sendable (Int) throws -> String?) -> [String] {
  let problems = ProblemList()
  DispatchQueue.concurrentPerform(iterations: iterations) { index in
    do {
      if let problem = try body(index) { problems.add("\(index): \(problem)") }
    } catch {
      problems.add("\(index): \(error)")
    }
  }
  return problems.all
}

final class ProblemList: Sendable {
  private let list = Mutex<[String]>([])
  func add(_ problem: String) { list.withLock { $0.append(problem) } }
  var all: [String] { list.withLock { $0 } }
}

/// Runs `body` on a thread of its own and returns its result, or nil if it has not returned within
/// `seconds` (a hang: the thread is left blocked, and the test fails rather than waits forever).
func finishing<T: Sendable>(within seconds: Double, _ body: @escaping @Sendable () throws -> T) -> Result<T, any Error>? {
  let result = Mutex<Result<T, any Error>?>(nil)
  let done = DispatchSemaphore(value: 0)
  Thread.detachNewThread {
    let value = Result { try body() }
    result.withLock { $0 = value }
    done.signal()
  }
  guard done.wait(timeout: .now() + seconds) == .success else { return nil }
  return result.withLock { $0 }
}

/// The kind of file at `path`, not following a final symbolic link (`S_IFIFO`, `S_IFLNK`…), or nil.
func fileType(_ path: String) -> mode_t? {
  var info = stat()
  guard lstat(path, &info) == 0 else { return nil }
  return info.st_mode & S_IFMT
}

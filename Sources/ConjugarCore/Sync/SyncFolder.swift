import ConjugarEngine
import FileStorage
import Foundation
import PlainText
import RandomClient
import ScoreboardClient

/// One history on every machine, through a folder they all see: a git work tree (the learner's
/// own repository) or a folder a sync tool keeps (Syncthing, Dropbox, NFS).
///
/// Each machine writes only its own files, `machines/<its id>/answers-<first>-<last>.csv`: its
/// answers in the history's CSV contract, in chunks of at most 10,000, named by the first and last
/// of their ids in its own database, each written whole under another name, then renamed. No file is
/// ever written by two machines, so git never meets a conflict in one. A machine reads the others'
/// files and merges them (``Scoreboard/Answers/mergeAnswers``: idempotent, an answer's identity decides),
/// and the review states follow from the merged answers, replayed in time order.
public struct SyncFolder: Sendable {
  public let root: URL
  public let machine: String
  /// Where the folder is read and written: the file system, or a test's.
  let files: FileClient

  /// Answers per file.
  public static let chunk = 10_000
  /// A larger file is no file of ours: never read.
  public static let largestFile = 64 << 20

  public init(root: URL, machine: String, files: FileClient) {
    self.root = root
    self.machine = machine
    self.files = files
  }

  var machines: URL { root.appendingPathComponent("machines") }
  public var own: URL { machines.appendingPathComponent(machine) }

  /// A machine id: 16 lowercase hexadecimal digits.
  public static func isMachineID(_ name: String) -> Bool {
    name.count == 16 && name.allSatisfy { $0.isHexDigit && !$0.isUppercase }
  }

  /// `answers-<first>-<last>.csv`: the ids, or nil for any other name.
  static func ids(of name: String) -> (first: Int64, last: Int64)? {
    guard name.hasPrefix("answers-"), name.hasSuffix(".csv") else { return nil }
    let parts = name.dropFirst("answers-".count).dropLast(".csv".count).split(separator: "-", omittingEmptySubsequences: false)
    guard parts.count == 2, let first = Int64(parts[0]), let last = Int64(parts[1]), first > 0, first <= last,
      parts.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) })
    else { return nil }
    return (first, last)
  }

  /// The last answer id this machine has written out.
  public func writtenUpTo() -> Int64 {
    return files.list(own.path).compactMap { Self.ids(of: $0)?.last }.max() ?? 0
  }

  /// Writes `answers` (in id order) as new files of this machine; returns how many files.
  public func write(_ answers: [(id: Int64, answer: AnsweredQuestion)]) throws -> Int {
    try files.createDirectory(own.path)
    // A file half written by a sync that was killed (`.NAME.tmp-…`; `.NAME.partial-…` before
    // 0.7): never committed, never read; gone, before git could take it. (No other sync of this
    // home runs: ours holds the lock.)
    for name in files.list(own.path) where name.hasPrefix(".") && (name.contains(literal: ".tmp-") || name.contains(literal: ".partial-")) {
      try? files.remove(own.appendingPathComponent(name).path)
    }
    var written = 0
    for start in stride(from: 0, to: answers.count, by: Self.chunk) {
      let part = answers[start..<min(start + Self.chunk, answers.count)]
      let name = "answers-\(part.first!.id)-\(part.last!.id).csv"
      let text = HistoryFile.header(.csv) + part.map { HistoryFile.line($0.answer, .csv) }.joined()
      try files.write(text, to: own.appendingPathComponent(name).path)
      written += 1
    }
    return written
  }

  /// A file of another machine, whole.
  public struct Found: Sendable {
    public var machine: String
    public var name: String
    public var url: URL
    /// In bytes, when it was listed.
    public var size: Int
  }

  /// The other machines' files: regular files (no links) of the right name in folders named by a
  /// machine id; anything else there is left alone, never followed.
  public func othersFiles() -> (files: [Found], skipped: [String]) {
    var found: [Found] = []
    var skipped: [String] = []
    for id in files.list(machines.path).sorted() {
      guard id != machine else { continue }
      let folder = machines.appendingPathComponent(id)
      guard Self.isMachineID(id), files.entry(folder.path)?.kind == .directory else {
        if !id.hasPrefix(".") { skipped.append("machines/\(id): not a machine's folder") }
        continue
      }
      for name in files.list(folder.path).sorted() {
        if name.hasPrefix(".") { continue }  // another machine's file being written
        // othersMemory(), othersMarks() and othersWithdrawn() read them.
        if name == Self.memoryName || name == Self.marksName || name == Self.withdrawnName { continue }
        let entry = files.entry(folder.appendingPathComponent(name).path)
        guard Self.ids(of: name) != nil, let entry, entry.kind == .file else {
          skipped.append("machines/\(id)/\(name): not an answers file")
          continue
        }
        guard entry.size <= Self.largestFile else {
          skipped.append("machines/\(id)/\(name): larger than \(Self.largestFile >> 20) MB")
          continue
        }
        found.append(Found(machine: id, name: name, url: folder.appendingPathComponent(name), size: entry.size))
      }
    }
    return (found, skipped)
  }
}

extension SyncFolder {
  /// A machine's fitted memory model (``FittedMemory/line``), beside its answers.
  static let memoryName = "memory"

  /// The memory models the other machines put in use: a regular file of one line, or nothing.
  public func othersMemory() -> [(machine: String, memory: FittedMemory)] {
    files.list(machines.path).sorted().compactMap { id in
      guard id != machine, Self.isMachineID(id) else { return nil }
      guard let text = ownText(of: id, Self.memoryName, limit: 4095),
        let memory = FittedMemory(line: text.trimmingWhitespace())
      else { return nil }
      return (id, memory)
    }
  }

  /// Writes this machine's memory model in use, when it is a fitted one not written yet.
  public func writeMemory(_ memory: FittedMemory?) throws {
    guard let memory else { return }
    try writeWhole(Self.memoryName, memory.line + "\n")
  }

  /// Writes `text` as this machine's file `name`, unless it holds that already: beside it, then
  /// renamed over it (``FileClient/write``: rename(2) puts it in place at once).
  func writeWhole(_ name: String, _ text: String) throws {
    let file = own.appendingPathComponent(name).path
    if files.text(file, limit: text.utf8.count) == text { return }
    try files.write(text, to: file)
  }

  /// Whether machine `id`'s `name` is a regular file (a link is none: left alone, unnamed).
  func isFile(_ id: String, _ name: String) -> Bool {
    files.entry(machines.appendingPathComponent(id).appendingPathComponent(name).path)?.kind == .file
  }

  /// The text of machine `id`'s file `name`, when it is a regular file (no link) of at most `limit`
  /// bytes in UTF-8.
  func ownText(of id: String, _ name: String, limit: Int) -> String? {
    let file = machines.appendingPathComponent(id).appendingPathComponent(name).path
    guard files.entry(file)?.kind == .file else { return nil }
    return files.text(file, limit: limit)
  }
}

extension SyncFolder {
  /// A machine's forms' marks (suspended, reset: ``MarksFile``), beside its answers, written whole
  /// at each sync: every mark it holds, its own and those it merged (the later event wins, so
  /// merging a mark twice, or from two machines, changes nothing).
  static let marksName = "marks.csv"
  /// The largest marks file read (some 200,000 events).
  static let largestMarks = 16 << 20

  /// The marks of the other machines, each file checked as `items import` checks one (a file with
  /// a bad row is left alone, named in `skipped`).
  public func othersMarks(conjugator: Conjugator, now: Date) -> (events: [ItemEvent], skipped: [String]) {
    var events: [ItemEvent] = []
    var skipped: [String] = []
    for id in files.list(machines.path).sorted() where id != machine && Self.isMachineID(id) {
      guard isFile(id, Self.marksName) else { continue }
      guard let text = ownText(of: id, Self.marksName, limit: Self.largestMarks) else {
        skipped.append("machines/\(id)/\(Self.marksName): not a marks file")
        continue
      }
      let (read, bad) = MarksFile.read(text, conjugator: conjugator, now: now)
      if let first = bad.first {
        skipped.append("machines/\(id)/\(Self.marksName): \(first)" + (bad.count > 1 ? " (and \(bad.count - 1) more bad rows)" : ""))
        continue
      }
      events += read
    }
    return (events, skipped)
  }

  /// Writes this machine's marks (all it holds), when they changed.
  public func writeMarks(_ marks: ItemMarks) throws {
    guard !marks.marks.isEmpty || files.exists(own.appendingPathComponent(Self.marksName).path)
    else { return }
    try writeWhole(Self.marksName, MarksFile.text(marks))
  }
}

extension SyncFolder {
  /// A machine's answers taken back (``AnswerIdentity``), beside its answers, written whole at each
  /// sync: the header `id`, then one identity a line, sorted — every one it holds, its own and
  /// those it learned, so that a machine that joins later learns them all from any machine.
  static let withdrawnName = "withdrawn.csv"

  /// The identities the other machines took back; a file that is not one (a line that is no
  /// identity, a link, too large) is left alone, named in `skipped`.
  public func othersWithdrawn() -> (identities: [String], skipped: [String]) {
    var identities: [String] = []
    var skipped: [String] = []
    for id in files.list(machines.path).sorted() where id != machine && Self.isMachineID(id) {
      guard isFile(id, Self.withdrawnName) else { continue }
      let text = ownText(of: id, Self.withdrawnName, limit: Self.largestMarks)
      guard let text, case .success(let read) = Self.withdrawnIdentities(text) else {
        skipped.append("machines/\(id)/\(Self.withdrawnName): not a file of answers taken back")
        continue
      }
      identities += read
    }
    return (identities, skipped)
  }

  /// Writes the identities this machine holds as taken back, when they changed.
  public func writeWithdrawn(_ identities: [String]) throws {
    guard !identities.isEmpty || files.exists(own.appendingPathComponent(Self.withdrawnName).path)
    else { return }
    try writeWhole(Self.withdrawnName, Self.withdrawnText(identities))
  }

  /// A file of answers taken back: the header `id`, then one identity a line, sorted.
  public static func withdrawnText(_ identities: [String]) -> String {
    (["id"] + identities.sorted()).joined(separator: "\n") + "\n"
  }

  /// The identities of such a file (blank lines aside), or its first bad line: no header `id`, a
  /// line that is no identity.
  public static func withdrawnIdentities(_ text: String) -> Result<[String], HistoryFile.BadRow> {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().filter { !$0.element.isEmpty }
    guard lines.first?.element == "id" else { return .failure(.init(line: (lines.first?.offset ?? 0) + 1, reason: "the header must be id")) }
    var identities: [String] = []
    for (index, line) in lines.dropFirst() {
      guard AnswerIdentity.isValid(String(line)) else {
        return .failure(.init(line: index + 1, reason: "\"\(line.prefix(70))\" is no answer's identity (16 lowercase hexadecimal digits)"))
      }
      identities.append(String(line))
    }
    return .success(identities)
  }
}

/// This machine's id, made once and kept in the data folder (`machine-id`).
public enum MachineID {
  /// The id kept in `directory`, or a new one made from `random` and kept there.
  public static func load(in directory: URL, random: RandomSource, files: FileClient) throws -> String {
    let file = directory.appendingPathComponent("machine-id").path
    if let text = files.text(file, limit: 4096) {
      let id = text.trimmingWhitespace()
      if SyncFolder.isMachineID(id) { return id }
    }
    let id = random.next().zeroPadded(16, radix: 16)
    try files.write(id + "\n", to: file)
    return id
  }
}

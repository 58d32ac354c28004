import ConjugarCore
import ConjugarEngine
import FileStorage
import Foundation
import ScoreboardClient
import ScoreboardLive
import SyncClient
import Testing

/// The sync folder's layout, read and written through a file system in memory: what is taken,
/// what is left alone and why, and what this machine writes.
@Suite struct SyncFolderTests {
  let me = "00000000000000aa"
  let other = "00000000000000bb"
  let root = "/shared"

  private func answers(_ count: Int) -> [(id: Int64, answer: AnsweredQuestion)] {
    (1...count).map { index in
      let answer = AnsweredQuestion(
        verb: "hablar", tense: "presente", person: "yo", expected: "hablo", given: "hablo", result: .correct,
        date: Date(timeIntervalSince1970: 1_764_000_000 + Double(index)), seconds: 2)
      return (Int64(index), answer)
    }
  }

  @Test func theOthersFilesAreTakenAndAnythingElseIsNamed() {
    let files = InMemoryFiles([
      "\(root)/machines/\(other)/answers-1-3.csv": "date\n",
      "\(root)/machines/\(other)/answers-4-2.csv": "date\n",
      "\(root)/machines/\(other)/notes.txt": "hola",
      "\(root)/machines/\(other)/.answers-5-6.csv.tmp-1-x": "being written",
      "\(root)/machines/\(other)/marks.csv": "",
      "\(root)/machines/\(me)/answers-1-1.csv": "mine",
      "\(root)/machines/README": "not a folder",
    ])
    files.put("\(root)/machines/\(other)/answers-7-9.csv", .link("/etc/passwd"))
    files.put("\(root)/machines/\(other)/answers-10-12.csv", .special)
    files.put("\(root)/machines/00000000000000cc", .link("\(root)/machines/\(other)"))
    let folder = SyncFolder(root: URL(fileURLWithPath: root), machine: me, files: files.client)
    let (found, skipped) = folder.othersFiles()
    #expect(found.map(\.name) == ["answers-1-3.csv"])
    #expect(found.first?.size == 5)
    #expect(
      skipped == [
        "machines/\(other)/answers-10-12.csv: not an answers file",
        "machines/\(other)/answers-4-2.csv: not an answers file",
        "machines/\(other)/answers-7-9.csv: not an answers file",
        "machines/\(other)/notes.txt: not an answers file",
        "machines/00000000000000cc: not a machine's folder",
        "machines/README: not a machine's folder",
      ])
  }

  @Test func thisMachineWritesItsAnswersInChunksNamedByTheirIds() throws {
    let files = InMemoryFiles([
      "\(root)/machines/\(me)/.answers-1-2.csv.partial-99": "killed half way (0.6)",
      "\(root)/machines/\(me)/.answers-3-4.csv.tmp-99-x1": "killed half way",
    ])
    let folder = SyncFolder(root: URL(fileURLWithPath: root), machine: me, files: files.client)
    #expect(folder.writtenUpTo() == 0)
    let written = try folder.write(answers(SyncFolder.chunk + 1))
    #expect(written == 2)
    #expect(
      files.list("\(root)/machines/\(me)") == ["answers-1-10000.csv", "answers-10001-10001.csv"],
      "what killed syncs left half written is gone before git could take it")
    #expect(folder.writtenUpTo() == 10_001)
    let last = files.text("\(root)/machines/\(me)/answers-10001-10001.csv") ?? ""
    #expect(last.hasPrefix(HistoryFile.header(.csv)))
    #expect(last.split(separator: "\n").count == 2)
  }

  @Test func theMachineIDIsKeptAndReadAgain() throws {
    let files = InMemoryFiles()
    let data = URL(fileURLWithPath: "/home/ana/.local/share/conjugar")
    let id = try MachineID.load(in: data, random: .seeded(3), files: files.client)
    #expect(SyncFolder.isMachineID(id))
    #expect(files.text("\(data.path)/machine-id") == id + "\n")
    #expect(try MachineID.load(in: data, random: .failing, files: files.client) == id)
  }
}

/// A sync through a folder that is gone (a disk not mounted) stops, and makes nothing.
@Test func aSyncFolderThatIsGoneIsNotMadeAgain() throws {
  let files = InMemoryFiles()
  files.put("/mnt/usb", .directory)  // the mount point, the disk not mounted
  let data = URL(fileURLWithPath: "/home/ana/.local/share/conjugar")
  let sync = SyncRun(
    setup: .folder(URL(fileURLWithPath: "/mnt/usb/conjugar")), data: data, board: .inMemory(), conjugator: sharedConjugator,
    git: { _, _ in Git.Outcome(status: 1, output: "git is not run for a folder") }, files: files.client)
  #expect(throws: SyncFailure.self) { try sync.run(now: Date(timeIntervalSince1970: 1_764_000_000), random: .seeded(1)) }
  #expect(files.node("/mnt/usb/conjugar") == nil)
  files.put("/mnt/usb/conjugar/machines", .directory)  // mounted
  let report = try sync.run(now: Date(timeIntervalSince1970: 1_764_000_000), random: .seeded(1))
  #expect(report.notices.isEmpty)
}

extension InMemoryFiles {
  fileprivate func list(_ path: String) -> [String] { client.list(path).sorted() }
}

import BackgroundClient
import ConjugarCore
import ConjugarEngine
import Foundation
import ScoreboardClient
import ScoreboardLive
import SettingsClient
import SpacedRepetition

/// Progress's Rules part on the history in DIR (the data folder, opened as the trainer opens it;
/// the file may be written: give it a copy): `RuleStanding.read` as `RuleStandingJob` runs it, with
/// a rule layer weighing every rule of the forms kept (each its own easiness, from its id: the same
/// every run); then the same read on a thread while the trainer's connection is asked the count of
/// forms due, as a key that reads the history would be, 0.5 s into it. The standing is written as
/// JSON to OUT when given, to compare two builds' readings.
@MainActor func benchRuleStanding(_ directory: String, out: String?) {
  let now = Date()
  let settings = SettingValues()
  // Nothing in the background (the opening's integrity check and backup): as benchHistory.
  let board = Scoreboard.live(directory: URL(fileURLWithPath: directory), scheduler: { settings.scheduler }, background: .noop)
  guard board.location != "in memory" else {
    print("error=\(board.notice ?? "no history")")
    return
  }
  let conjugator = Conjugator()
  var forms = RuleForms(conjugator: conjugator)
  var ids = Set<String>()
  for state in (try? board.items.items(nil)) ?? [] { ids.formUnion(forms.ruleIDs(of: state.item)) }
  // An easiness in [-2, 2] from the id's bytes (FNV-1a), never 0: every rule in one list or the other.
  func easiness(_ id: String) -> Double {
    let hash = id.utf8.reduce(UInt64(14_695_981_039_346_656_037)) { ($0 ^ UInt64($1)) &* 1_099_511_628_211 }
    let value = Double(hash % 4_001) / 1_000 - 2
    return value == 0 ? 1 : value
  }
  let layer = RuleLayer(
    intercept: 0.5, weights: Array(repeating: 0, count: RuleEvidence.featureCount),
    easiness: Dictionary(uniqueKeysWithValues: ids.map { ($0, easiness($0)) }), lambda: 1, usesRules: true, blend: 0,
    blendShift: 0, firstAnswers: 100, reviews: 100)
  let alone = ContinuousClock().measure { sink &+= (try? board.items.dueCount(now)) ?? 0 }
  var standing: RuleStanding?
  let read = ContinuousClock().measure { standing = try? RuleStanding.read(board, layer: layer, conjugator: conjugator) }
  guard let standing else {
    print("error=the rules' standing could not be read")
    return
  }
  print("rules_standing_s=\(seconds(read)) rules_known=\(standing.known.count) rules_not_known=\(standing.notKnown.count)")
  let evidence = (standing.known + standing.notKnown).reduce(0) { $0 + $1.wins + $1.misses }
  print("rules_evidence=\(evidence)")
  if let out { try? Data((standing.json + "\n").utf8).write(to: URL(fileURLWithPath: out)) }
  // The same read on a thread, the trainer's connection asked meanwhile.
  let done = DispatchSemaphore(value: 0)
  Thread.detachNewThread {
    _ = try? RuleStanding.read(board, layer: layer, conjugator: conjugator)
    done.signal()
  }
  Thread.sleep(forTimeInterval: 0.5)
  let during = ContinuousClock().measure { sink &+= (try? board.items.dueCount(now)) ?? 0 }
  let rest = ContinuousClock().measure { done.wait() }
  print("due_count_alone_ms=\(seconds(alone) * 1000) due_count_during_rules_ms=\(seconds(during) * 1000)")
  print("rules_read_left_after_due_count_s=\(seconds(rest))")
}

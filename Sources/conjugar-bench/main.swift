// In-process measurements of the engine, printed as key=value lines for Scripts/bench.
// Times are medians of several runs, taken with the monotonic clock.
// `--once` runs each measurement once, for a profiler: `valgrind --tool=callgrind conjugar-bench --once`.
// `conjugar-bench history DIR` measures the history in DIR (scores.sqlite) instead.
// `conjugar-bench new-history` makes a new history's database in memory (every migration run).
// `conjugar-bench rule-layer` measures the rule layer on simulated learners (issue 42).
// `conjugar-bench rules` reads the rules of every form of the catalog (issue 42).
// `conjugar-bench days [--seeds N]` simulates a year of learners scheduled five ways (issue 41, Days.swift).
// `conjugar-bench rule-standing DIR [OUT]` reads Progress's Rules part from the history in DIR (RuleStanding.swift).
// `conjugar-bench fit N` fits the memory model to a simulated learner of N reviews (Fit.swift).
import ConjugarCore
import ConjugarOptions
import ConjugarWorlds
import ConjugarEngine
import ConjugarTUI
import BackgroundClient
import ClockClient
import FileStorage
import Foundation
import RandomClient
import ScoreboardClient
import ScoreboardLive
import SettingsClient
import SpacedRepetition
import TerminalClient

let once = CommandLine.arguments.contains("--once")

func median(_ runs: Int, _ body: () -> Void) -> Duration {
  let runs = once ? 1 : runs
  var times: [Duration] = []
  for _ in 0..<runs {
    let start = ContinuousClock.now
    body()
    times.append(ContinuousClock.now - start)
  }
  return times.sorted()[runs / 2]
}

func seconds(_ d: Duration) -> Double {
  Double(d.components.seconds) + Double(d.components.attoseconds) / 1e18
}

var sink = 0  // keeps the optimizer from dropping the work

/// The learning memory on a large history: opening it as the device World does before the first
/// frame (quick checks, the count of forms due), choosing the next review session, recording an
/// answer with its review state, starting a quiz. The boards run nothing in the background: the
/// integrity check and the backup each opening starts 2 s later (some seconds at 230 MB) would run
/// beside what is timed, as they never do beside a learner's review once done.
@MainActor func benchHistory(_ directory: String) {
  let now = Date()
  let settings = SettingValues()
  let zone = Zone.local(ProcessInfo.processInfo.environment)
  var board: Scoreboard?
  let open = median(once ? 1 : 5) {
    let opened = Scoreboard.live(directory: URL(fileURLWithPath: directory), scheduler: { settings.scheduler }, background: .noop)
    sink &+= (try? opened.items.dueCount(now)) ?? 0
    board = opened
  }
  guard let board, board.location != "in memory" else {
    print("error=\(board?.notice ?? "no history")")
    return
  }
  print("history_open_ms=\(seconds(open) * 1000)")
  print("history_due=\((try? board.items.dueCount(now)) ?? -1) history_items=\((try? board.items.items(nil).count) ?? -1)")
  let conjugator = Conjugator()
  let composer = ReviewComposer(conjugator: conjugator, scoreboard: board, settings: settings, timeZone: zone)
  var questions: [Question] = []
  let choose = median(21) { questions = composer.questions(at: now) }
  print("review_session_ms=\(seconds(choose) * 1000) review_questions=\(questions.count)")
  let due = median(21) { sink &+= ((try? board.items.dueItems(now, settings.reviewSize.count, [])) ?? []).count }
  print("due_items_ms=\(seconds(due) * 1000)")
  let new = median(21) { sink &+= composer.newItems(count: 10).count }
  print("new_items_ms=\(seconds(new) * 1000)")
  // The same while the rule layer in use orders new forms by their rules (NewFormOrder): the rules
  // of every form practised are read too.
  var byRules = board
  let n = RuleEvidence.windows.count
  let layer = RuleLayer(
    intercept: 0, weights: (0..<RuleEvidence.featureCount).map { $0 < n ? 0.5 : 0 }, easiness: [:], lambda: 1,
    usesRules: true, blend: 0, blendShift: 0, firstAnswers: 100, reviews: 100)
  byRules.memory.fittedMemory = {
    FittedMemory(weights: Parameters.defaultWeights, date: now, reviews: 0, logLoss: 0, rmseBins: 0, rules: layer)
  }
  let ordered = ReviewComposer(conjugator: conjugator, scoreboard: byRules, settings: settings, timeZone: zone)
  let newByRules = median(5) { sink &+= ordered.newItems(count: 10).count }
  print("new_items_by_rules_ms=\(seconds(newByRules) * 1000)")
  let items = (try? board.items.dueItems(now, settings.reviewSize.count, [])) ?? []
  let asking = median(21) { sink &+= items.compactMap { composer.question(for: $0.item) }.count }
  print("questions_ms=\(seconds(asking) * 1000)")
  var index = 0
  let record = median(101) {
    let question = questions[index % questions.count]
    index += 1
    let answer = AnsweredQuestion(
      verb: question.verb, tense: question.form.tenseName, person: question.form.personName,
      expected: question.accepted[0], given: question.accepted[0], result: .correct,
      date: now.addingTimeInterval(Double(index)), seconds: 2)
    sink &+= (try? board.answers.recordAnswer(answer, .review).state.reps) ?? 0
  }
  print("record_answer_ms=\(seconds(record) * 1000)")
  // A quiz's answer, kept as it is given, and taken back (u): the two transactions together.
  let undo = median(101) {
    let question = questions[index % questions.count]
    index += 1
    let answer = AnsweredQuestion(
      verb: question.verb, tense: question.form.tenseName, person: question.form.personName,
      expected: question.accepted[0], given: "x", result: .wrong, date: now.addingTimeInterval(Double(index)), seconds: 2)
    if let kept = try? board.answers.recordAnswer(answer, .quiz) { try? board.answers.undoAnswer(kept) }
  }
  print("record_undo_ms=\(seconds(undo) * 1000)")
  let quizComposer = QuizComposer(conjugator: conjugator, difficulty: .easy, region: .latinAmerica, secondPerson: .tu)
  let quiz = median(11) { sink &+= quizComposer.questions(using: .seeded(1)).count }
  print("quiz_start_ms=\(seconds(quiz) * 1000)")
}

/// The Progress screen on the history in DIR (the data folder): the device World, as the trainer
/// opens it; what the trainer works out for it after its first frame, on a thread of its own (the
/// verbs' groups); the key 5 to its frame, the first time and then the median of 11 (each reads the
/// figures again); and the statistics alone, as `conjugar stats` reads them. With `--cold`, only the
/// first key, pressed once that work has started on its thread and before it is done.
@MainActor func benchProgress(_ directory: String) {
  setenv("XDG_DATA_HOME", (directory as NSString).deletingLastPathComponent, 1)
  World.run(in: try! LaunchOptions.parse(["--world", "device"]).makeWorld()) {
    let opened = Current.scoreboard  // opened here, not in the first measure
    _ = opened.location
    let cold = CommandLine.arguments.contains("--cold")
    if !cold {
      print("progress_warm_ms=\(seconds(Measure.warmProgress(clock: ContinuousClock())) * 1000)")
    }
    let (first, screen, _) = Measure.progressKey(
      columns: 80, rows: 24, clock: ContinuousClock(), beforeKey: { if cold { Measure.startWarmingProgress() } })
    if cold {
      // Only the key before the warm-up: what follows is the same as without `--cold`.
      print("progress_first_ms=\(seconds(first) * 1000)")
      return
    }
    var times: [Duration] = []
    var charts: [Duration] = []
    for _ in 0..<(once ? 1 : 11) {
      let measured = Measure.progressKey(columns: 80, rows: 24, clock: ContinuousClock())
      times.append(measured.time)
      charts.append(measured.calibration)
    }
    print("progress_first_ms=\(seconds(first) * 1000) progress_median_ms=\(seconds(times.sorted()[times.count / 2]) * 1000)")
    print("progress_calibration_ms=\(seconds(charts.sorted()[charts.count / 2]) * 1000)")
    let query = StatisticsQuery(now: Date(), timeZone: Current.timeZone)
    let stats = median(11) { sink &+= ((try? Current.scoreboard.standing.statistics(query))?.total.answers) ?? 0 }
    print("statistics_ms=\(seconds(stats) * 1000)")
    // The calibration of the weights in use, as Progress works it out on a thread of its own and
    // `conjugar stats` prints it: the review log read, then binned.
    let log = median(3) { sink &+= ((try? Current.scoreboard.memory.reviewLog())?.targets) ?? 0 }
    let calibration = median(3) { sink &+= ((try? Current.scoreboard.memory.calibrationInUse())?.answers) ?? 0 }
    print("review_log_ms=\(seconds(log) * 1000) calibration_ms=\(seconds(calibration) * 1000)")
    FileHandle.standardError.write(Data((screen + "\n").utf8))
  }
}

/// Key → frame on the verb screen while it speaks, with espeak-ng for real (the simulator World,
/// its settings in a folder of its own): each key's time, in ms, on one line.
@MainActor func benchSpeaking() {
  setenv("XDG_CONFIG_HOME", NSTemporaryDirectory() + "conjugar-bench-speaking-\(getpid())", 1)
  World.run(in: try! LaunchOptions.parse(["--world", "simulator"]).makeWorld()) {
    let times = Measure.keysWhileSpeaking(verb: "hacer", columns: 80, rows: 24, rounds: once ? 1 : 60, pause: .milliseconds(30), clock: ContinuousClock())
    print("speaking_keys_ms=" + times.map { String(seconds($0) * 1000) }.joined(separator: ","))
  }
}

/// The forms browser on N forms (default 60,000: the cells of presente, pretérito, imperfecto and
/// futuro of the most frequent verbs, each answered once on a day of the last year, one in five
/// missed): the load, then each key → frame — typing a search, taking it back, sorting four ways,
/// filtering, moving — in ms.
@MainActor func benchBrowser(_ count: Int) {
  setenv("XDG_CONFIG_HOME", NSTemporaryDirectory() + "conjugar-bench-browser-\(getpid())", 1)
  World.run(in: try! LaunchOptions.parse(["--world", "simulator"]).makeWorld()) {
    let replay = Replay(scheduler: Scheduler(), marks: ItemMarks())
    let now = Date()
    var states: [ItemState] = []
    var n = 0
    outer: for entry in QuizComposer.frequentEntries(of: Current.conjugator.catalog) {
      for tense in [Tense.presente, .preterito, .imperfecto, .futuro] {
        for person in Person.allCases {
          guard states.count < count else { break outer }
          n += 1
          let item = Item(verb: entry.infinitive, tense: tense.rawValue, person: person.rawValue)
          let answer = AnsweredQuestion(
            verb: item.verb, tense: item.tense, person: item.person, expected: "", given: "",
            result: n % 5 == 0 ? .wrong : .correct, date: now - Double(n % 365) * 86_400)
          states.append(replay.state(after: nil, answer))
        }
      }
    }
    var keys: [Key] = [.character("/")]
    keys += "tener pret".map { Key.character($0) }
    keys += Array(repeating: Key.backspace, count: 10)
    keys += [.escape, .character("o"), .character("o"), .character("o"), .character("o"), .character("f"), .character("f")]
    keys += Array(repeating: Key.down, count: 20)
    keys += [.pageDown, .end, .home]
    let (load, times, screen) = Measure.browserKeys(
      states, suspended: Set(states.prefix(100).map(\.item)), keys: keys, columns: 80, rows: 24, clock: ContinuousClock())
    let ms = times.map { seconds($0) * 1000 }
    print("browser_forms=\(states.count) browser_load_ms=\(seconds(load) * 1000) browser_key_max_ms=\(ms.max() ?? 0) "
      + "browser_key_median_ms=\(ms.sorted()[ms.count / 2])")
    print("browser_keys_ms=" + ms.map { $0.fixed(2) }.joined(separator: ","))
    FileHandle.standardError.write(Data((screen + "\n").utf8))
  }
}

if CommandLine.arguments.count > 1, CommandLine.arguments[1] == "browser" {
  benchBrowser(CommandLine.arguments.count > 2 ? Int(CommandLine.arguments[2]) ?? 60_000 : 60_000)
  exit(0)
}

if CommandLine.arguments.count > 1, CommandLine.arguments[1] == "speaking" {
  benchSpeaking()
  exit(0)
}

if CommandLine.arguments.count > 2, CommandLine.arguments[1] == "progress" {
  benchProgress(CommandLine.arguments[2])
  exit(0)
}

/// Salvage: a copy of the history in DIR with 20 of its pages overwritten (seeded), opened as the
/// trainer opens it; the time of that opening (the salvage), and what it recovered.
func benchSalvage(_ directory: String) {
  let copy = URL(fileURLWithPath: NSTemporaryDirectory() + "conjugar-bench-salvage-\(getpid())")
  defer { try? FileManager.default.removeItem(at: copy) }
  try? FileManager.default.createDirectory(at: copy, withIntermediateDirectories: true)
  let target = copy.appendingPathComponent("scores.sqlite")
  guard var bytes = try? [UInt8](Data(contentsOf: URL(fileURLWithPath: directory + "/scores.sqlite"))) else {
    print("error=no-history")
    return
  }
  var state: UInt64 = 20_261_125
  func next() -> UInt64 {
    state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
    return state >> 11
  }
  var damaged = Set<Int>()
  while damaged.count < 20 {
    let page = Int(next() % UInt64(bytes.count / 4096 - 1)) + 1  // not the first: its header
    guard damaged.insert(page).inserted else { continue }
    for offset in (page * 4096)..<((page + 1) * 4096) { bytes[offset] = UInt8(truncatingIfNeeded: next()) }
  }
  try? Data(bytes).write(to: target)
  // As the background check leaves it when it finds the damage (a file this large is checked whole
  // only there): the next start salvages.
  if let identity = FileClient.live.entryIdentity(target.path) {
    try? Data("\(identity)\n".utf8).write(to: URL(fileURLWithPath: target.path + "-damaged"))
  }
  let start = ContinuousClock.now
  let board = Scoreboard.live(directory: copy)
  let time = ContinuousClock.now - start
  var answers = 0
  try? board.answers.eachAnswer { _ in answers += 1 }
  print("salvage_s=\(seconds(time)) salvage_answers=\(answers)")
  print("salvage_notice=\((board.notice ?? "none").replacingOccurrences(of: " ", with: "_"))")
}

if CommandLine.arguments.count > 2, CommandLine.arguments[1] == "salvage" {
  benchSalvage(CommandLine.arguments[2])
  exit(0)
}

if CommandLine.arguments.count > 2, CommandLine.arguments[1] == "rule-standing" {
  benchRuleStanding(CommandLine.arguments[2], out: CommandLine.arguments.count > 3 ? CommandLine.arguments[3] : nil)
  exit(0)
}

if CommandLine.arguments.count > 2, CommandLine.arguments[1] == "fit" {
  benchFit(Int(CommandLine.arguments[2]) ?? 100_000)
  exit(0)
}

/// The rules of every form of every verb of the catalog (issue 42): how long reading them takes on
/// one core, how many rules there are, and how many verbs the most and least shared ones have.
func benchRules() {
  let conjugator = Conjugator()
  var verbsOf: [String: Set<Int>] = [:]
  var cells = 0
  let time = median(once ? 1 : 3) {
    verbsOf = [:]
    cells = 0
    for (n, entry) in conjugator.catalog.entries.enumerated() {
      let rules = conjugator.rules(of: conjugator.paradigm(of: entry))
      for tense in Tense.allCases {
        for person in Person.allCases {
          let cell = rules[tense, person]
          if !cell.isEmpty { cells += 1 }
          for rule in cell { verbsOf[rule.id, default: []].insert(n) }
        }
      }
      for rule in rules.gerundio + rules.participio { verbsOf[rule.id, default: []].insert(n) }
    }
  }
  let counts = verbsOf.map { ($0.key, $0.value.count) }.sorted { ($0.1, $0.0) > ($1.1, $1.0) }
  let own = counts.filter { $0.0.hasPrefix("own.") }.count
  print("rules_all_seconds=\(seconds(time)) rules_cells=\(cells) rules_distinct=\(counts.count) rules_own=\(own)")
  print("rules_most_shared=\(counts.first.map { "\($0.0):\($0.1)" } ?? "") rules_least_shared=\(counts.last.map { "\($0.0):\($0.1)" } ?? "")")
  print("rules_shared_by_one_verb=\(counts.filter { $0.1 == 1 }.count)")
  for (id, count) in counts where !id.hasPrefix("ending.") && !id.hasPrefix("auxiliary.") { print("rule \(id) \(count)") }
}

/// The rule layer on our simulated learners (issue 42): one line per kind and seed.
func benchRuleLayer() {
  func f(_ x: Double) -> String { x.fixed(4) }
  for kind in RuleSimulation.Kind.allCases {
    for seed: UInt64 in [42, 7] {
      let start = ContinuousClock.now
      let r = RuleSimulation.report(RuleSimulation.learner(kind, seed: seed))
      let time = seconds(ContinuousClock.now - start)
      print(
        "rule_layer kind=\(kind.rawValue) seed=\(seed) first=\(r.firstTruth.count) truth=\(f(r.firstTruth.logLoss)) "
          + "prior=\(f(r.firstPrior.logLoss)) base=\(f(r.firstBase.logLoss)) rules=\(f(r.firstRules.logLoss)) "
          + "gap_closed=\(f((r.firstBase.logLoss - r.firstRules.logLoss) / (r.firstBase.logLoss - r.firstTruth.logLoss))) auc_rules=\(f(r.firstRules.auc)) "
          + "auc_truth=\(f(r.firstTruth.auc)) cal_prior=\(f(r.firstPrior.calibration)) cal_rules=\(f(r.firstRules.calibration)) "
          + "later=\(r.laterTruth.count) later_truth=\(f(r.laterTruth.logLoss)) fsrs=\(f(r.laterFSRS.logLoss)) "
          + "blend=\(f(r.laterBlend.logLoss)) auc_fsrs=\(f(r.laterFSRS.auc)) auc_blend=\(f(r.laterBlend.auc)) "
          + "cal_fsrs=\(f(r.laterFSRS.calibration)) cal_blend=\(f(r.laterBlend.calibration)) "
          + "uses_rules=\(r.layer?.usesRules ?? false) lambda=\(r.layer?.lambda ?? 0) b=\(f(r.layer?.blend ?? 0)) seconds=\(f(time))")
    }
  }
}

/// The minutes of practice a simulated learner needs to reach 90 % recall on the 100 most frequent
/// verbs in six tenses, scheduled by FSRS alone and with the rule layer (issue 42, part 5).
func benchRulePractice() {
  func f(_ x: Double) -> String { x.fixed(1) }
  let seeds: [UInt64] = Array(1...10)
  for kind in RuleSimulation.Kind.allCases {
    var minutes: [RuleSimulation.Policy: [Double]] = [:]
    for seed in seeds {
      for policy in RuleSimulation.Policy.allCases {
        let p = RuleSimulation.practice(kind, seed: seed, policy: policy)
        minutes[policy, default: []].append(p.days == nil ? .infinity : p.minutes)
        print(
          "rule_practice kind=\(kind.rawValue) seed=\(seed) policy=\(policy.rawValue) days=\(p.days.map(String.init) ?? "none") "
            + "answers=\(p.answers) minutes=\(f(p.minutes)) recall=\(p.recall.fixed(3))")
      }
    }
    // The median minutes of each policy, and the median of the ratio to FSRS alone, seed by seed.
    func median(_ xs: [Double]) -> Double {
      let sorted = xs.sorted()
      return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
    }
    let alone = minutes[.fsrs] ?? []
    var line = "rule_practice_median kind=\(kind.rawValue) seeds=\(seeds.count)"
    for policy in RuleSimulation.Policy.allCases {
      let mine = minutes[policy] ?? []
      line += " \(policy.rawValue)=\(f(median(mine)))"
      if policy != .fsrs {
        line += " \(policy.rawValue)_ratio=\(median(zip(mine, alone).map { $0 / $1 }).fixed(3))"
        line += " \(policy.rawValue)_faster=\(zip(mine, alone).filter { $0 < $1 }.count)"
      }
    }
    print(line)
  }
}

if CommandLine.arguments.count > 1, CommandLine.arguments[1] == "rule-practice" {
  benchRulePractice()
  exit(0)
}

if CommandLine.arguments.count > 1, CommandLine.arguments[1] == "rule-layer" {
  benchRuleLayer()
  exit(0)
}

if CommandLine.arguments.count > 1, CommandLine.arguments[1] == "rules" {
  benchRules()
  exit(0)
}

if CommandLine.arguments.count > 1, CommandLine.arguments[1] == "days" {
  benchDays(CommandLine.arguments.dropFirst(2))
  exit(0)
}

if CommandLine.arguments.count > 2, CommandLine.arguments[1] == "due-today" {
  benchDueToday(CommandLine.arguments[2])
  exit(0)
}

if CommandLine.arguments.count > 2, CommandLine.arguments[1] == "plan" {
  benchPlan(CommandLine.arguments[2])
  exit(0)
}

if CommandLine.arguments.count > 2, CommandLine.arguments[1] == "history" {
  benchHistory(CommandLine.arguments[2])
  exit(0)
}

// A new history's database in memory, as the ui-test World and the tests make it: every migration
// run on an empty database, then this version's statements compiled. `new-history` alone, for a profiler.
@MainActor func newHistory() -> Duration { median(21) { sink &+= (try? Scoreboard.inMemory().standing.answersSince(.distantPast)) ?? 0 } }
if CommandLine.arguments.count > 1, CommandLine.arguments[1] == "new-history" {
  print("new_history_ms=\(seconds(newHistory()) * 1000)")
  exit(0)
}

let load = median(21) { sink &+= Catalog().entries.count }
print("catalog_load_ms=\(seconds(load) * 1000)")
// What `conjugar conjugate hablar` reads: one verb's lines, the catalog not parsed.
let lookUp = median(21) { sink &+= Catalog().entry("hablar")?.rank ?? 0 }
print("catalog_lookup_ms=\(seconds(lookUp) * 1000)")
// What the warm-up of Progress's figures looks up at a million answers: the 5,000 verbs answered.
let parsedCatalog = Catalog()
let answeredVerbs = stride(from: 0, to: parsedCatalog.entries.count, by: 3).prefix(5_000).map { parsedCatalog.entries[$0].infinitive }
let lookUps = median(21) { for verb in answeredVerbs { sink &+= parsedCatalog.entry(verb)?.rank ?? 0 } }
print("catalog_lookups_5000_ms=\(seconds(lookUps) * 1000)")
// The first frame's list of verbs, the catalog parsed.
let verbList = World.run(in: .unitTest()) {
  _ = Current.conjugator.catalog.entries
  return median(21) { sink &+= Measure.verbList() }
}
print("verb_list_ms=\(seconds(verbList) * 1000)")
print("new_history_ms=\(seconds(newHistory()) * 1000)")

let conjugator = Conjugator()
let entries = conjugator.catalog.entries

// Every verb's paradigm built, its simple forms written out (compound forms are composed when read).
let paradigms = median(3) {
  for entry in entries { sink &+= conjugator.paradigm(of: entry).rank ?? 0 }
}
print("paradigms_seconds=\(seconds(paradigms))")

// Every paradigm, and every form of it read as a Swift String (the compound ones composed).
var forms = 0
let conjugate = median(3) {
  forms = 0
  for entry in entries {
    let paradigm = conjugator.paradigm(of: entry)
    forms += paradigm.gerundio.count + paradigm.participio.count
    for tense in Tense.allCases {
      for person in Person.allCases { forms += paradigm[tense, person].count }
    }
  }
}
print("verbs=\(entries.count) forms=\(forms)")
print("conjugate_all_seconds=\(seconds(conjugate)) forms_per_second=\(Int(Double(forms) / seconds(conjugate)))")

// As `conjugar conjugate --all --format json` does it, into a buffer of bytes.
var bytes: [UInt8] = []
let json = median(3) {
  for entry in entries {
    bytes.removeAll(keepingCapacity: true)
    JSONFormat.write(conjugator.paradigm(of: entry), into: &bytes)
    sink &+= bytes.count
  }
}
print("json_all_single_thread_seconds=\(seconds(json))")

// The irregularity groups of every verb (issue 11), on one core.
var grouped = 0
let groups = median(3) {
  grouped = 0
  for entry in entries where !conjugator.groups(of: entry).isEmpty { grouped += 1 }
}
print("groups_all_seconds=\(seconds(groups)) verbs_in_some_group=\(grouped)")

// Identifying 10,000 forms of the catalog (one form each of 10,000 verbs taken all over it, the
// cell turning with the verb) with a new Conjugator each time: the index of forms built as well
// (issue 11).
var asked: [String] = []
var step = 0
while asked.count < 10_000 {
  let n = step * 1_447 % entries.count  // 1,447 (a prime) and the catalog's 14,475 verbs have no common factor
  step += 1
  let paradigm = conjugator.paradigm(of: entries[n])
  if let form = paradigm[Tense.allCases[n % Tense.allCases.count], Person.allCases[n % Person.allCases.count]].first {
    asked.append(form)
  }
}
var readings = 0
let identify = median(3) {
  readings = Conjugator().identify(asked).reduce(0) { $0 + $1.count }
}
print("identify_forms=\(asked.count) readings=\(readings) identify_seconds=\(seconds(identify))")
if sink == 42 { print("") }

// In-process measurements of the engine, printed as key=value lines for Scripts/bench.
// Times are medians of several runs, taken with the monotonic clock.
// `--once` runs each measurement once, for a profiler: `valgrind --tool=callgrind conjugar-bench --once`.
import ConjugarEngine

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

let load = median(21) { sink &+= Catalog().entries.count }
print("catalog_load_ms=\(seconds(load) * 1000)")

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
  let n = step * 1_445 % entries.count  // 1,445 and the catalog's 14,456 verbs have no common factor
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

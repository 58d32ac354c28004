import ConjugarCore
import FileStorage
import Foundation
import RandomClient
import ScoreboardClient
import SpacedRepetition

/// `conjugar-bench days [--seeds N]` (issue 41, part 5): a year of simulated learners of several
/// kinds (``DaysLearner``), each scheduled five ways (``DaysWay``), and what each way does to the
/// learner's days (``DaysMeasures``): a line per kind, way and seed (seeds 1…N, default 5), then
/// the medians over the seeds. The same seed gives the same figures on every run.
func benchDays(_ arguments: ArraySlice<String>) {
  var seeds = 5
  if let flag = arguments.firstIndex(of: "--seeds"), flag + 1 < arguments.endIndex, let n = Int(arguments[flag + 1]) {
    seeds = max(1, n)
  }
  for kind in DaysLearner.Kind.allCases {
    var measured: [DaysWay: [DaysMeasures]] = [:]
    for seed in 1...UInt64(seeds) {
      let learner = DaysLearner(kind, seed: seed)
      for way in DaysWay.allCases {
        let start = ContinuousClock.now
        var simulation = DaysSimulation(learner, way: way)
        let measures = DaysMeasures(simulation.run())
        let time = seconds(ContinuousClock.now - start).fixed(2)
        print("days kind=\(kind.rawValue) way=\(way.rawValue) seed=\(seed) \(measures.line) seconds=\(time)")
        measured[way, default: []].append(measures)
      }
    }
    for way in DaysWay.allCases {
      print("days_median kind=\(kind.rawValue) way=\(way.rawValue) seeds=\(seeds) \(DaysMeasures.median(measured[way]!).line)")
    }
  }
}

/// How a simulated learner's reviews are given their days.
enum DaysWay: String, CaseIterable {
  /// The scheduler's due dates as they are (FSRS's interval moved by py-fsrs's fuzz), each form
  /// asked on its due day.
  case fuzz
  /// Anki's load balancer (``AnkiBalancer``), which moves the due date, without easy days.
  case anki
  /// Anki's load balancer with ``easyDays``.
  case ankiEasy = "anki_easy"
  /// This project's plan (``DayPlan``), balance on, no easy days: each day the plan of every
  /// form's state is made, and the forms it places on that day are asked.
  case plan
  /// The plan with balance on and ``easyDays``.
  case planEasy = "plan_easy"

  /// The easy days of the ways that have them: Saturday minimum, Sunday reduced.
  static let easyDays = EasyDays(rawValue: "sat:minimum,sun:reduced")!

  var easyDays: EasyDays { self == .ankiEasy || self == .planEasy ? Self.easyDays : .none }
  var isAnki: Bool { self == .anki || self == .ankiEasy }
  var isPlan: Bool { self == .plan || self == .planEasy }
}

/// A simulated learner: a memory (FSRS-6 with weights of its own) and the seconds each form of
/// the deck takes it. The schedule is taken to know the memory (weights fitted to it exactly), so
/// the R a schedule sees is the learner's chance of recall.
struct DaysLearner {
  enum Kind: String, CaseIterable {
    /// FSRS-6's default weights; answers of about 8 s, forms near one another.
    case steady
    /// Initial stabilities 0.4 times the default's and slower growth after a recall (w₈ − 0.3);
    /// answers of about 10 s.
    case forgetful
    /// The default memory; answers of about 7 s that vary strongly by form and by verb and tense
    /// (one form takes 3 s, another 20 s).
    case uneven
  }

  /// The days simulated.
  static let days = 365
  /// The first day: Monday 5 January 2026, UTC.
  static let firstDay = Day(year: 2026, month: 1, day: 5).number
  /// The tenses, each with its persons (the imperative has no `yo`).
  static let tenses: [(name: String, persons: [String])] = {
    let persons = ["yo", "tu", "el", "nosotros", "vosotros", "ellos"]
    return ["presente", "preterito", "imperfecto", "futuro", "condicional"].map { ($0, persons) }
      + [("imperativo", Array(persons.dropFirst()))]
  }()
  /// The deck in the order it is learned: one verb and tense a day (its group), all its persons,
  /// so that the forms of one group are siblings; the verbs `v000`, `v001`…, each in every tense.
  static let deck: [(item: Item, group: Int)] = (0..<days).flatMap { group in
    let tense = tenses[group % tenses.count]
    let verb = "v" + (group / tenses.count).zeroPadded(3)
    return tense.persons.map { (Item(verb: verb, tense: tense.name, person: $0), group) }
  }
  /// The forms of each group, as indices into ``deck``: group g is learned on day g.
  static let groups: [Range<Int>] = {
    var ranges: [Range<Int>] = []
    var start = 0
    for group in 0..<days {
      let count = tenses[group % tenses.count].persons.count
      ranges.append(start..<(start + count))
      start += count
    }
    return ranges
  }()

  let kind: Kind
  let seed: UInt64
  /// Its memory, and the schedule's model of it.
  let weights: [Double]
  /// The mean seconds of an answer to each form of ``deck``.
  let seconds: [Double]
  /// How much one answer's time varies about its form's (the σ of its logarithm).
  static let answerSpread = 0.3

  init(_ kind: Kind, seed: UInt64) {
    self.kind = kind
    self.seed = seed
    var random = SplitMix64(seed: seed &* 1_000_003 &+ UInt64(Kind.allCases.firstIndex(of: kind)!))
    var weights = Parameters.defaultWeights
    if kind == .forgetful {
      for i in 0...3 { weights[i] *= 0.4 }
      weights[8] -= 0.3
    }
    // Each learner's own: the initial stabilities and the growth after a recall, within about 10 %.
    for i in [0, 1, 2, 3, 8] { weights[i] *= exp(0.1 * random.normal()) }
    self.weights = weights
    // A learner's median seconds, the spread of a form's time about its group's, and of a group's.
    let (median, form, group): (Double, Double, Double) =
      switch kind {
      case .steady: (8, 0.25, 0.15)
      case .forgetful: (10, 0.3, 0.2)
      case .uneven: (7, 0.7, 0.5)
      }
    let groupEffect = (0..<Self.days).map { _ in group * random.normal() }
    seconds = Self.deck.map { median * exp(form * random.normal() + groupEffect[$0.group]) }
  }
}

/// One learner's year scheduled one way. Each day at 18:00 UTC the learner answers the forms
/// asked today (reviews; recalled with the chance R, rated hard, good or easy by fsrs-rs's odds,
/// else again), then the day's new group (the first rating by fsrs-rs's odds), then the learning
/// and relearning steps as they fall due that evening (rated good: the answer was just seen).
/// Each answer takes its form's seconds, varied by ``DaysLearner/answerSpread``.
struct DaysSimulation {
  let learner: DaysLearner
  let way: DaysWay
  /// The learner's memory, giving the due dates: with py-fsrs's fuzz, but in Anki's ways, where
  /// the balancer sets the day from the interval.
  let scheduler: Scheduler
  /// The forms learned so far, in deck order.
  var states: [ItemState] = []
  /// Each form's due day (in review).
  var dueDays: [Int] = []
  /// Each form's draws: its recall and ratings, its answers' times.
  var draws: [SplitMix64] = []
  /// Each form's answers so far (Anki seeds its balancer's draw with the card's reps).
  var answers: [Int] = []
  /// The day each form is counted on by Anki's balancer, if it is.
  var counted: [Int?] = []
  /// The latest answer times of each form, which ``DayPlan`` reads.
  var times: [Item: [Double]] = [:]
  var balancer: AnkiBalancer
  var record = DaysRecord()

  /// How many of a form's latest times the plan reads.
  static let timesKept = 5
  static let utc = Zone.utc

  init(_ learner: DaysLearner, way: DaysWay) {
    self.learner = learner
    self.way = way
    scheduler = Scheduler(parameters: Parameters(weights: learner.weights, fuzz: !way.isAnki))
    balancer = AnkiBalancer(easyDays: way.easyDays)
  }

  /// 18:00 UTC of the day numbered `day`.
  static func evening(_ day: Int) -> Date { Date(timeIntervalSince1970: Double(day) * 86_400 + 18 * 3600) }

  mutating func run() -> DaysRecord {
    let odds = SimulatorConfig()
    for offset in 0..<DaysLearner.days {
      let today = DaysLearner.firstDay + offset
      var clock = Self.evening(today)
      // Learning and relearning steps waiting: when, which form, whether of a review.
      var steps: [(due: Date, form: Int, review: Bool)] = []
      var persons: [Int: Int] = [:]
      record.minutes.append(0)
      record.reviewMinutes.append(0)
      for form in asked(today) {
        persons[DaysLearner.deck[form].group, default: 0] += 1
        let r = scheduler.retrievability(of: states[form].card, at: clock)
        record.retention.append(r)
        let rating = draws[form].unit() < r ? Rating(rawValue: 2 + draws[form].pick(odds.reviewRatingProbabilities))! : .again
        answer(form, rating, today: today, clock: &clock, review: true)
        if states[form].card.state != .review { steps.append((states[form].card.due, form, true)) }
      }
      record.siblings.append(persons.values.filter { $0 >= 2 }.count)
      for form in DaysLearner.groups[offset] {
        states.append(
          ItemState(item: DaysLearner.deck[form].item, card: Card(due: clock), reps: 0, lapses: 0, firstReview: clock))
        dueDays.append(today)
        draws.append(SplitMix64(seed: learner.seed << 32 ^ UInt64(form)))
        answers.append(0)
        counted.append(nil)
        let rating = Rating(rawValue: 1 + draws[form].pick(odds.firstRatingProbabilities))!
        answer(form, rating, today: today, clock: &clock, review: false)
        if states[form].card.state != .review { steps.append((states[form].card.due, form, false)) }
      }
      while let next = steps.indices.min(by: { steps[$0].due < steps[$1].due }) {
        let step = steps.remove(at: next)
        clock = max(clock, step.due)
        answer(step.form, .good, today: today, clock: &clock, review: step.review)
        if states[step.form].card.state != .review { steps.append((states[step.form].card.due, step.form, step.review)) }
      }
    }
    let end = Self.evening(DaysLearner.firstDay + DaysLearner.days)
    record.retained = states.reduce(0) { $0 + scheduler.retrievability(of: $1.card, at: end) }
    return record
  }

  /// The forms asked on `today`, by due day then deck order: in the plan's ways those the plan
  /// places on today (or before: none), else those due.
  func asked(_ today: Int) -> [Int] {
    var forms: [Int]
    if way.isPlan {
      let plan = DayPlan(
        items: states, suspended: [], times: AnswerTimes(seconds: times), scheduler: scheduler, today: Day(number: today),
        timeZone: Self.utc, options: DayPlan.Options(balance: true, easyDays: way.easyDays))
      forms = states.indices.filter { plan.placements[states[$0].item]!.day <= today }
    } else {
      forms = states.indices.filter { dueDays[$0] <= today }
    }
    forms.sort { (dueDays[$0], $0) < (dueDays[$1], $1) }
    return forms
  }

  /// `form` answered `rating` at `clock` (on `today`), which moves on by the answer's seconds; in
  /// Anki's ways, a form going to review has its due day set by the balancer.
  mutating func answer(_ form: Int, _ rating: Rating, today: Int, clock: inout Date, review: Bool) {
    let item = states[form].item
    var card = scheduler.review(states[form].card, rating: rating, at: clock, item: item.key)
    answers[form] += 1
    if way.isAnki {
      let group = DaysLearner.deck[form].group
      if let day = counted[form] { balancer.remove(note: group, day: day) }
      counted[form] = nil
      if card.state == .review {
        let interval = Day(card.due, in: Self.utc).number - today
        var seeded = SplitMix64(seed: learner.seed << 40 ^ UInt64(form) << 12 ^ UInt64(answers[form]))
        let day = balancer.day(
          interval: interval, today: today, note: group, scheduler: scheduler, draw: seeded.unit(),
          fuzz: Scheduler.fuzzUnit(item: item.key, at: clock))
        card.due = clock.addingTimeInterval(Double(day - today) * 86_400)
        balancer.add(note: group, day: day)
        counted[form] = day
      }
    }
    states[form].card = card
    dueDays[form] = Day(card.due, in: Self.utc).number
    let seconds = learner.seconds[form] * exp(DaysLearner.answerSpread * draws[form].normal())
    times[item, default: []].append(seconds)
    if times[item]!.count > Self.timesKept { times[item]!.removeFirst() }
    clock += seconds
    record.minutes[record.minutes.count - 1] += seconds / 60
    if review { record.reviewMinutes[record.reviewMinutes.count - 1] += seconds / 60 }
  }
}

/// What a year of one learner, one way, leaves: each day's minutes (all answers) and those of
/// the reviews (forms in review at the day's start, with their relearning steps), R at each
/// review, each day's verb-and-tense groups with two or more persons reviewed, and the sum of R
/// over every form learned on the day after the last.
struct DaysRecord {
  var minutes: [Double] = []
  var reviewMinutes: [Double] = []
  var retention: [Double] = []
  var siblings: [Int] = []
  var retained = 0.0
}

/// The figures of a ``DaysRecord``; the daily ones from day ``warmUp`` on (the first weeks hold
/// few reviews), the peak week and minutes per form retained over the whole year.
struct DaysMeasures {
  /// The days left out of the daily figures at the start.
  static let warmUp = 60

  /// Each figure's name and digits after the point, in the order of ``values``:
  /// - minutes a day, on average;
  /// - swing: the mean |Δ| of consecutive days' minutes over their mean, and the same of the
  ///   review minutes alone (the new forms' learning is the same in every way);
  /// - sd over mean of the days' minutes;
  /// - the mean R at review, and the mean |R − desired retention| at review;
  /// - minutes per form retained: the year's minutes over the sum of R the day after the last;
  /// - reduced and minimum load: the mean review minutes of Sundays and of Saturdays (reduced and
  ///   minimum in the easy ways) over those of the weekdays' (targets ½ and 0 where they are set);
  /// - the peak week: the most minutes in 7 days running;
  /// - siblings: the verb-and-tense groups with two or more persons reviewed the same day, a day.
  static let names: [(name: String, digits: Int)] = [
    ("minutes_a_day", 1), ("swing", 3), ("review_swing", 3), ("sd_over_mean", 3), ("retention_at_review", 4),
    ("retention_distance", 4), ("minutes_per_retained", 3), ("reduced_load", 3),
    ("minimum_load", 3), ("peak_week_minutes", 1), ("siblings_a_day", 2),
  ]

  var values: [Double]

  init(values: [Double]) { self.values = values }

  init(_ record: DaysRecord) {
    let days = Array(record.minutes.dropFirst(Self.warmUp))
    let mean = days.reduce(0, +) / Double(days.count)
    func swing(_ days: [Double]) -> Double {
      zip(days.dropFirst(), days).map { abs($0 - $1) }.reduce(0, +) / Double(days.count - 1) / (days.reduce(0, +) / Double(days.count))
    }
    let sd = (days.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / Double(days.count)).squareRoot()
    let desired = Parameters().desiredRetention
    let r = record.retention.reduce(0, +) / Double(record.retention.count)
    let distance = record.retention.map { abs($0 - desired) }.reduce(0, +) / Double(record.retention.count)
    let total = record.minutes.reduce(0, +)
    // The review minutes of the days of each weekday kind (as the easy ways set them), from the warm-up on.
    func reviewMinutes(_ kind: DayKind) -> Double {
      let offsets = (Self.warmUp..<record.reviewMinutes.count).filter {
        DaysWay.easyDays.kind(ofDay: DaysLearner.firstDay + $0) == kind
      }
      return offsets.map { record.reviewMinutes[$0] }.reduce(0, +) / Double(offsets.count)
    }
    let normal = reviewMinutes(.normal)
    let peak = (0...(record.minutes.count - 7)).map { record.minutes[$0..<($0 + 7)].reduce(0, +) }.max() ?? 0
    let siblings = record.siblings.dropFirst(Self.warmUp)
    values = [
      mean, swing(days), swing(Array(record.reviewMinutes.dropFirst(Self.warmUp))), sd / mean, r, distance, total / record.retained, reviewMinutes(.reduced) / normal,
      reviewMinutes(.minimum) / normal, peak, Double(siblings.reduce(0, +)) / Double(siblings.count),
    ]
  }

  /// Each figure's median over `all`.
  static func median(_ all: [DaysMeasures]) -> DaysMeasures {
    DaysMeasures(values: names.indices.map { i in middle(all.map { $0.values[i] }) })
  }

  /// The middle value, the mean of the two middle ones of an even count.
  static func middle(_ values: [Double]) -> Double {
    let sorted = values.sorted(), half = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[half] : (sorted[half - 1] + sorted[half]) / 2
  }

  /// `name=value …`.
  var line: String {
    zip(Self.names, values).map { "\($0.name)=\($1.fixed($0.digits))" }.joined(separator: " ")
  }
}

extension SplitMix64 {
  /// Uniform in [0, 1): the top 53 bits.
  mutating func unit() -> Double { Double(next() >> 11) * 0x1p-53 }

  /// A standard normal draw (Box–Muller).
  mutating func normal() -> Double {
    let u = 1 - unit()
    return (-2 * log(u)).squareRoot() * cos(2 * .pi * unit())
  }

  /// An index drawn with the given weights (their sum need not be 1).
  mutating func pick(_ weights: [Double]) -> Int {
    var x = unit() * weights.reduce(0, +)
    for (index, weight) in weights.enumerated() {
      if x < weight { return index }
      x -= weight
    }
    return weights.count - 1
  }
}

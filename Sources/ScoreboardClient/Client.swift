import FileStorage
import Foundation
import SettingsClient
import SpacedRepetition

/// How an answer compares with the accepted forms.
public enum AnswerResult: String, Sendable, Codable, CaseIterable {
  /// One of the accepted forms, letter for letter (case and surrounding spaces aside).
  case correct
  /// Right but for written accents: partial points.
  case accentsOnly = "accents-only"
  case wrong
}

/// How a question was asked: written (the verb, tense and person shown), said aloud for the
/// learner to write what was heard (the listening drill), or a form shown for the learner to name
/// its verb, tense and person (recognition). The history keeps each answer's mode, so that
/// statistics and reviews can tell them apart.
public enum AnswerMode: String, Sendable, Codable, CaseIterable {
  case written, listening, recognition
}

/// One answered question, as the history keeps it: from a quiz, a review, or an imported file.
///
/// Two answers are equal when they say the same; which answer each is, is its `id`
/// (``AnswerIdentity``), compared apart.
public struct AnsweredQuestion: Sendable, Equatable, Codable {
  /// Which answer this is, wherever it travels (``AnswerIdentity``); nil until it is kept (the
  /// score board gives one) or for a row of a file without identities.
  public var id: String?
  public var verb: String
  public var tense: String
  public var person: String
  public var expected: String
  public var given: String
  public var result: AnswerResult
  /// When it was answered (the history keeps whole seconds).
  public var date: Date
  /// What the answer earned, for the review schedule.
  public var rating: Rating
  /// How long the learner took to answer, in seconds; nil when not known (an old history).
  public var seconds: Double?
  /// Written, heard in the listening drill, or recognised.
  public var mode: AnswerMode
  /// Judged wrong by the trainer, counted right because the learner said so ("I was right", `!`:
  /// a typo, a form they accept): kept as such, so that it can be audited.
  public var overridden: Bool

  /// `rating` nil: the rating of the result alone (``Rating/init(result:)``).
  public init(
    verb: String, tense: String, person: String, expected: String, given: String, result: AnswerResult, date: Date,
    rating: Rating? = nil, seconds: Double? = nil, mode: AnswerMode = .written, overridden: Bool = false,
    id: String? = nil
  ) {
    self.id = id
    self.verb = verb
    self.tense = tense
    self.person = person
    self.expected = expected
    self.given = given
    self.result = result
    self.date = date
    self.rating = rating ?? Rating(result: result.outcome)
    self.seconds = seconds
    self.mode = mode
    self.overridden = overridden
  }

  /// The item this answer practised.
  public var item: Item { Item(verb: verb, tense: tense, person: person) }

  /// What it says, the identity aside.
  public static func == (a: AnsweredQuestion, b: AnsweredQuestion) -> Bool {
    (a.verb, a.tense, a.person, a.expected, a.given) == (b.verb, b.tense, b.person, b.expected, b.given)
      && (a.result, a.date, a.rating, a.seconds, a.mode, a.overridden) == (b.result, b.date, b.rating, b.seconds, b.mode, b.overridden)
  }
}

extension AnswerResult {
  /// The same result, as the rating rule takes it.
  public var outcome: AnswerOutcome {
    switch self {
    case .correct: .correct
    case .accentsOnly: .accentsOnly
    case .wrong: .wrong
    }
  }
}

/// One thing to remember: a cell of a verb's table, (verb, tense, person), with the names of the
/// JSON contract (`tener`, `preterito`, `vos`); the non-finite forms have the tense `gerundio` or
/// `participio` and no person.
public struct Item: Sendable, Hashable, Codable, Comparable {
  public var verb: String
  public var tense: String
  public var person: String

  public init(verb: String, tense: String, person: String) {
    self.verb = verb
    self.tense = tense
    self.person = person
  }

  /// `tener/preterito/vos`: what seeds the schedule's fuzz.
  public var key: String { "\(verb)/\(tense)/\(person)" }

  public static func < (a: Item, b: Item) -> Bool { (a.verb, a.tense, a.person) < (b.verb, b.tense, b.person) }
}

/// An item's review state: its FSRS card, and how often it was reviewed and forgotten.
public struct ItemState: Sendable, Equatable {
  public var item: Item
  public var card: Card
  /// Reviews so far.
  public var reps: Int
  /// Times it was forgotten after it had graduated (again in review).
  public var lapses: Int
  /// Its first review: when it was new.
  public var firstReview: Date

  public init(item: Item, card: Card, reps: Int, lapses: Int, firstReview: Date) {
    self.item = item
    self.card = card
    self.reps = reps
    self.lapses = lapses
    self.firstReview = firstReview
  }

  /// The state after `answer`, reviewed by `scheduler`; `state` nil: the item's first review.
  ///
  /// The review is at the answer's date in whole seconds, as the history keeps it, so that
  /// replaying an exported history gives the same schedule.
  public static func after(_ state: ItemState?, _ answer: AnsweredQuestion, scheduler: Scheduler) -> ItemState {
    let date = Date(timeIntervalSince1970: answer.date.timeIntervalSince1970.rounded(.down))
    let item = answer.item
    let before = state?.card ?? Card(due: date)
    let card = scheduler.review(before, rating: answer.rating, at: date, item: item.key)
    let lapsed = before.state == .review && answer.rating == .again
    return ItemState(
      item: item, card: card, reps: (state?.reps ?? 0) + 1, lapses: (state?.lapses ?? 0) + (lapsed ? 1 : 0),
      firstReview: state?.firstReview ?? date)
  }

  /// Whether `answer`, which left this state, is the miss of a leech: a form forgotten `lapses`
  /// times or more since it was learned (the setting Leeches, Anki's leech threshold).
  public func isLeech(missedBy answer: AnsweredQuestion, at lapses: Int) -> Bool {
    answer.result == .wrong && self.lapses >= lapses
  }

  /// How the review session orders due items: the most forgotten first (lowest retrievability,
  /// which falls as the whole days since the last review grow against the stability), then the
  /// earliest due.
  public static func mostForgottenFirst(at now: Date, scheduler: Scheduler) -> @Sendable (ItemState, ItemState) -> Bool {
    { a, b in
      let ra = scheduler.retrievability(of: a.card, at: now), rb = scheduler.retrievability(of: b.card, at: now)
      return ra != rb ? ra < rb : (a.card.due, a.item) < (b.card.due, b.item)
    }
  }
}

/// Where an answer was given, as the history's `source` column keeps it: the scored quiz, or a
/// review (reviews, practice, drills). Imports say so themselves.
public enum AnswerOrigin: String, Sendable {
  case quiz, review
}

/// An answer as it was kept: its row in the history, its item's review state before and after
/// it, and the suspension it made, so that it can be taken back exactly (``Scoreboard/Answers/undoAnswer``).
public struct KeptAnswer: Sendable, Equatable {
  /// The answer's row in the history.
  public var id: Int64
  /// The item's state before the answer; nil if the answer was its first review.
  public var before: ItemState?
  /// The item's state after it.
  public var state: ItemState
  /// When the answer, a leech's miss, suspended its form (``Scoreboard/Answers/recordAnswer``); nil when
  /// it suspended nothing (no leech, not asked to, or suspended already).
  public var suspended: Date?

  public init(id: Int64, before: ItemState?, state: ItemState, suspended: Date? = nil) {
    self.id = id
    self.before = before
    self.state = state
    self.suspended = suspended
  }
}

/// A form's answers counted by how they went: recalled (rated above again) or missed (again) —
/// the evidence the rules' standing counts for each rule (``Scoreboard/Memory/recallCounts``).
public struct RecallCount: Sendable, Equatable {
  public var recalled: Int
  public var missed: Int

  public init(recalled: Int, missed: Int) {
    self.recalled = recalled
    self.missed = missed
  }
}

/// What an import did.
public struct ImportSummary: Sendable, Equatable {
  /// Answers added to the history.
  public var added: Int
  /// Answers already kept (the same identity, ``AnswerIdentity``) or taken back, not added again.
  public var alreadyKept: Int

  public init(added: Int, alreadyKept: Int) {
    self.added = added
    self.alreadyKept = alreadyKept
  }
}

/// A finished quiz, as the score board keeps it.
public struct ScoreRecord: Sendable, Equatable, Codable {
  public var score: Int
  public var date: Date
  public var difficulty: Difficulty
  public var region: Region
  /// Time taken, in seconds.
  public var seconds: Int

  public init(score: Int, date: Date, difficulty: Difficulty, region: Region, seconds: Int) {
    self.score = score
    self.date = date
    self.difficulty = difficulty
    self.region = region
    self.seconds = seconds
  }
}

/// The Game Center of this app: finished quizzes, every answer given, and the review state of
/// each item practised, derived from those answers and kept up to date with them.
///
/// Its closures come in groups, each a struct of its own, so that a call says what it reaches
/// (`Current.scoreboard.answers.history(20)`, `Current.scoreboard.items.dueCount(now)`) and a test
/// states each group it uses; what the store itself is (where, what went wrong) is the board's own.
public struct Scoreboard: Sendable {
  /// What was answered, kept, taken back or merged, and the finished quizzes' scores.
  public var answers: Answers
  /// Each form's review state, what is due, and the learner's marks.
  public var items: Items
  /// The log the optimizer reads, and the weights fitted and in use.
  public var memory: Memory
  /// Where the learner stands.
  public var standing: Standing

  // MARK: The store itself: where it is, and what went wrong with it

  /// What was found wrong with the file since it was opened — by the check in the background, or
  /// by a read that met damage — which the next opening salvages; nil while nothing was. The trainer
  /// asks as it waits for keys, and says so at once.
  public var damage: @Sendable () -> String?
  /// Where the scores live, for the screen to say ("in memory" when nothing is written).
  public var location: String
  /// A message for the learner when the scores cannot be kept where they should (an unwritable
  /// data directory: the app then keeps them in memory and says so).
  public var notice: String?
  /// Why the database could not be used, the system's own words ("Permission denied"), when the
  /// scores are in memory instead: a command says this, as it keeps nothing in memory.
  public var unusable: String?
  /// What is worked out from this board and kept between reads (today's plan of the days).
  public let memo = Memo()

  public init(
    answers: Answers, items: Items, memory: Memory, standing: Standing, damage: @escaping @Sendable () -> String?,
    location: String, notice: String? = nil
  ) {
    self.answers = answers
    self.items = items
    self.memory = memory
    self.standing = standing
    self.damage = damage
    self.location = location
    self.notice = notice
  }
}

extension Scoreboard {
  /// Answers and scores: what was answered, kept, taken back or merged.
  public struct Answers: Sendable {
    /// Keeps one answer the moment it is given, in a quiz or anywhere else, and updates its item's
    /// review state, together (one transaction); returns what `undoAnswer` needs to take it back.
    /// `suspendingLeechesAt`: a miss that leaves its form a leech at so many lapses
    /// (``ItemState/isLeech(missedBy:at:)``) suspends it too, in the same transaction (the setting
    /// Leech action); nil: none does.
    public var recordAnswer: @Sendable (AnsweredQuestion, AnswerOrigin, _ suspendingLeechesAt: Int?) throws -> KeptAnswer
    /// Takes a kept answer back: its row gone, its item's state and the statistics as they were
    /// before it (one level: the last answer given), and a suspension it made taken back (an
    /// unsuspend a millisecond later: the later event wins), in one transaction.
    public var undoAnswer: @Sendable (KeptAnswer) throws -> Void
    /// Keeps a finished quiz's score, with the answers it gave (kept as they were given, by
    /// `recordAnswer`) marked as its own; returns the score's id, for `withdrawScore`.
    public var reportScore: @Sendable (ScoreRecord, _ answers: [Int64]) throws -> Int64
    /// Takes a reported score back (its answers stay, no longer a finished quiz's).
    public var withdrawScore: @Sendable (_ id: Int64) throws -> Void
    /// The best scores, highest first (ties: the earlier first).
    public var bestScores: @Sendable (_ limit: Int) throws -> [ScoreRecord]
    /// The answers given, newest first. The live one reads many (10,000 or more) on a connection of
    /// its own, as ``Items/items``' every item.
    public var history: @Sendable (_ limit: Int) throws -> [AnsweredQuestion]
    /// Every answer, oldest first (within a second, in the one order of ``Replay``: by identity), handed to `body` one at a time.
    public var eachAnswer: @Sendable (_ body: (AnsweredQuestion) throws -> Void) throws -> Void
    /// Adds the answers not already kept nor taken back (by identity: one without is given the
    /// derived one, ``AnswerIdentity/identified(_:)``), with
    /// no quiz, and replays the review states of their items in time order; all or nothing.
    public var importAnswers: @Sendable (consuming [AnsweredQuestion]) throws -> ImportSummary
    /// As `importAnswers`, for the answers of another machine (sync): kept as merged, so that
    /// `ownAnswers` leaves them out.
    public var mergeAnswers: @Sendable (consuming [AnsweredQuestion]) throws -> ImportSummary
    /// The answers given or imported here, not merged from another machine, whose id is above
    /// `after`, in the order kept, with their ids: what a sync writes for the other machines.
    public var ownAnswers: @Sendable (_ after: Int64) throws -> [(id: Int64, answer: AnsweredQuestion)]
    /// Every answer's identity taken back here (`u`, "I was right") or on another machine
    /// (``AnswerIdentity``): what a sync writes for the others.
    public var withdrawn: @Sendable () throws -> [String]
    /// Keeps `identities` as taken back, and takes back the answers kept with them (their forms
    /// replayed without them), in one transaction; no import or merge brings one back. Returns the
    /// answers taken back.
    public var withdrawAnswers: @Sendable (_ identities: [String]) throws -> Int

    public init(
      recordAnswer: @escaping @Sendable (AnsweredQuestion, AnswerOrigin, Int?) throws -> KeptAnswer,
      undoAnswer: @escaping @Sendable (KeptAnswer) throws -> Void,
      reportScore: @escaping @Sendable (ScoreRecord, [Int64]) throws -> Int64,
      withdrawScore: @escaping @Sendable (Int64) throws -> Void,
      bestScores: @escaping @Sendable (Int) throws -> [ScoreRecord],
      history: @escaping @Sendable (Int) throws -> [AnsweredQuestion],
      eachAnswer: @escaping @Sendable ((AnsweredQuestion) throws -> Void) throws -> Void,
      importAnswers: @escaping @Sendable (consuming [AnsweredQuestion]) throws -> ImportSummary,
      mergeAnswers: @escaping @Sendable (consuming [AnsweredQuestion]) throws -> ImportSummary,
      ownAnswers: @escaping @Sendable (Int64) throws -> [(id: Int64, answer: AnsweredQuestion)],
      withdrawn: @escaping @Sendable () throws -> [String],
      withdrawAnswers: @escaping @Sendable ([String]) throws -> Int
    ) {
      self.recordAnswer = recordAnswer
      self.undoAnswer = undoAnswer
      self.reportScore = reportScore
      self.withdrawScore = withdrawScore
      self.bestScores = bestScores
      self.history = history
      self.eachAnswer = eachAnswer
      self.importAnswers = importAnswers
      self.mergeAnswers = mergeAnswers
      self.ownAnswers = ownAnswers
      self.withdrawn = withdrawn
      self.withdrawAnswers = withdrawAnswers
    }

    /// Keeps one answer (`recordAnswer`), suspending no leech.
    public func recordAnswer(_ answer: AnsweredQuestion, _ origin: AnswerOrigin) throws -> KeptAnswer {
      try recordAnswer(answer, origin, nil)
    }

    /// Keeps a whole quiz at once: each answer as if given now, then the score (a quiz replayed, as
    /// tests and fixtures do). Not one transaction: an answer refused stops it, before the score.
    @discardableResult
    public func reportQuiz(_ record: ScoreRecord, _ answers: [AnsweredQuestion]) throws -> Int64 {
      let ids = try answers.map { try recordAnswer($0, .quiz).id }
      return try reportScore(record, ids)
    }

    /// Every answer, oldest first (within a second, by identity: ``Replay``): ``eachAnswer``'s, in an array.
    public func allAnswers() throws -> [AnsweredQuestion] {
      var answers: [AnsweredQuestion] = []
      try eachAnswer { answers.append($0) }
      return answers
    }

    /// The 1-based place `score` takes among the best scores.
    public func rank(of score: Int) throws -> Int {
      try bestScores(Int.max).filter { $0.score > score }.count + 1
    }
  }

  /// Items and marks: each form's review state, what is due, and the learner's marks.
  public struct Items: Sendable {
    /// Every item's review state, by item; only those due at `due` when given. The live one reads
    /// every item (no `due`) on a connection of its own, as ``Memory/reviewLog``, so that a thread
    /// reading them (today's plan, the forecast) never holds up the screen's reads.
    public var items: @Sendable (_ due: Date?) throws -> [ItemState]
    /// The items due at `now`, the most forgotten first (``ItemState/mostForgottenFirst(at:scheduler:)``),
    /// none of `skipping` (the forms today's plan asks later), at most `limit`.
    public var dueItems: @Sendable (_ now: Date, _ limit: Int, _ skipping: Set<Item>) throws -> [ItemState]
    /// How many items are due at `now`.
    public var dueCount: @Sendable (_ now: Date) throws -> Int
    /// How many items had their first review at or after `date` (new items today).
    public var newItemsSince: @Sendable (_ date: Date) throws -> Int
    /// Which of `items` have a review state.
    public var knownItems: @Sendable (_ items: [Item]) throws -> Set<Item>
    /// The forms forgotten at least `lapses` times since learned (leeches), the most lapses first,
    /// at most `limit`.
    public var leeches: @Sendable (_ lapses: Int, _ limit: Int) throws -> [ItemState]
    /// Every form's marks (suspended, reset: ``ItemMarks``).
    public var itemMarks: @Sendable () throws -> ItemMarks
    /// Suspends, takes back or resets forms, as the learner asks (the browser, `conjugar items`, a
    /// leech suspended): an event only for a form whose mark it changes
    /// (``ItemMark/isChanged(by:practised:)``), none for one already so; the later of two events
    /// wins; a reset form is replayed from the answers after it, or is new again. In one transaction;
    /// returns the forms changed.
    public var markItems: @Sendable ([ItemEvent]) throws -> Int
    /// As `markItems`, for the marks of another machine (sync) or of a file (`conjugar items
    /// import`): every event applied as it comes, the later winning, even one that only dates a mark
    /// again (so that every machine ends with the same marks, whatever the order of its syncs).
    public var mergeItemMarks: @Sendable ([ItemEvent]) throws -> Int

    public init(
      items: @escaping @Sendable (Date?) throws -> [ItemState],
      dueItems: @escaping @Sendable (Date, Int, Set<Item>) throws -> [ItemState],
      dueCount: @escaping @Sendable (Date) throws -> Int,
      newItemsSince: @escaping @Sendable (Date) throws -> Int,
      knownItems: @escaping @Sendable ([Item]) throws -> Set<Item>,
      leeches: @escaping @Sendable (Int, Int) throws -> [ItemState],
      itemMarks: @escaping @Sendable () throws -> ItemMarks,
      markItems: @escaping @Sendable ([ItemEvent]) throws -> Int,
      mergeItemMarks: @escaping @Sendable ([ItemEvent]) throws -> Int
    ) {
      self.items = items
      self.dueItems = dueItems
      self.dueCount = dueCount
      self.newItemsSince = newItemsSince
      self.knownItems = knownItems
      self.leeches = leeches
      self.itemMarks = itemMarks
      self.markItems = markItems
      self.mergeItemMarks = mergeItemMarks
    }
  }

  /// The memory model: the log the optimizer reads, and the weights fitted and in use.
  public struct Memory: Sendable {
    /// Every answer kept, in every mode, as the optimizer reads them (``ReviewLog``): by form, in
    /// time order, to the second as the history keeps them. What `conjugar optimize`, `conjugar
    /// stats`' calibration and Progress read. The live one reads only the columns it needs, on a
    /// connection of its own, so that a thread reading it never holds up the screen's reads.
    public var reviewLog: @Sendable () throws -> ReviewLog
    /// Each form's answers counted, recalled and missed, every answer in every mode (of a result
    /// this version knows, as ``Answers/eachAnswer`` hands them) rated as the history rates it:
    /// what the rules' standing weighs (`conjugar stats --rules`, Progress's Rules part). The live
    /// one counts them in SQLite, on a connection of its own as ``reviewLog``, so that a thread
    /// reading it never holds up the screen's reads.
    public var recallCounts: @Sendable () throws -> [Item: RecallCount]
    /// The memory model fitted to this history and in use (``FittedMemory``); nil: FSRS-6's defaults.
    public var fittedMemory: @Sendable () throws -> FittedMemory?
    /// Puts `fitted` in use (nil: back to the defaults) and replays every item's review state from
    /// its answers with it, in one transaction; returns the items replayed.
    public var applyFittedMemory: @Sendable (FittedMemory?) throws -> Int

    public init(
      reviewLog: @escaping @Sendable () throws -> ReviewLog,
      recallCounts: @escaping @Sendable () throws -> [Item: RecallCount],
      fittedMemory: @escaping @Sendable () throws -> FittedMemory?,
      applyFittedMemory: @escaping @Sendable (FittedMemory?) throws -> Int
    ) {
      self.reviewLog = reviewLog
      self.recallCounts = recallCounts
      self.fittedMemory = fittedMemory
      self.applyFittedMemory = applyFittedMemory
    }
  }

  /// Statistics: where the learner stands.
  public struct Standing: Sendable {
    /// Where the learner stands (``Statistics``): from summary tables kept with each answer, never
    /// by reading every answer.
    public var statistics: @Sendable (StatisticsQuery) throws -> Statistics
    /// The memory's figures alone (``Statistics/memory``, as `statistics` makes them): the forms
    /// by review state, what is due, the recall today; a pass over every form practised.
    public var memory: @Sendable (StatisticsQuery) throws -> Statistics.Memory
    /// How many answers were given from `date` on (today's, toward the daily goal); `date` a quarter
    /// of an hour (any local midnight is).
    public var answersSince: @Sendable (_ date: Date) throws -> Int
    /// The verbs answered, in no order.
    public var answeredVerbs: @Sendable () throws -> [String]
    /// The id of the answer kept last (0 if none): an answer kept later has a higher one, whatever
    /// its date.
    public var latestAnswerID: @Sendable () throws -> Int64
    /// How many answers kept after the answer `id` (``latestAnswerID``) are dated before `date`:
    /// older answers brought in since (an import, a sync).
    public var answersKept: @Sendable (_ after: Int64, _ before: Date) throws -> Int

    public init(
      statistics: @escaping @Sendable (StatisticsQuery) throws -> Statistics,
      memory: @escaping @Sendable (StatisticsQuery) throws -> Statistics.Memory,
      answersSince: @escaping @Sendable (Date) throws -> Int,
      answeredVerbs: @escaping @Sendable () throws -> [String],
      latestAnswerID: @escaping @Sendable () throws -> Int64,
      answersKept: @escaping @Sendable (Int64, Date) throws -> Int
    ) {
      self.statistics = statistics
      self.memory = memory
      self.answersSince = answersSince
      self.answeredVerbs = answeredVerbs
      self.latestAnswerID = latestAnswerID
      self.answersKept = answersKept
    }
  }
}

extension Scoreboard {
  /// What SQLite keeps beside a database file, each named by the file's path and this: its journal
  /// in WAL mode, the shared memory, the rollback journal. They belong to the file: set aside,
  /// restored and never written over with it.
  public static let journalSuffixes = ["-wal", "-shm", "-journal"]
}

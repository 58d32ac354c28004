import Foundation
import SpacedRepetition
import Testing

/// The review sequences that Scripts/generate-fsrs-fixtures had py-fsrs 6.3.2 schedule, replayed:
/// the same state, step and due date (to the second), stability and difficulty within 1e-6,
/// retrievability within 1e-9.
@Suite struct FixtureTests {
  struct Fixture: Decodable {
    var fsrs: String
    var reviews: Int
    var sequences: [Sequence]
  }

  struct Sequence: Decodable {
    var id: Int
    var item: String
    var scheduler: Settings
    var start: Int
    var newCardProbe: [[Double]]
    var reviews: [Review]
  }

  struct Settings: Decodable {
    var desiredRetention: Double
    var maximumInterval: Int
    var fuzz: Bool
  }

  struct Review: Decodable {
    var t: Int
    var rating: Int
    var state: Int
    var step: Int?
    var s: Double
    var d: Double
    var due: Int
    var last: Int
    /// [time, retrievability of the card after this review at that time]
    var probes: [[Double]]
  }

  static let fixture: Fixture = {
    let url = Bundle.module.url(forResource: "fsrs-6.3.2", withExtension: "json", subdirectory: "Fixtures")!
    let decoder = JSONDecoder()
    decoder.keyDecodingStrategy = .convertFromSnakeCase
    return try! decoder.decode(Fixture.self, from: Data(contentsOf: url))
  }()

  static func date(_ seconds: Int) -> Date { Date(timeIntervalSince1970: TimeInterval(seconds)) }

  @Test func theFixtureIsWhole() {
    let fixture = Self.fixture
    #expect(fixture.fsrs == "6.3.2")
    #expect(fixture.sequences.count >= 500)
    #expect(fixture.sequences.filter { !$0.scheduler.fuzz && $0.scheduler.desiredRetention == 0.9 }.count >= 500)
    #expect(fixture.sequences.map(\.reviews.count).reduce(0, +) == fixture.reviews)
  }

  @Test func everySequenceIsScheduledAsPyFSRSSchedulesIt() throws {
    var worst = (stability: 0.0, difficulty: 0.0, retrievability: 0.0)
    var inexact = 0
    for sequence in Self.fixture.sequences {
      let scheduler = Scheduler(
        parameters: Parameters(
          desiredRetention: sequence.scheduler.desiredRetention,
          maximumInterval: sequence.scheduler.maximumInterval,
          fuzz: sequence.scheduler.fuzz))
      var card = Card(due: Self.date(sequence.start))
      for probe in sequence.newCardProbe {
        #expect(scheduler.retrievability(of: card, at: Self.date(Int(probe[0]))) == probe[1])
      }
      for (index, review) in sequence.reviews.enumerated() {
        let rating = try #require(Rating(rawValue: review.rating))
        card = scheduler.review(card, rating: rating, at: Self.date(review.t), item: sequence.item)
        let stability = try #require(card.stability)
        let difficulty = try #require(card.difficulty)
        let where_ = "sequence \(sequence.id), review \(index)"
        worst.stability = max(worst.stability, abs(stability - review.s))
        worst.difficulty = max(worst.difficulty, abs(difficulty - review.d))
        if stability != review.s || difficulty != review.d { inexact += 1 }
        let agrees =
          card.state.rawValue == review.state && card.step == review.step
          && abs(stability - review.s) <= 1e-6 && abs(difficulty - review.d) <= 1e-6
          && card.due == Self.date(review.due) && card.lastReview == Self.date(review.last)
        guard agrees else {
          Issue.record(
            """
            \(where_): got \(card.state) step \(card.step.map(String.init) ?? "nil") S \(stability) D \(difficulty) \
            due \(card.due.timeIntervalSince1970); py-fsrs \(review.state) step \(review.step.map(String.init) ?? "nil") \
            S \(review.s) D \(review.d) due \(review.due)
            """)
          break  // the rest of the sequence follows from this review
        }
        for probe in review.probes {
          let r = scheduler.retrievability(of: card, at: Self.date(Int(probe[0])))
          worst.retrievability = max(worst.retrievability, abs(r - probe[1]))
          #expect(abs(r - probe[1]) <= 1e-9, "\(where_), R at \(Int(probe[0])): \(r), py-fsrs \(probe[1])")
        }
      }
    }
    print(
      "fsrs fixtures: \(Self.fixture.sequences.count) sequences, \(Self.fixture.reviews) reviews; largest differences:",
      "S \(worst.stability), D \(worst.difficulty), R \(worst.retrievability); reviews not bit-equal: \(inexact)")
  }
}

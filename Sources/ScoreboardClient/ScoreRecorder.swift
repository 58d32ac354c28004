import Foundation
import SpacedRepetition
import Synchronization

import Unimplemented

extension Scoreboard {
  /// Scores kept in memory while the program runs.
  public static func inMemory(scheduler: @escaping @Sendable () -> Scheduler = { Scheduler() }) -> Scoreboard {
    ScoreRecorder(scheduler: scheduler).scoreboard
  }
}

/// Keeps what it is given in memory, for as long as the program runs: the score board of the
/// simulator and UI-test worlds (the results screen can still show a rank, a review its schedule),
/// and the recorder tests assert on.
public final class ScoreRecorder: Sendable {
  private struct State {
    var scores: [(id: Int64, record: ScoreRecord)] = []
    /// Every answer with its id, in the order kept.
    var kept: [(id: Int64, answer: AnsweredQuestion)] = []
    var items: [Item: ItemState] = [:]
    var fitted: FittedMemory?
    var marks = ItemMarks()
    /// The identities of the answers taken back (``AnswerIdentity``).
    var withdrawn = Set<String>()
    /// The last id given to a score or an answer.
    var lastID: Int64 = 0

    var answers: [AnsweredQuestion] { kept.map(\.answer) }

    /// Every item's state replayed whole, in time order, from the answers that count (a
    /// recorder's histories are small).
    mutating func replay(scheduler: Scheduler) {
      items = [:]
      ItemState.replay(HistoryDatabase.timeOrdered(answers).filter(marks.counts), onto: &items, scheduler: scheduler)
    }

    mutating func nextID() -> Int64 {
      lastID += 1
      return lastID
    }
  }

  private let state = Mutex(State())
  private let settingsScheduler: @Sendable () -> Scheduler

  public init(scheduler: @escaping @Sendable () -> Scheduler = { Scheduler() }) { self.settingsScheduler = scheduler }

  /// The settings' schedule, with the fitted weights when there are some.
  private func scheduler() -> Scheduler {
    let base = settingsScheduler()
    return state.withLock { $0.fitted }.map { $0.applied(to: base) } ?? base
  }

  public var scores: [ScoreRecord] { state.withLock { $0.scores.map(\.record) } }
  public var answers: [AnsweredQuestion] { state.withLock { $0.answers } }
  public var items: [Item: ItemState] { state.withLock { $0.items } }

  /// As the live board's `apply(_:merging:)`: the learner's events only when they change a mark.
  private func mark(_ events: [ItemEvent], merging: Bool) -> Int {
    let scheduler = self.scheduler()
    return state.withLock { state in
      var changed = Set<Item>()
      for event in events.sorted(by: { $0.date < $1.date }) {
        let mark = state.marks[event.item]
        if !merging, !mark.isChanged(by: event.action, practised: state.items[event.item] != nil) { continue }
        guard let next = mark.after(event) else { continue }
        state.marks.marks[event.item] = next
        changed.insert(event.item)
      }
      state.replay(scheduler: scheduler)
      return changed.count
    }
  }

  public var scoreboard: Scoreboard {
    Scoreboard(
      reportScore: { score, _ in
        self.state.withLock {
          let id = $0.nextID()
          $0.scores.append((id, score))
          return id
        }
      },
      recordAnswer: { answer, _, lapses in
        let scheduler = self.scheduler()
        var answer = answer
        if answer.id == nil { answer.id = HistoryDatabase.newIdentity(for: answer) }
        var kept = self.state.withLock {
          let id = $0.nextID()
          $0.kept.append((id, answer))
          let before = $0.items[answer.item]
          let next = ItemState.after(before, answer, scheduler: scheduler)
          $0.items[answer.item] = next
          return KeptAnswer(id: id, before: before, state: next)
        }
        if let lapses, kept.state.isLeech(missedBy: answer, at: lapses) {
          let suspend = ItemEvent(item: answer.item, action: .suspend, date: answer.date)
          if self.mark([suspend], merging: false) == 1 { kept.suspended = suspend.date }
        }
        return kept
      },
      undoAnswer: { kept in
        self.state.withLock {
          $0.withdrawn.formUnion($0.kept.filter { $0.id == kept.id }.compactMap(\.answer.id))
          $0.kept.removeAll { $0.id == kept.id }
          $0.items[kept.state.item] = kept.before
        }
        if let suspended = kept.suspended {
          _ = self.mark([ItemEvent(item: kept.state.item, action: .unsuspend, date: suspended.addingTimeInterval(0.001))], merging: false)
        }
      },
      withdrawScore: { id in self.state.withLock { $0.scores.removeAll { $0.id == id } } },
      bestScores: { limit in
        // Highest first; among equal scores, the earlier first (a stable sort).
        Array(self.state.withLock { $0.scores.map(\.record) }.enumerated()
          .sorted { $0.element.score != $1.element.score ? $0.element.score > $1.element.score : $0.offset < $1.offset }
          .map(\.element).prefix(limit))
      },
      history: { limit in Array(self.state.withLock { $0.answers }.reversed().prefix(limit)) },
      eachAnswer: { body in
        for answer in HistoryDatabase.timeOrdered(self.state.withLock { $0.answers }) { try body(answer) }
      },
      importAnswers: { answers in
        let scheduler = self.scheduler()
        return self.state.withLock { state in
          // By identity (``AnswerIdentity``): those kept, and those taken back.
          var kept = state.withdrawn.union(state.answers.compactMap(\.id))
          var summary = ImportSummary(added: 0, alreadyKept: 0)
          for answer in AnswerIdentity.identified(answers) {
            guard kept.insert(answer.id!).inserted else {
              summary.alreadyKept += 1
              continue
            }
            state.kept.append((state.nextID(), answer))
            summary.added += 1
          }
          state.replay(scheduler: scheduler)
          return summary
        }
      },
      ownAnswers: { after in self.state.withLock { $0.kept.filter { $0.id > after } } },
      items: { due in
        self.state.withLock { $0.items.values }.filter { due == nil || $0.card.due <= due! }.sorted { $0.item < $1.item }
      },
      dueItems: { now, limit in
        Array(
          self.state.withLock { state in state.items.values.filter { !state.marks[$0.item].suspended } }
            .filter { $0.card.due <= now }
            .sorted(by: ItemState.mostForgottenFirst(at: now, scheduler: self.scheduler())).prefix(max(0, limit)))
      },
      dueCount: { now in
        self.state.withLock { state in state.items.values.filter { $0.card.due <= now && !state.marks[$0.item].suspended }.count }
      },
      newItemsSince: { date in self.state.withLock { $0.items.values.filter { $0.firstReview >= date }.count } },
      knownItems: { items in
        let known = self.state.withLock { $0.items }
        return Set(items.filter { known[$0] != nil })
      },
      statistics: { query in
        let (answers, items) = self.state.withLock { ($0.answers, $0.items.values) }
        return Statistics.computed(answers: answers, items: items, query: query, scheduler: self.scheduler())
      },
      answersSince: { date in self.state.withLock { $0.answers.filter { $0.date >= date }.count } },
      answeredVerbs: { Array(Set(self.state.withLock { $0.answers.map(\.verb) })) },
      fittedMemory: { self.state.withLock { $0.fitted } },
      applyFittedMemory: { fitted in
        let scheduler = fitted.map { $0.applied(to: self.settingsScheduler()) } ?? self.settingsScheduler()
        return self.state.withLock { state in
          state.fitted = fitted
          state.replay(scheduler: scheduler)
          return state.items.count
        }
      },
      leeches: { lapses, limit in
        Array(self.state.withLock { $0.items.values }.filter { $0.lapses >= lapses }
          .sorted { ($1.lapses, $0.item) < ($0.lapses, $1.item) }.prefix(limit))
      },
      withdrawn: { self.state.withLock { $0.withdrawn.sorted() } },
      withdrawAnswers: { identities in
        let scheduler = self.scheduler()
        return self.state.withLock { state in
          let taken = Set(identities)
          state.withdrawn.formUnion(taken)
          let before = state.kept.count
          state.kept.removeAll { $0.answer.id.map(taken.contains) == true }
          state.replay(scheduler: scheduler)
          return before - state.kept.count
        }
      },
      itemMarks: { self.state.withLock { $0.marks } },
      markItems: { events in self.mark(events, merging: false) },
      mergeItemMarks: { events in self.mark(events, merging: true) },
      location: "in memory"
    )
  }
}

import Foundation
import SpacedRepetition

/// What a learner can do to a form the trainer remembers, beyond answering it (the browser, and
/// `conjugar items`): suspend it (never scheduled, never brought in new), take it back, or reset
/// it (its memory forgotten: new again; its answers stay in the history, and no longer count for
/// its schedule).
public enum ItemAction: String, Sendable, Codable, CaseIterable {
  case suspend, unsuspend, reset
}

/// One action on one form, at a time: what the database keeps (as its outcome, ``ItemMark``),
/// `conjugar items export` writes and a sync carries to the other machines.
public struct ItemEvent: Sendable, Equatable, Codable {
  public var item: Item
  public var action: ItemAction
  /// To the millisecond: the later of two suspends and unsuspends wins, on every machine.
  public var date: Date

  public init(item: Item, action: ItemAction, date: Date) {
    self.item = item
    self.action = action
    self.date = Date(timeIntervalSince1970: (date.timeIntervalSince1970 * 1000).rounded(.down) / 1000)
  }
}

/// A form's marks: whether it is suspended (and since when the learner said so), and when its
/// memory was last reset.
public struct ItemMark: Sendable, Equatable {
  public var suspended = false
  /// When it was last suspended or taken back; nil: never.
  public var suspendedChanged: Date?
  /// When it was last reset; nil: never. Answers up to this second do not count for its schedule.
  public var reset: Date?

  public init(suspended: Bool = false, suspendedChanged: Date? = nil, reset: Date? = nil) {
    self.suspended = suspended
    self.suspendedChanged = suspendedChanged
    self.reset = reset
  }

  /// The mark after `event`, and whether it changed. The later event wins (a tie: unsuspend, then
  /// suspend, in that order, so that every machine agrees); a reset keeps the latest date.
  public func after(_ event: ItemEvent) -> ItemMark? {
    var next = self
    switch event.action {
    case .suspend, .unsuspend:
      if let changed = suspendedChanged {
        if event.date < changed { return nil }
        if event.date == changed, event.action == .unsuspend { return nil }
      }
      next.suspended = event.action == .suspend
      next.suspendedChanged = event.date
    case .reset:
      if let reset, event.date <= reset { return nil }
      next.reset = event.date
    }
    return next == self ? nil : next
  }

  /// Whether the learner's `action` changes this mark: suspending a form not suspended, taking
  /// back one suspended, resetting one `practised` (with a review state: a memory to forget). Only
  /// such an action is kept as an event (``Scoreboard/Items/markItems``); one that changes nothing is
  /// neither written nor carried to the other machines.
  public func isChanged(by action: ItemAction, practised: Bool) -> Bool {
    switch action {
    case .suspend: !suspended
    case .unsuspend: suspended
    case .reset: practised
    }
  }

  /// Whether an answer given at `date` counts for the form's schedule: after its last reset.
  public func counts(_ date: Date) -> Bool {
    guard let reset else { return true }
    return date.timeIntervalSince1970.rounded(.down) > reset.timeIntervalSince1970.rounded(.down)
  }

  /// The events that make this mark from nothing: what is exported and synced.
  public func events(of item: Item) -> [ItemEvent] {
    var events: [ItemEvent] = []
    if let changed = suspendedChanged {
      events.append(ItemEvent(item: item, action: suspended ? .suspend : .unsuspend, date: changed))
    }
    if let reset { events.append(ItemEvent(item: item, action: .reset, date: reset)) }
    return events
  }
}

/// Every form's marks.
public struct ItemMarks: Sendable, Equatable {
  public var marks: [Item: ItemMark]

  public init(_ marks: [Item: ItemMark] = [:]) { self.marks = marks }

  public subscript(item: Item) -> ItemMark { marks[item] ?? ItemMark() }

  public var suspended: Set<Item> { Set(marks.filter(\.value.suspended).keys) }

  /// Whether `answer` counts for its form's schedule (``ItemMark/counts(_:)``).
  public func counts(_ answer: AnsweredQuestion) -> Bool { marks[answer.item]?.counts(answer.date) ?? true }

  /// Every mark as events, in a stable order (date, then form, then action).
  public var events: [ItemEvent] {
    marks.flatMap { $0.value.events(of: $0.key) }
      .sorted { ($0.date, $0.item, $0.action.rawValue) < ($1.date, $1.item, $1.action.rawValue) }
  }
}

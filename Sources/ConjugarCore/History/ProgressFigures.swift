import BackgroundClient
import ConjugarEngine
import Foundation
import ScoreboardClient
import Synchronization

/// What Progress shows beyond the statistics themselves, worked out from them: the accuracy of
/// regular and irregular verbs and of each irregularity group, and the forms missed, the leeches
/// first. A plain value: made from the statistics, the leeches and the engine, nothing read.
public struct ProgressFigures: Sendable, Equatable {
  /// The answers to regular verbs (their models among the regular-looking ones) and to the others.
  public var regular = Tally(), irregular = Tally()
  /// The answers to the verbs of each irregularity group answered, in the groups' order.
  public var groups: [Group] = []
  /// Whether the verbs' groups are still being worked out (``IrregularityGroupCache/isWarming``):
  /// ``groups`` is then empty, not yet read.
  public var groupsPending = false

  public struct Group: Sendable, Equatable {
    public var group: IrregularityGroup
    public var tally: Tally

    public init(_ group: IrregularityGroup, _ tally: Tally) {
      self.group = group
      self.tally = tally
    }
  }

  /// A form missed: its answers wrong in the period (nil for a leech not among the most missed),
  /// and its lapses if it is a leech.
  public struct Missed: Sendable, Equatable {
    public var item: Item
    public var wrong: Int?
    public var lapses: Int?

    public init(item: Item, wrong: Int?, lapses: Int?) {
      self.item = item
      self.wrong = wrong
      self.lapses = lapses
    }
  }

  /// The leeches first (the most lapses first, as given), then the most missed that are not.
  public var missed: [Missed] = []

  public init() {}

  /// - Parameters:
  ///   - statistics: read with the answers by verb.
  ///   - leeches: the forms with the leech threshold's lapses or more, the most first.
  ///   - kind: each verb's kind (a cache's, ``IrregularityGroupCache/kind(of:_:)``); nil for a verb
  ///     the catalog does not know. Its groups nil while they are being worked out (``groupsPending``).
  public init(_ statistics: Statistics, leeches: [ItemState], kind: (String) -> VerbKind?) {
    var byGroup: [IrregularityGroup: Tally] = [:]
    for (verb, tally) in statistics.verbs {
      guard let kind = kind(verb) else { continue }
      if kind.isRegular { regular.add(tally) } else { irregular.add(tally) }
      guard let groups = kind.groups else {
        groupsPending = true
        continue
      }
      for group in groups { byGroup[group, default: Tally()].add(tally) }
    }
    self.groups = groupsPending ? [] : IrregularityGroup.allCases.compactMap { group in byGroup[group].map { Group(group, $0) } }
    let wrong = Dictionary(statistics.mostMissed.map { ($0.item, $0.wrong) }, uniquingKeysWith: { a, _ in a })
    let leeching = Set(leeches.map(\.item))
    missed = leeches.map { Missed(item: $0.item, wrong: wrong[$0.item], lapses: $0.lapses) }
      + statistics.mostMissed.filter { !leeching.contains($0.item) }.map { Missed(item: $0.item, wrong: $0.wrong, lapses: nil) }
  }
}

/// What Progress's figures need of a verb answered: whether it counts as regular (its models among
/// the regular-looking ones, ``Conjugator/regularLookingModels()``) and its irregularity groups.
public struct VerbKind: Sendable, Equatable {
  public var isRegular: Bool
  /// Nil while the groups are being worked out (the trainer's warm-up).
  public var groups: Set<IrregularityGroup>?

  /// `verb`'s kind; its groups worked out if `withGroups` (the engine conjugates the verb). Nil for
  /// a verb the catalog does not know.
  public init?(_ verb: String, _ conjugator: Conjugator, withGroups: Bool) {
    self.init(verb, conjugator, regularLookingModels: conjugator.regularLookingModels(), withGroups: withGroups)
  }

  /// The same, with the regular-looking models read once for many verbs (they are kept behind a
  /// lock, which a thread working out groups takes too).
  public init?(_ verb: String, _ conjugator: Conjugator, regularLookingModels models: Set<String>, withGroups: Bool) {
    guard let entry = conjugator.catalog.entry(verb) else { return nil }
    isRegular = entry.isRegular(regularLookingModels: models)
    groups = withGroups ? conjugator.groups(of: entry) : nil
  }
}

/// The kinds of the verbs the learner has answered (``VerbKind``), worked out once per verb and run:
/// the engine conjugates a verb to know its groups (some 20 µs a verb; the verbs of a million
/// answers, 5,000, take more than a frame), and a verb's kind kept is one look-up at each Progress
/// key. The trainer works them out on a thread after its first frame (``warm(_:_:background:)``);
/// until that is done, ``isWarming``.
public final class IrregularityGroupCache: Sendable {
  private struct State {
    var known: [String: VerbKind] = [:]
    var warming = 0
  }
  private let state = Mutex(State())

  public init() {}

  /// `verb`'s kind, its groups worked out; nil for a verb the catalog does not know.
  public func kind(of verb: String, _ conjugator: Conjugator) -> VerbKind? {
    kind(of: verb, conjugator, regularLookingModels: nil)
  }

  /// The same, with the regular-looking models if read already (a warm-up reads them once).
  private func kind(of verb: String, _ conjugator: Conjugator, regularLookingModels models: Set<String>?) -> VerbKind? {
    if let kind = state.withLock({ $0.known[verb] }) { return kind }
    guard let kind = VerbKind(verb, conjugator, regularLookingModels: models ?? conjugator.regularLookingModels(), withGroups: true)
    else { return nil }
    state.withLock { $0.known[verb] = kind }
    return kind
  }

  /// Whether a warm-up (``warm(_:_:background:)``) is working out kinds.
  public var isWarming: Bool { state.withLock { $0.warming > 0 } }

  /// Works out the kinds of `verbs` in the background; ``isWarming`` from now until that is done.
  public func warm(_ verbs: @escaping @Sendable () -> [String], _ conjugator: Conjugator, background: Background) {
    state.withLock { $0.warming += 1 }
    background.run("irregularity groups") {
      let models = conjugator.regularLookingModels()
      for verb in verbs() { _ = self.kind(of: verb, conjugator, regularLookingModels: models) }
      self.state.withLock { $0.warming -= 1 }
    }
  }
}

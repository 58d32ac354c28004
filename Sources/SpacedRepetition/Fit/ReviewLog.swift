/// A learner's reviews as the optimizer reads them: per item, in time order, each review's rating
/// and the whole days since the item's previous review (24-hour periods, as ``Scheduler`` counts
/// them). This is how fsrs-rs, Anki's optimizer, is fed: every review a day or more after the
/// previous one is a prediction to score (a *target*: was it recalled?), its history the reviews
/// before it; reviews within the same day only move the memory (same-day stability).
///
/// The targets are weighed by recency, as fsrs-rs weighs them in training and in `evaluate`: ranked
/// by time, the one of rank i of n counts 0.25 + 0.75 · (i / (n − 1))³, so the latest reviews
/// count four times the first.
public struct ReviewLog: Sendable {
  /// One review of an item.
  public struct Review: Sendable, Equatable {
    public var rating: Rating
    /// Whole days since the item's previous review; 0 for the first.
    public var days: Int
    /// When, in seconds since 1970: it orders the targets.
    public var seconds: Int64
    /// The target's recency weight; 0 for a review that is not a target.
    public internal(set) var weight: Double = 0

    public init(rating: Rating, days: Int, seconds: Int64) {
      self.rating = rating
      self.days = days
      self.seconds = seconds
    }

    /// A review a day or more after the item's previous one: a prediction to score.
    var isTarget: Bool { days > 0 }
  }

  /// Each item's reviews in time order.
  public private(set) var items: [[Review]]
  /// The reviews that are predictions to score: a day or more after the item's previous review.
  public let targets: Int

  /// Items already in time order; `weight` is computed here.
  public init(items: [[Review]]) {
    var items = items.filter { !$0.isEmpty }
    var order: [(seconds: Int64, item: Int, review: Int)] = []
    for (i, reviews) in items.enumerated() {
      for (j, review) in reviews.enumerated() where j > 0 && review.isTarget { order.append((review.seconds, i, j)) }
    }
    order.sort { ($0.seconds, $0.item, $0.review) < ($1.seconds, $1.item, $1.review) }
    let last = Double(max(order.count - 1, 1))
    for (rank, target) in order.enumerated() {
      let fraction = Double(rank) / last
      items[target.item][target.review].weight = 0.25 + 0.75 * fraction * fraction * fraction
    }
    self.items = items
    targets = order.count
  }

  /// The log of timed reviews, whatever their order: grouped by `item` (items in key order), each
  /// sorted by time.
  public init<Key: Hashable & Comparable>(reviews: some Sequence<(item: Key, seconds: Int64, rating: Rating)>) {
    var byItem: [Key: [(seconds: Int64, rating: Rating)]] = [:]
    for review in reviews { byItem[review.item, default: []].append((review.seconds, review.rating)) }
    let items = byItem.sorted { $0.key < $1.key }.map { _, timed in
      let sorted = timed.sorted { $0.seconds < $1.seconds }
      var previous = sorted[0].seconds
      return sorted.map { review in
        // Whole days, rounded down; the times are sorted, so never negative.
        defer { previous = review.seconds }
        return Review(rating: review.rating, days: Int((review.seconds - previous) / 86_400), seconds: review.seconds)
      }
    }
    self.init(items: items)
  }

  /// Every review.
  public var reviews: Int { items.reduce(0) { $0 + $1.count } }
}

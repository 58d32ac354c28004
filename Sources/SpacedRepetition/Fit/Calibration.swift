/// What the learner can see of a model's predictions: the answers a day or more after the form's
/// previous one, grouped by the recall one set of weights predicted, each group's mean prediction
/// by those weights and by others (say, the ones in use), against how many were in fact recalled.
public struct Calibration: Sendable, Equatable {
  public struct Row: Sendable, Equatable {
    /// The group: predictions from `low` up to `high` (the last includes 1).
    public var low: Double
    public var high: Double
    public var answers: Int
    /// The mean recall predicted by the weights grouped by, and by the others.
    public var predicted: Double
    public var predictedByOthers: Double
    /// The share of those answers that were recalled.
    public var actual: Double
  }

  /// The groups' bounds.
  public static let bounds: [Double] = [0, 0.7, 0.8, 0.9, 0.95, 1]

  public var rows: [Row]

  /// `weights`' predictions on `log` grouped, with `others`' beside them; groups with no answer are
  /// left out.
  public init(weights: [Double], others: [Double], log: ReviewLog) {
    var mine: [(r: Double, recalled: Bool)] = []
    MemoryModel<Double>(weights: weights).replay(log) { r, target in mine.append((r, target.recalled)) }
    var theirs: [Double] = []
    MemoryModel<Double>(weights: others).replay(log) { r, _ in theirs.append(r) }
    var sums = [(answers: Int, predicted: Double, others: Double, recalled: Int)](
      repeating: (0, 0, 0, 0), count: Self.bounds.count - 1)
    for (index, prediction) in mine.enumerated() {
      let group = (1..<Self.bounds.count).first { prediction.r < Self.bounds[$0] }.map { $0 - 1 } ?? sums.count - 1
      sums[group].answers += 1
      sums[group].predicted += prediction.r
      sums[group].others += theirs[index]
      sums[group].recalled += prediction.recalled ? 1 : 0
    }
    rows = sums.enumerated().compactMap { group, sum in
      guard sum.answers > 0 else { return nil }
      let n = Double(sum.answers)
      return Row(
        low: Self.bounds[group], high: Self.bounds[group + 1], answers: sum.answers, predicted: sum.predicted / n,
        predictedByOthers: sum.others / n, actual: Double(sum.recalled) / n)
    }
  }
}

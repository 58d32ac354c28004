/// What the learner can see of a model's predictions: the answers the optimizer scores (those a day
/// or more after the form's previous one, as ``ReviewLog`` decides), put in bins of 10 % by the
/// recall one set of weights predicted for them; in each bin, how many answers, their mean
/// predicted recall, and the share in fact recalled (rated anything but again).
///
/// The binning rule, stated once here: a prediction R goes in bin ⌊10 · R⌋, 0 to 9, the bin from
/// k/10 up to (k + 1)/10; R = 1 goes in the last, 0.9 to 1.
public struct Calibration: Sendable, Equatable {
  public struct Bin: Sendable, Equatable {
    /// The bin's index, 0 to 9: predictions from `from` up to `to` (the last includes 1).
    public var index: Int
    public var answers: Int
    /// The mean recall predicted for those answers.
    public var predicted: Double
    /// The share of those answers recalled.
    public var recalled: Double

    public var from: Double { Double(index) / Double(Calibration.binCount) }
    public var to: Double { Double(index + 1) / Double(Calibration.binCount) }
    /// The same bounds in whole percents: 70 and 80.
    public var percents: (from: Int, to: Int) { Calibration.percents(of: index) }

    public init(index: Int, answers: Int, predicted: Double, recalled: Double) {
      self.index = index
      self.answers = answers
      self.predicted = predicted
      self.recalled = recalled
    }
  }

  /// Ten bins of 10 %.
  public static let binCount = 10

  /// The bin of a predicted recall: ⌊10 · R⌋, 1 in the last.
  public static func bin(of prediction: Double) -> Int {
    min(max(Int((prediction * Double(binCount)).rounded(.down)), 0), binCount - 1)
  }

  /// The bounds of bin `index` in whole percents: 70 and 80 for bin 7.
  public static func percents(of index: Int) -> (from: Int, to: Int) {
    (index * 100 / binCount, (index + 1) * 100 / binCount)
  }

  /// The bins with at least one answer, in order of predicted recall.
  public var bins: [Bin]

  /// Every answer scored, the sum of the bins' answers.
  public var answers: Int { bins.reduce(0) { $0 + $1.answers } }

  /// The bin of index `index`, if it has answers.
  public subscript(index: Int) -> Bin? { bins.first { $0.index == index } }

  /// These bins, as they are.
  public init(bins: [Bin]) { self.bins = bins }

  /// The bins of these predictions, each with whether it was recalled.
  public init(predictions: some Sequence<(predicted: Double, recalled: Bool)>) {
    var sums = [(answers: Int, predicted: Double, recalled: Int)](repeating: (0, 0, 0), count: Self.binCount)
    for prediction in predictions {
      let bin = Self.bin(of: prediction.predicted)
      sums[bin].answers += 1
      sums[bin].predicted += prediction.predicted
      sums[bin].recalled += prediction.recalled ? 1 : 0
    }
    bins = sums.enumerated().compactMap { index, sum in
      guard sum.answers > 0 else { return nil }
      let n = Double(sum.answers)
      return Bin(index: index, answers: sum.answers, predicted: sum.predicted / n, recalled: Double(sum.recalled) / n)
    }
  }

  /// `weights`' predictions on the answers `log` scores.
  public init(weights: [Double], log: ReviewLog) {
    precondition(weights.count == 21, "FSRS-6 has 21 weights")
    var predictions: [(predicted: Double, recalled: Bool)] = []
    predictions.reserveCapacity(log.targets)
    MemoryModel<Double>(weights: weights).replay(log) { r, target in predictions.append((r, target.recalled)) }
    self.init(predictions: predictions)
  }
}

import Foundation

/// **Fuzz**: a review interval of 3 days or more is moved by a few days, so that items learnt
/// together do not stay bunched together. The range is py-fsrs's; the draw is not random but
/// ``fuzzUnit(item:at:)``, so the same history always gives the same schedule.
extension Scheduler {
  /// py-fsrs's fuzz ranges: an interval of d days may move by
  /// δ = 1 + 0.15 · (part of d in 2.5…7) + 0.10 · (part in 7…20) + 0.05 · (part above 20).
  static let fuzzRanges: [(start: Double, end: Double, factor: Double)] = [
    (2.5, 7.0, 0.15), (7.0, 20.0, 0.1), (20.0, .infinity, 0.05),
  ]

  /// py-fsrs's `_get_fuzz_range`: round(d − δ)…round(d + δ) (half to even), at least 2, at most
  /// the maximum interval.
  public func fuzzRange(days: Int) -> ClosedRange<Int> {
    var delta = 1.0
    for range in Self.fuzzRanges {
      delta += range.factor * max(min(Double(days), range.end) - range.start, 0.0)
    }
    let upper = min(Int((Double(days) + delta).rounded(.toNearestOrEven)), parameters.maximumInterval)
    let lower = min(max(2, Int((Double(days) - delta).rounded(.toNearestOrEven))), upper)
    return lower...upper
  }

  /// The days an interval of `days` may be moved to: ``fuzzRange(days:)``, nil for an interval
  /// under 2.5 days, which the fuzz leaves alone.
  public func fuzzRange(forInterval days: Int) -> ClosedRange<Int>? {
    Double(days) >= 2.5 ? fuzzRange(days: days) : nil
  }

  /// py-fsrs's `_get_fuzzed_interval`, with `unit` (in 0..<1) in place of `random()`:
  /// round(unit · (max − min + 1) + min), at most the maximum interval. Intervals under 2.5 days
  /// are left alone.
  ///
  /// As in py-fsrs, the rounding makes the result run from min to max **+ 1** (the two ends half
  /// as likely as the others), unless max + 1 is beyond the maximum interval.
  public func fuzzed(days: Int, unit: Double) -> Int {
    guard let range = fuzzRange(forInterval: days) else { return days }
    let draw = unit * Double(range.upperBound - range.lowerBound + 1) + Double(range.lowerBound)
    return min(Int(draw.rounded(.toNearestOrEven)), parameters.maximumInterval)
  }

  /// The fuzz's draw for a review of `item` at `date`, in 0..<1: a 64-bit hash of both.
  ///
  /// FNV-1a (offset 0xcbf29ce484222325, prime 0x100000001b3) over the item's UTF-8 bytes, then
  /// over the 8 bytes, little-endian, of the review's whole seconds since 1970 (rounded down);
  /// then SplitMix64's finalizer; the top 53 bits as a fraction. (Scripts/generate-fsrs-fixtures
  /// computes the same in Python.)
  public static func fuzzUnit(item: String, at date: Date) -> Double {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    func add(_ byte: UInt8) {
      hash ^= UInt64(byte)
      hash = hash &* 0x100_0000_01b3
    }
    for byte in item.utf8 { add(byte) }
    let seconds = UInt64(bitPattern: Int64(date.timeIntervalSince1970.rounded(.down)))
    for shift in stride(from: 0, to: 64, by: 8) { add(UInt8(truncatingIfNeeded: seconds >> UInt64(shift))) }
    var z = hash
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    z ^= z >> 31
    return Double(z >> 11) * 0x1p-53
  }
}

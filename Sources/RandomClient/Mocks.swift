import Unimplemented

extension RandomSource {
  /// Fails the test that draws a random number without saying so.
  public static let failing = RandomSource(next: { unimplemented("RandomSource.next") })
}

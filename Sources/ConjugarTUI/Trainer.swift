import ConjugarCore

/// The full-screen trainer.
public enum Trainer {
  /// Runs the trainer in the World `Current` was launched with; returns the exit status.
  public static func run() -> Int32 {
    // Not built yet (issue 4).
    print("conjugar: the full-screen trainer is not built yet; use `conjugar conjugate VERB` or `conjugar verbs`.")
    return 2
  }
}

package io.github.mongodbtiered.variation;

/** When a cell's figures vary too much to be taken as one number. */
public final class Stability {
  /**
   * A cell is unstable when the coefficient of variation of its batch means (one run) or of its
   * repeats' means exceeds this, in percent. Measured on the shared 2-core machine this was built
   * on, undisturbed cells (embedded and docker, 2000-80000 records, 10-20 s runs) varied by 13-38%,
   * mostly a rise through the run while the server's JIT still compiled; a read limit cut from 5000
   * to 20 IOPS halfway through a run gave 112%. 50% leaves a margin both ways; see docs/method.md.
   */
  public static final double UNSTABLE_CV_PCT = 50.0;

  private Stability() {}

  /** True when the coefficient of variation is known and above {@link #UNSTABLE_CV_PCT}. */
  public static boolean unstable(Double cvPct) {
    return cvPct != null && cvPct > UNSTABLE_CV_PCT;
  }
}

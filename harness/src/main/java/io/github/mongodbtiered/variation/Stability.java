package io.github.mongodbtiered.variation;

/** When a cell's figures vary too much to be taken as one number. */
public final class Stability {
  /**
   * A cell is unstable when the coefficient of variation of its batch means (one run) or of its
   * repeats' means exceeds this, in percent. Chosen from quiet cells on a 2-core machine (embedded
   * and docker, 2000-80000 records), which stayed well below it; see the README.
   */
  public static final double UNSTABLE_CV_PCT = 10.0;

  private Stability() {}

  /** True when the coefficient of variation is known and above {@link #UNSTABLE_CV_PCT}. */
  public static boolean unstable(Double cvPct) {
    return cvPct != null && cvPct > UNSTABLE_CV_PCT;
  }
}

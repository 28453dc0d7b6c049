package io.github.mongodbtiered.warmup;

import java.util.Objects;

/**
 * How a warm-up stands with the disk limits, which decides how {@link SteadyStateWatch} ends it:
 * under them throughout, lifted first and then put back, or under them going on from a steady cell
 * whose steady state may carry over.
 */
public sealed interface WatchMode {

  /** Under its limits throughout: the trend window alone ends it. */
  record UnderLimits() implements WatchMode {}

  /**
   * With the disk limits lifted until the caches are steady (or the bound has passed), then under
   * them until the steady state there; the first stage's steady state stands where the device
   * stayed below the limits.
   *
   * @param limitsBack puts the disk limits back
   * @param boundMillis the phase time after which the limits go back even if the caches are not
   *     steady yet, so the stage under the limits has time to settle
   */
  record LiftedThenLimited(LimitsBack limitsBack, long boundMillis) implements WatchMode {
    public LiftedThenLimited {
      Objects.requireNonNull(limitsBack, "limitsBack");
    }
  }

  /**
   * Under its limits, going on from a cell that ended steady on the same server with its caches:
   * that steady state stands once {@link SteadyStateWatch#CARRY_OVER_SECONDS} samples under this
   * phase's limits pass the detector's tests with the device idle below them over those same
   * seconds ({@link WatchSettings#limitsBind}; unknown device figures never carry over).
   */
  record CarryOver() implements WatchMode {}

  /** Puts the disk limits back after the stage that ran with them lifted. */
  @FunctionalInterface
  interface LimitsBack {
    void restore() throws Exception;
  }

  /**
   * The mode of a warm-up from what it was handed. Lifted limits win over a steady state handed on:
   * a warm-up that lifted them decides by its own two stages, and a steady state found with the
   * limits lifted is not the cell before's.
   *
   * @param limitsBack puts the lifted disk limits back, or null when none were lifted
   * @param liftedBoundMillis {@link LiftedThenLimited#boundMillis}, where limits were lifted
   * @param handedSteady whether the server goes on from a cell that ended steady
   */
  static WatchMode of(LimitsBack limitsBack, long liftedBoundMillis, boolean handedSteady) {
    if (limitsBack != null) {
      return new LiftedThenLimited(limitsBack, liftedBoundMillis);
    }
    return handedSteady ? new CarryOver() : new UnderLimits();
  }
}

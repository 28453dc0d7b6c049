package io.github.mongodbtiered.metrics;

import org.bson.types.Decimal128;

/** Conversions shared by the snapshots: BSON numbers to Long, and counter deltas. */
final class Counters {
  private Counters() {}

  /**
   * A BSON number as a Long: Integer and Long as they are, Double and Decimal128 rounded to the
   * nearest (servers report some counters as doubles). Null for anything else, NaN and infinities
   * included.
   */
  static Long toLong(Object value) {
    if (value instanceof Integer || value instanceof Long) {
      return ((Number) value).longValue();
    }
    if (value instanceof Decimal128 d) {
      return d.isNaN() || d.isInfinite() ? null : toLong(d.bigDecimalValue().doubleValue());
    }
    if (value instanceof Number n) {
      double v = n.doubleValue();
      return Double.isFinite(v) ? Math.round(v) : null;
    }
    return null;
  }

  /**
   * {@code after - before}; null when either is unknown or when the counter went backwards, which
   * means it was reset (server restarted) and the difference measures nothing.
   */
  static Long delta(Long after, Long before) {
    if (after == null || before == null || after < before) {
      return null;
    }
    return after - before;
  }

  /** {@code a + b}; null when either is unknown. */
  static Long sum(Long a, Long b) {
    return a == null || b == null ? null : a + b;
  }

  /** {@code v} limited to [0, 1]. */
  static double clampRatio(double v) {
    return Math.max(0, Math.min(1, v));
  }
}

package io.github.mongodbtiered.report.html;

import java.util.Locale;

/** Figures as the page's tables show them: readable rather than exact (the CSV is exact). */
final class Figures {
  private Figures() {}

  /** 1,250,000 with thousands separators. */
  static String grouped(long n) {
    return String.format(Locale.ROOT, "%,d", n);
  }

  static String opsPerSec(double v) {
    return v < 100 ? String.format(Locale.ROOT, "%.1f", v) : String.format(Locale.ROOT, "%,.0f", v);
  }

  /** Microseconds as milliseconds with three significant digits or more. */
  static String millis(long micros) {
    double ms = micros / 1000.0;
    if (ms < 1) {
      return String.format(Locale.ROOT, "%.3f", ms);
    }
    if (ms < 10) {
      return String.format(Locale.ROOT, "%.2f", ms);
    }
    if (ms < 100) {
      return String.format(Locale.ROOT, "%.1f", ms);
    }
    return String.format(Locale.ROOT, "%,.0f", ms);
  }

  /** A hit ratio as a percentage with one decimal; a missing or 0/0 ratio as a dash. */
  static String ratio(Double r) {
    return r == null || !Double.isFinite(r)
        ? Html.NONE
        : String.format(Locale.ROOT, "%.1f%%", r * 100);
  }

  static String pct(double fraction) {
    return String.format(Locale.ROOT, "%.0f%%", fraction * 100);
  }

  /** A profile limit; 0 means none. */
  static String limit(long v) {
    return v == 0 ? "none" : grouped(v);
  }
}

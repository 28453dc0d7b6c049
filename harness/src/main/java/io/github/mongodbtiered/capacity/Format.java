package io.github.mongodbtiered.capacity;

import java.util.Locale;

/** Numbers as the answers print them. */
public final class Format {
  private Format() {}

  /** 20, 0.5, 1234.6: no needless decimals, at most one. */
  public static String number(double v) {
    if (v == Math.rint(v) && Math.abs(v) < 1e15) {
      return String.valueOf((long) v);
    }
    return String.format(Locale.ROOT, "%.1f", v);
  }

  /** A figure and its band: "1530 (1400-1610)". */
  public static String band(Band b) {
    return String.format(Locale.ROOT, "%.0f (%.0f-%.0f)", b.value(), b.low(), b.high());
  }

  /** Milliseconds from microseconds, with its band: "12.3 (10.1-15.0)". */
  public static String msBand(Band micros) {
    return String.format(
        Locale.ROOT,
        "%.1f (%.1f-%.1f)",
        micros.value() / 1000,
        micros.low() / 1000,
        micros.high() / 1000);
  }

  /** A signed percentage: "+12.3%". */
  public static String percent(double fraction) {
    return String.format(Locale.ROOT, "%+.1f%%", fraction * 100);
  }

  /** Bytes in MiB: "450 MiB". */
  public static String mib(double bytes) {
    return String.format(Locale.ROOT, "%.0f MiB", bytes / (1 << 20));
  }
}

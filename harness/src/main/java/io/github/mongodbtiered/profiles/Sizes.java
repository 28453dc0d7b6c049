package io.github.mongodbtiered.profiles;

import java.util.Locale;

/** Byte sizes as people write them: {@code 512}, {@code 64k}, {@code 7634m}, {@code 3g}. */
public final class Sizes {
  private Sizes() {}

  /**
   * Parses a size; suffixes k, m, g, t (optionally followed by "b" or "ib") are powers of 1024.
   *
   * @throws IllegalArgumentException when it is not a size of 0 or more that fits a long
   */
  public static long parseBytes(String text) {
    String t = text.trim().toLowerCase(Locale.ROOT).replace("ib", "").replace("b", "");
    long unit = 1;
    if (!t.isEmpty()) {
      char last = t.charAt(t.length() - 1);
      int shift = "kmgt".indexOf(last);
      if (shift >= 0) {
        unit = 1L << (10 * (shift + 1));
        t = t.substring(0, t.length() - 1).trim();
      }
    }
    double v;
    try {
      v = Double.parseDouble(t) * unit;
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("'" + text + "' is not a size");
    }
    if (!(v >= 0)) {
      throw new IllegalArgumentException("'" + text + "' is not a size");
    }
    // Past Long.MAX_VALUE Math.round saturates: a size that large is a typo, not a size.
    if (v >= Long.MAX_VALUE) {
      throw new IllegalArgumentException("'" + text + "' is too large a size");
    }
    return Math.round(v);
  }

  /** "1.5 GiB", "256 MiB", "512 B": the largest binary unit that keeps the number at least 1. */
  public static String format(long bytes) {
    String[] units = {"B", "KiB", "MiB", "GiB", "TiB"};
    double v = bytes;
    int u = 0;
    while (Math.abs(v) >= 1024 && u < units.length - 1) {
      v /= 1024;
      u++;
    }
    return u == 0
        ? bytes + " B"
        : String.format(Locale.ROOT, v >= 100 ? "%.0f %s" : "%.1f %s", v, units[u]);
  }
}

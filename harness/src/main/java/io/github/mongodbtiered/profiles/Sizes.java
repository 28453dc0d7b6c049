package io.github.mongodbtiered.profiles;

import java.util.Locale;

/** Byte sizes as people write them: {@code 512}, {@code 64k}, {@code 7634m}, {@code 3g}. */
public final class Sizes {
  private Sizes() {}

  /**
   * Parses a size; suffixes k, m, g, t (optionally followed by "b" or "ib") are powers of 1024.
   *
   * @throws IllegalArgumentException when it is not a size of 0 or more
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
    try {
      double v = Double.parseDouble(t);
      if (v >= 0 && !Double.isInfinite(v)) {
        return Math.round(v * unit);
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw new IllegalArgumentException("'" + text + "' is not a size");
  }
}

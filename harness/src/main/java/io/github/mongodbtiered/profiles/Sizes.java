package io.github.mongodbtiered.profiles;

import java.util.Locale;
import java.util.function.DoubleFunction;

/**
 * Byte sizes as people write them ({@code 512}, {@code 64k}, {@code 7634m}, {@code 3g}) and as the
 * harness prints them: the one place for both, so the console, the page and the plots agree. Never
 * exponent notation, always {@link Locale#ROOT}. Here rather than in the report because profiles
 * format sizes too and the report depends on profiles.
 */
public final class Sizes {
  private static final String[] DECIMAL_UNITS = {"B", "kB", "MB", "GB", "TB"};
  private static final String[] BINARY_UNITS = {"B", "KiB", "MiB", "GiB", "TiB"};

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

  /**
   * For the console: "1.5 GiB", "256 MiB", "512 B", binary units with one decimal below 100 and
   * none from 100 up.
   */
  public static String format(long bytes) {
    return scaled(
        bytes, 1024, BINARY_UNITS, v -> String.format(Locale.ROOT, v >= 100 ? "%.0f" : "%.1f", v));
  }

  /** For the report, as profiles and the kernel give limits: 2 GiB, 512 MiB, 3.228 GiB. */
  public static String binaryBytes(long bytes) {
    return scaled(bytes, 1024, BINARY_UNITS, Sizes::trim);
  }

  /** For the report, decimal units as the study gives sizes: 2.43 GB, 24.3 MB, 512 B. */
  public static String decimalBytes(long bytes) {
    return scaled(
        bytes,
        1000,
        DECIMAL_UNITS,
        v -> String.format(Locale.ROOT, v < 10 ? "%.2f" : v < 100 ? "%.1f" : "%.0f", v));
  }

  /** A number with at most three decimals, trailing zeros dropped: 1.5, 2, 0.333. */
  public static String trim(double v) {
    String s = String.format(Locale.ROOT, "%.3f", v);
    s = s.replaceAll("0+$", "");
    return s.endsWith(".") ? s.substring(0, s.length() - 1) : s;
  }

  /**
   * In the largest unit that keeps the number's magnitude at least 1, written by {@code number};
   * plain bytes below one unit.
   */
  private static String scaled(
      long bytes, int base, String[] units, DoubleFunction<String> number) {
    double v = bytes;
    int u = 0;
    while (Math.abs(v) >= base && u < units.length - 1) {
      v /= base;
      u++;
    }
    return u == 0 ? bytes + " B" : number.apply(v) + " " + units[u];
  }
}

package io.github.mongodbtiered.report;

import java.util.Locale;
import java.util.function.DoubleFunction;

/**
 * Numbers and byte sizes as the report's page and plots write them: never exponent notation, always
 * {@link Locale#ROOT}. The one place for these, so the page, the plots and the tables agree.
 */
public final class Units {
  private static final String[] DECIMAL_UNITS = {"B", "kB", "MB", "GB", "TB"};
  private static final String[] BINARY_UNITS = {"B", "KiB", "MiB", "GiB", "TiB"};

  private Units() {}

  /** At most three decimals, trailing zeros dropped: 1.5, 2, 0.333. */
  public static String trim(double v) {
    String s = String.format(Locale.ROOT, "%.3f", v);
    s = s.replaceAll("0+$", "");
    return s.endsWith(".") ? s.substring(0, s.length() - 1) : s;
  }

  /** Decimal units, as the study gives sizes: 2.43 GB, 512 B. */
  public static String decimalBytes(long bytes) {
    return scaled(
        bytes,
        1000,
        DECIMAL_UNITS,
        v -> String.format(Locale.ROOT, v < 10 ? "%.2f" : v < 100 ? "%.1f" : "%.0f", v));
  }

  /** Binary units, as profiles and the kernel give limits: 2 GiB, 512 MiB, 1.5 GiB. */
  public static String binaryBytes(long bytes) {
    return scaled(bytes, 1024, BINARY_UNITS, Units::trim);
  }

  /** The largest unit that keeps the number at least 1; plain bytes below one unit. */
  private static String scaled(
      long bytes, int base, String[] units, DoubleFunction<String> number) {
    double v = bytes;
    int u = 0;
    while (v >= base && u < units.length - 1) {
      v /= base;
      u++;
    }
    return u == 0 ? bytes + " B" : number.apply(v) + " " + units[u];
  }
}

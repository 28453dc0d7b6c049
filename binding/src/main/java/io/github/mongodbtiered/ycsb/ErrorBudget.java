package io.github.mongodbtiered.ycsb;

import java.util.Locale;

/**
 * How many failed operations a phase may have and still count as a success: a count ({@code 10}) or
 * a share of the attempted operations ({@code 0.5%}). The default, zero, fails a phase on the first
 * error, unlike YCSB's own launcher, which exits 0 even when every insert failed.
 */
public record ErrorBudget(long maxErrors, double maxPercent) {
  public static final ErrorBudget NONE = new ErrorBudget(0, Double.NaN);

  /**
   * Parses {@code N} or {@code P%}.
   *
   * @param option the option's name, for the error message
   */
  public static ErrorBudget parse(String option, String text) {
    String t = text.trim().toLowerCase(Locale.ROOT);
    try {
      if (t.endsWith("%")) {
        double p = Double.parseDouble(t.substring(0, t.length() - 1));
        if (p >= 0 && p <= 100) {
          return new ErrorBudget(Long.MAX_VALUE, p);
        }
      } else {
        long n = Long.parseLong(t);
        if (n >= 0) {
          return new ErrorBudget(n, Double.NaN);
        }
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw new IllegalArgumentException(
        option
            + " "
            + text
            + ": give a count of failed operations (e.g. 0 or 100) or a percentage (e.g. 0.1%)");
  }

  /** Whether {@code errors} failures out of {@code attempts} stay within the budget. */
  public boolean allows(long errors, long attempts) {
    if (!Double.isNaN(maxPercent)) {
      return attempts == 0 ? errors == 0 : 100.0 * errors / attempts <= maxPercent;
    }
    return errors <= maxErrors;
  }

  @Override
  public String toString() {
    return Double.isNaN(maxPercent) ? Long.toString(maxErrors) : maxPercent + "%";
  }
}

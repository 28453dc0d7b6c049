package io.github.mongodbtiered.report;

import io.github.mongodbtiered.results.BaselineStep;
import java.util.List;
import java.util.Locale;

/**
 * Disk baseline steps as RFC 4180 CSV (CRLF line ends, units in the column names) and as an aligned
 * text table. The text columns have fixed widths, so rows printed one at a time, as steps end, line
 * up under the header.
 */
public final class BaselineTable {
  private static final String TEXT_FORMAT = "%-12s %-9s %-5s %-11s %7s %10s %9s %9s %9s %9s %9s";

  private BaselineTable() {}

  public static String csvHeader() {
    return "profile,where,mode,block_min_bytes,block_max_bytes,threads,seconds,ops,iops,mb_per_s,"
        + "p50_us,p95_us,p99_us,max_us";
  }

  /** One row, without line end. */
  public static String csvRow(BaselineStep s) {
    return Csv.join(
        List.of(
            s.profile(),
            s.where(),
            s.mode(),
            Integer.toString(s.blockMinBytes()),
            Integer.toString(s.blockMaxBytes()),
            Integer.toString(s.threads()),
            String.format(Locale.ROOT, "%.3f", s.seconds()),
            Long.toString(s.ops()),
            String.format(Locale.ROOT, "%.1f", s.rate().iops()),
            String.format(Locale.ROOT, "%.3f", s.rate().mbPerSec()),
            Long.toString(s.latency().p50Micros()),
            Long.toString(s.latency().p95Micros()),
            Long.toString(s.latency().p99Micros()),
            Long.toString(s.latency().maxMicros())));
  }

  /** Header and rows, each line ended by CRLF. */
  public static String csv(List<BaselineStep> steps) {
    StringBuilder out = new StringBuilder(csvHeader()).append(Csv.CRLF);
    steps.forEach(s -> out.append(csvRow(s)).append(Csv.CRLF));
    return out.toString();
  }

  public static String textHeader() {
    return String.format(
        Locale.ROOT,
        TEXT_FORMAT,
        "profile",
        "where",
        "mode",
        "block",
        "threads",
        "IOPS",
        "MB/s",
        "p50 ms",
        "p95 ms",
        "p99 ms",
        "max ms");
  }

  /** One row, aligned under {@link #textHeader()}. */
  public static String textRow(BaselineStep s) {
    return String.format(
        Locale.ROOT,
        TEXT_FORMAT,
        s.profile(),
        s.where(),
        s.mode(),
        blocks(s.blockMinBytes(), s.blockMaxBytes()),
        s.threads(),
        String.format(Locale.ROOT, "%.1f", s.rate().iops()),
        String.format(Locale.ROOT, "%.2f", s.rate().mbPerSec()),
        millis(s.latency().p50Micros()),
        millis(s.latency().p95Micros()),
        millis(s.latency().p99Micros()),
        millis(s.latency().maxMicros()));
  }

  /** Header and rows, each line ended by a newline. */
  public static String text(List<BaselineStep> steps) {
    StringBuilder out = new StringBuilder(textHeader()).append('\n');
    steps.forEach(s -> out.append(textRow(s)).append('\n'));
    return out.toString();
  }

  /** "4k-32k", or "4k" for one size. */
  public static String blocks(int min, int max) {
    return min == max ? bytes(min) : bytes(min) + "-" + bytes(max);
  }

  /** The largest binary unit that divides {@code bytes}: 4k, 32k, 256m, 1g, or plain bytes. */
  public static String bytes(long bytes) {
    String units = "kmg";
    for (int i = units.length() - 1; i >= 0; i--) {
      long unit = 1L << (10 * (i + 1));
      if (bytes >= unit && bytes % unit == 0) {
        return bytes / unit + units.substring(i, i + 1);
      }
    }
    return Long.toString(bytes);
  }

  private static String millis(long micros) {
    return String.format(Locale.ROOT, "%.2f", micros / 1000.0);
  }
}

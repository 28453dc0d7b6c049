package io.github.mongodbtiered.report;

import io.github.mongodbtiered.compare.CellComparison;
import io.github.mongodbtiered.compare.Comparison;
import io.github.mongodbtiered.compare.RatioInterval;
import io.github.mongodbtiered.results.Tier;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code compare.csv}: one line per cell, compared or not (a cell not compared has its reason as
 * its verdict and no figures), so the file alone shows what was and was not matched.
 */
public final class CompareCsv {
  public static final String FILE = "compare.csv";

  static final List<String> HEADER =
      List.of(
          "record_count",
          "profile",
          "base_tier",
          "new_tier",
          "base_runs",
          "new_runs",
          "base_ops_per_sec",
          "new_ops_per_sec",
          "ops_ratio",
          "ops_ratio_ci95_low",
          "ops_ratio_ci95_high",
          "ops_basis",
          "verdict",
          "ops_min_detectable_pct",
          "base_p99_ms",
          "new_p99_ms",
          "p99_ratio",
          "p99_ratio_ci95_low",
          "p99_ratio_ci95_high",
          "p99_basis",
          "p99_verdict",
          "p99_min_detectable_pct",
          "settings_differences");

  private CompareCsv() {}

  /** The file's text. */
  public static String csv(Comparison comparison) {
    StringBuilder out = new StringBuilder();
    Csv.line(out, HEADER);
    for (CellComparison c : comparison.cells()) {
      Csv.line(out, row(c, comparison.rules().band()));
    }
    for (Comparison.Unmatched u : comparison.unmatched()) {
      List<String> fields = new ArrayList<>();
      fields.add(Long.toString(u.recordCount()));
      fields.add(u.profile());
      while (fields.size() < HEADER.indexOf("verdict")) {
        fields.add("");
      }
      fields.add(u.why());
      while (fields.size() < HEADER.size()) {
        fields.add("");
      }
      Csv.line(out, fields);
    }
    return out.toString();
  }

  /** Writes {@code dir/compare.csv} atomically. */
  public static Path write(Path dir, Comparison comparison) throws IOException {
    Path file = dir.resolve(FILE);
    AtomicFiles.write(file, csv(comparison).getBytes(StandardCharsets.UTF_8));
    return file;
  }

  private static List<String> row(CellComparison c, double band) {
    List<String> f = new ArrayList<>();
    f.add(Long.toString(c.recordCount()));
    f.add(c.profile());
    f.add(Tier.idOf(c.base().tier()));
    f.add(Tier.idOf(c.next().tier()));
    f.add(Integer.toString(c.base().runs()));
    f.add(Integer.toString(c.next().runs()));
    f.add(number(c.base().opsPerSec()));
    f.add(number(c.next().opsPerSec()));
    ratio(f, c.throughput().interval());
    f.add(c.verdict());
    f.add(pct(c.throughput().interval().minimumDetectable(band)));
    f.add(number(c.base().p99Ms()));
    f.add(number(c.next().p99Ms()));
    ratio(f, c.p99() == null ? null : c.p99().interval());
    f.add(c.p99() == null ? "" : c.p99().change().latencyWord());
    f.add(c.p99() == null ? "" : pct(c.p99().interval().minimumDetectable(band)));
    f.add(String.join("; ", c.settingsDifferences()));
    return f;
  }

  private static void ratio(List<String> f, RatioInterval r) {
    f.add(r == null ? "" : number(r.ratio()));
    f.add(r == null ? "" : number(r.low()));
    f.add(r == null ? "" : number(r.high()));
    f.add(r == null ? "" : r.basis().id());
  }

  /** A fraction as a percentage, empty when unknown. */
  private static String pct(double fraction) {
    return Double.isFinite(fraction) ? Double.toString(fraction * 100) : "";
  }

  /** Empty when unknown or not finite (an unbounded interval's upper end), as in summary.csv. */
  private static String number(Double v) {
    return v == null || !Double.isFinite(v) ? "" : Double.toString(v);
  }
}

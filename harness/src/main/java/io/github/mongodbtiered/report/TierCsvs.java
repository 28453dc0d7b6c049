package io.github.mongodbtiered.report;

import io.github.mongodbtiered.results.CellResult;
import io.github.mongodbtiered.results.Tier;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;

/**
 * The summary split by observed tier: one CSV per tier, {@code tier-<id>.csv} (the id lower-cased),
 * with cells whose tier was not observed in {@code tier-unclassified.csv}. Every file has the
 * summary's columns, latency columns included for operations only other tiers ran, so the files can
 * be concatenated or compared column for column.
 */
public final class TierCsvs {
  private TierCsvs() {}

  /** File name to CSV, sorted by file name; rows ordered as {@link SummaryCsv#render(List)}. */
  public static SortedMap<String, String> render(List<CellResult> cells) {
    return render(cells, List.of());
  }

  /** As {@link #render(List)}, rows ordered as {@link SummaryCsv#render(List, List)}. */
  public static SortedMap<String, String> render(
      List<CellResult> cells, List<String> profileOrder) {
    return byTier(CellResult.inProfileOrder(cells, profileOrder));
  }

  /** As {@link #render(List, List)} for {@code rows} already in report order, kept as given. */
  static SortedMap<String, String> byTier(List<CellResult> rows) {
    SortedSet<String> ops = SummaryCsv.operations(rows);
    SortedMap<String, List<CellResult>> byFile = new TreeMap<>();
    for (CellResult c : rows) {
      byFile
          .computeIfAbsent(
              ReportLayout.tierFileName(Tier.idOf(c.observedTier())), f -> new ArrayList<>())
          .add(c);
    }
    SortedMap<String, String> files = new TreeMap<>();
    byFile.forEach((file, inTier) -> files.put(file, SummaryCsv.render(inTier, ops)));
    return Collections.unmodifiableSortedMap(files);
  }
}

package io.github.mongodbtiered.report.html;

import static io.github.mongodbtiered.report.html.Figures.pct;
import static io.github.mongodbtiered.report.html.Html.esc;
import static io.github.mongodbtiered.report.html.Html.text;

import io.github.mongodbtiered.metrics.TierClassifier;
import io.github.mongodbtiered.profiles.Sizes;
import io.github.mongodbtiered.results.CellResult;
import io.github.mongodbtiered.results.FsHitBasis;
import io.github.mongodbtiered.results.PredictedTierBasis;
import io.github.mongodbtiered.results.Tier;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * How tiers look and what they mean: the coloured badge every table uses, and the legend section
 * with the classifier's rules, its thresholds taken from {@link TierClassifier} so they cannot
 * drift.
 */
final class TierLegend {
  /** One tier's rules, as HTML. */
  private record Rule(Tier tier, String predictedWhen, String observedWhen) {}

  private TierLegend() {}

  /** A coloured badge for a tier; null means not classified. */
  static String badge(Tier t) {
    if (t == null) {
      return "<span class=\"tier tier-unclassified\">unclassified</span>";
    }
    return "<span class=\"tier tier-"
        + t.id()
        + "\" title=\""
        + esc(t.label())
        + "\">"
        + t.id()
        + "</span>";
  }

  /** The observed tier's badge, naming the predicted one where they differ. */
  static String observedBadge(CellResult c) {
    String b = badge(c.observedTier());
    if (c.tierMismatch()) {
      b += " <span class=\"predicted\">(predicted " + c.predictedTier().id() + ")</span>";
    }
    return b;
  }

  /**
   * " from reads" or " from bytes": which filesystem hit ratio the observed tier was classified
   * from; empty when not recorded.
   */
  static String basisNote(FsHitBasis basis) {
    if (basis == null) {
      return "";
    }
    return " <span class=\"basis\" title=\"classified from the filesystem cache hit ratio in "
        + noun(basis)
        + "\">from "
        + noun(basis)
        + "</span>";
  }

  private static String noun(FsHitBasis basis) {
    return basis == FsHitBasis.OPS ? "reads" : "bytes";
  }

  /**
   * " from live bytes", " from file size" or " from data + indexes": the bytes that decided the
   * predicted tier; empty when not recorded.
   */
  static String predictedBasisNote(PredictedTierBasis basis) {
    if (basis == null) {
      return "";
    }
    return " <span class=\"basis\" title=\"predicted from "
        + esc(basis.label())
        + "\">from "
        + esc(basis.label())
        + "</span>";
  }

  /**
   * @param rows the report's cells, to say which bytes decided their predicted tiers
   */
  static void render(StringBuilder h, List<CellResult> rows) {
    h.append("<section id=\"tiers\">\n<h2>Tiers</h2>\n<table id=\"tier-legend\">\n")
        .append(Html.textHeadings(List.of("tier", "meaning", "predicted when", "observed when")))
        .append("<tbody>\n");
    for (Rule r : rules()) {
      Html.row(
          h,
          text(badge(r.tier())),
          text(esc(r.tier().label())),
          text(r.predictedWhen()),
          text(r.observedWhen()));
    }
    h.append("<tr><td class=\"text\">")
        .append(badge(null))
        .append("</td><td class=\"text\">not classified</td><td class=\"text\">sizes unknown</td>")
        .append("<td class=\"text\">the server reported no hit ratios that tell the tiers apart")
        .append(" (e.g. a storage engine other than WiredTiger)</td></tr>\n</tbody>\n</table>\n")
        .append("<p class=\"muted\">The filesystem cache hit ratio is measured in reads")
        .append(" (WiredTiger's block reads against the read requests the server's cgroup sent to")
        .append(" the data device) and in bytes. A tier uses the one in reads where it is known,")
        .append(" else the one in bytes: device read-ahead fetches pages nobody asked for yet, in")
        .append(" few requests but many bytes, so the ratio in bytes can make the cache look worse")
        .append(" than it is. The summary names the one each cell's tier used.</p>\n")
        .append("<p class=\"muted\" id=\"predicted-basis\">The predicted tier compares data +")
        .append(" indexes with the WiredTiger cache, then the data files with the room the")
        .append(" filesystem cache has. For the files, their <em>live bytes</em> decide: each")
        .append(" file's size less the space WiredTiger holds for reuse (WiredTiger's &ldquo;file")
        .append(" bytes available for reuse&rdquo;, collection and indexes), which no reader")
        .append(" touches; a freshly loaded collection's file can be twice its live bytes. Only")
        .append(" where the server does not report them does the <em>file size</em> decide. The")
        .append(" summary shows both and names the bytes each cell's prediction used")
        .append(basisCounts(rows))
        .append(".</p>\n")
        .append("</section>\n");
  }

  /** "; in this report: live bytes 6 cells, data + indexes 3 cells", or empty without any. */
  private static String basisCounts(List<CellResult> rows) {
    Map<PredictedTierBasis, Long> counts =
        rows.stream()
            .filter(c -> c.ok() && c.predictedTierBasis() != null)
            .collect(
                Collectors.groupingBy(
                    CellResult::predictedTierBasis,
                    () -> new EnumMap<>(PredictedTierBasis.class),
                    Collectors.counting()));
    if (counts.isEmpty()) {
      return "";
    }
    List<String> parts = new ArrayList<>();
    counts.forEach(
        (basis, n) -> parts.add(esc(basis.label()) + " " + n + (n == 1 ? " cell" : " cells")));
    return "; in this report: " + String.join(", ", parts);
  }

  private static List<Rule> rules() {
    return List.of(
        new Rule(
            Tier.WT_CACHE,
            "data + indexes fit "
                + pct(TierClassifier.WT_CACHE_USABLE_FRACTION)
                + " of the WiredTiger cache (eviction starts there)",
            "WiredTiger cache hit ratio &ge; " + pct(TierClassifier.OBSERVED_WT_CACHE_MIN_HIT)),
        new Rule(
            Tier.FS_CACHE,
            "the data files' live bytes (else their size) fit memory &minus; WiredTiger cache"
                + " &minus; "
                + Sizes.binaryBytes(TierClassifier.FS_CACHE_ALLOWANCE_BYTES),
            "else filesystem cache hit ratio &ge; "
                + pct(TierClassifier.OBSERVED_FS_CACHE_MIN_HIT)),
        new Rule(
            Tier.SLIGHTLY_OVER,
            "the data files are at most "
                + TierClassifier.SLIGHTLY_OVER_MAX_ROOM_MULTIPLE
                + " times that room",
            "else filesystem cache hit ratio &ge; "
                + pct(TierClassifier.OBSERVED_SLIGHTLY_OVER_MIN_FS_HIT)),
        new Rule(Tier.FAR_OVER, "larger still", "lower hit ratios"));
  }
}

package io.github.mongodbtiered.report;

import io.github.mongodbtiered.metrics.TierClassifier;
import io.github.mongodbtiered.results.BaselineStep;
import io.github.mongodbtiered.results.CellResult;
import io.github.mongodbtiered.results.EnvironmentFacts;
import io.github.mongodbtiered.results.LatencyStats;
import io.github.mongodbtiered.results.Metric;
import io.github.mongodbtiered.results.ServerKind;
import io.github.mongodbtiered.results.Tier;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The report as one self-contained {@code index.html}: styles inline, plots as inline SVG, no
 * script and no external resource (a Content-Security-Policy forbids loading any), so the file can
 * be mailed or archived alone. Every text from the run is escaped.
 */
public final class HtmlReport {

  private static final Pattern SVG_PROLOG = Pattern.compile("(?s)^.*?(?=<svg[\\s>])");
  private static final Pattern SVG_ID = Pattern.compile("\\bid=\"([^\"]+)\"");
  private static final Pattern SVG_REF = Pattern.compile("(url\\(#|href=\"#)([^\")]+)");

  private static final String STYLE =
      """
      body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,"DejaVu Sans",sans-serif;\
      margin:0 auto;padding:1em 2em;max-width:1400px;color:#1f2328;line-height:1.45}
      h1{margin-bottom:.2em}h2{border-bottom:1px solid #d0d7de;padding-bottom:.2em;margin-top:1.6em}
      table{border-collapse:collapse;margin:.5em 0;font-size:.9em}
      th,td{border:1px solid #d0d7de;padding:.3em .55em;text-align:right;vertical-align:top}
      th{background:#f6f8fa}td.text,th.text{text-align:left}
      dl.facts{display:grid;grid-template-columns:max-content auto;gap:.15em 1em}
      dl.facts dt{font-weight:600}dl.facts dd{margin:0}
      .tier{display:inline-block;padding:.05em .5em;border-radius:.8em;font-size:.85em;\
      font-weight:600;white-space:nowrap;border:1px solid transparent}
      .tier-wt-cache{background:#dafbe1;color:#116329;border-color:#4ac26b}
      .tier-fs-cache{background:#ddf4ff;color:#0a3069;border-color:#54aeff}
      .tier-slightly-over{background:#fff8c5;color:#7d4e00;border-color:#d4a72c}
      .tier-far-over{background:#ffebe9;color:#82071e;border-color:#ff8182}
      .tier-unclassified{background:#f6f8fa;color:#57606a;border-color:#d0d7de}
      .predicted{color:#57606a;font-size:.85em}
      ul.warnings li{margin:.2em 0}.source{font-weight:600}
      .failed{color:#82071e;font-weight:600}.muted{color:#57606a}
      #plot-grid{display:grid;grid-template-columns:repeat(auto-fit,minmax(560px,1fr));gap:1em}
      figure.plot{margin:0;max-width:900px}figure.plot svg{width:100%;height:auto;display:block}
      figure.plot figcaption{color:#57606a;font-size:.9em}
      code{background:#f6f8fa;padding:0 .25em}
      """;

  private HtmlReport() {}

  /**
   * The page for {@code cells}.
   *
   * @param plots the plots to embed; empty when they could not be drawn
   * @param reportWarnings problems writing this report itself (e.g. why the plots are missing)
   */
  public static String render(
      RunManifest m, List<CellResult> cells, List<Plots.Plot> plots, List<String> reportWarnings) {
    List<String> order = m.profiles().stream().map(RunManifest.Profile::name).toList();
    List<CellResult> rows = SummaryCsv.sorted(cells, order);
    StringBuilder h = new StringBuilder(1 << 16);
    h.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
        .append(
            "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none';"
                + " style-src 'unsafe-inline'; img-src data:\">\n")
        .append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
        .append("<title>mongodb-tiered report: ")
        .append(esc(String.join(", ", order)))
        .append("</title>\n<style>\n")
        .append(STYLE)
        .append("</style>\n</head>\n<body>\n");
    List<String[]> warnings = warningItems(m, rows, reportWarnings);
    header(h, m, rows, warnings.size());
    howToRead(h);
    plots(h, plots, reportWarnings);
    pivot(h, rows, order);
    warnings(h, warnings);
    tierLegend(h);
    summary(h, rows);
    profiles(h, m);
    baselines(h, m);
    environment(h, m.environment());
    files(h);
    h.append("</body>\n</html>\n");
    return h.toString();
  }

  private static void header(StringBuilder h, RunManifest m, List<CellResult> rows, int warnings) {
    long ok = rows.stream().filter(c -> c.ok()).count();
    h.append("<h1>mongodb-tiered report</h1>\n<dl class=\"facts\" id=\"run\">\n");
    fact(h, "started", m.startedAt().toString());
    fact(h, "last written", m.finishedAt().toString());
    String server = m.serverKind().id();
    if (!m.serverImage().isEmpty()) {
      server += ", image " + m.serverImage();
    }
    server += ", version " + (m.serverVersion().isEmpty() ? "unknown" : m.serverVersion());
    if (m.serverKind() == ServerKind.EMBEDDED) {
      server += " (the stand-in server: not MongoDB, nothing throttled, profiles are labels)";
    }
    fact(h, "server", server);
    fact(h, "tool", m.toolVersion());
    fact(h, "record counts", join(m.recordCounts().stream().map(Object::toString).toList()));
    fact(h, "profiles", join(m.profiles().stream().map(RunManifest.Profile::name).toList()));
    fact(h, "cells", rows.size() + " (" + ok + " ok, " + (rows.size() - ok) + " failed)");
    String workload = m.workloadProperties().getOrDefault("workload", "");
    String shape = workloadShape(m.workloadProperties());
    fact(h, "workload", (workload.isEmpty() ? "" : workload + "; ") + shape);
    fact(h, "command", String.join(" ", m.commandLine()));
    h.append("<dt>warnings</dt><dd>")
        .append(
            warnings == 0 ? "none" : warnings + ", listed under <a href=\"#warnings\">Warnings</a>")
        .append("</dd>\n</dl>\n");
  }

  private static String workloadShape(Map<String, String> p) {
    List<String> parts = new ArrayList<>();
    for (String k :
        List.of(
            "readproportion",
            "updateproportion",
            "insertproportion",
            "scanproportion",
            "requestdistribution",
            "threadcount",
            "fieldcount",
            "fieldlength")) {
      if (p.containsKey(k)) {
        parts.add(k + "=" + p.get(k));
      }
    }
    return String.join(", ", parts);
  }

  /** Every warning, each as {source, text}: the report's, the run's, the environment's, cells'. */
  private static List<String[]> warningItems(
      RunManifest m, List<CellResult> rows, List<String> reportWarnings) {
    List<String[]> items = new ArrayList<>();
    reportWarnings.forEach(w -> items.add(new String[] {"report", w}));
    m.warnings().forEach(w -> items.add(new String[] {"run", w}));
    if (m.environment() != null) {
      m.environment().warnings().forEach(w -> items.add(new String[] {"environment", w}));
    }
    for (CellResult c : rows) {
      if (!c.ok()) {
        items.add(new String[] {c.key(), "FAILED: " + c.error()});
      }
      c.notes().forEach(n -> items.add(new String[] {c.key(), n}));
    }
    return items;
  }

  private static void warnings(StringBuilder h, List<String[]> items) {
    h.append("<section id=\"warnings\">\n<h2>Warnings</h2>\n");
    if (items.isEmpty()) {
      h.append("<p class=\"muted\">No warnings.</p>\n");
    } else {
      h.append("<ul class=\"warnings\">\n");
      for (String[] w : items) {
        h.append("<li class=\"warning\"><span class=\"source\">")
            .append(esc(w[0]))
            .append(":</span> ")
            .append(esc(w[1]))
            .append("</li>\n");
      }
      h.append("</ul>\n");
    }
    h.append("</section>\n");
  }

  private static void howToRead(StringBuilder h) {
    h.append(
        """
        <section id="how-to-read">
        <h2>How to read this report</h2>
        <p>Each <em>cell</em> is one record count measured under one disk profile: the server \
        started cold, warmed up, then ran the workload for the measured time. The plots show, \
        per profile, how throughput falls and the 99th-percentile latency rises (log scale: \
        one grid line per factor of ten) as the data set grows, and the hit ratios that explain \
        why: while the WiredTiger cache serves (nearly) every read, the disk does not matter; \
        once the data outgrows it the filesystem cache takes over, and when that is outgrown \
        too, reads wait for the disk, and the slower the disk, the steeper the fall. The \
        <em>tier</em> badge says where the working set lived: <em>predicted</em> from the data \
        and cache sizes before the run, <em>observed</em> from the measured hit ratios; a \
        mismatch is listed under Warnings. A figure the server did not report is shown as \
        &ldquo;&ndash;&rdquo;, never as 0, and failed cells are neither plotted nor averaged \
        in. Latencies are per operation, from HdrHistogram logs of the whole measured run.</p>
        </section>
        """);
  }

  private static void plots(StringBuilder h, List<Plots.Plot> plots, List<String> warnings) {
    h.append("<section id=\"plots\">\n<h2>Plots</h2>\n");
    if (plots.isEmpty()) {
      h.append("<p class=\"failed\">The plots could not be drawn")
          .append(warnings.isEmpty() ? "" : ": " + esc(String.join("; ", warnings)))
          .append(". The tables below hold every figure.</p>\n");
    }
    h.append("<div id=\"plot-grid\">\n");
    for (Plots.Plot p : plots) {
      h.append("<figure class=\"plot\" id=\"plot-")
          .append(esc(p.name()))
          .append("\" data-series=\"")
          .append(p.series().size())
          .append("\">\n")
          .append(inlineSvg(p))
          .append("\n<figcaption>")
          .append(esc(p.title()))
          .append(
              p.hasData()
                  ? ". Series: " + esc(String.join(", ", p.seriesNames())) + "."
                  : ". Nothing drawn: see the message in the plot.")
          .append(" Also as <code>plots/")
          .append(esc(p.name()))
          .append(".svg</code> and <code>.png</code>.</figcaption>\n</figure>\n");
    }
    h.append("</div>\n</section>\n");
  }

  /**
   * The plot's SVG as an element of this page: without its XML prolog and doctype, scaled to the
   * page's width, and with its ids prefixed by the plot's name, since ids must be unique across the
   * page and each plot's clip paths would otherwise capture the others'.
   */
  static String inlineSvg(Plots.Plot p) {
    String svg = SVG_PROLOG.matcher(p.svg()).replaceFirst("");
    String prefix = p.name() + "-";
    svg =
        SVG_ID
            .matcher(svg)
            .replaceAll(r -> "id=\"" + Matcher.quoteReplacement(prefix + r.group(1)) + "\"");
    svg =
        SVG_REF
            .matcher(svg)
            .replaceAll(r -> Matcher.quoteReplacement(r.group(1) + prefix + r.group(2)));
    int end = svg.indexOf('>');
    String open = svg.substring(0, end);
    open =
        open.replaceFirst("\\swidth=\"[^\"]*\"", "")
            .replaceFirst("\\sheight=\"[^\"]*\"", "")
            .replaceFirst("\\sx=\"[^\"]*\"", "")
            .replaceFirst("\\sy=\"[^\"]*\"", "");
    return open
        + " role=\"img\" aria-label=\""
        + esc(p.title())
        + "\"><title>"
        + esc(p.title())
        + "</title>"
        + svg.substring(end + 1).strip();
  }

  /** The study's table: rows record counts, columns profiles. */
  private static void pivot(StringBuilder h, List<CellResult> rows, List<String> order) {
    List<String> profiles = new ArrayList<>(order);
    rows.forEach(
        c -> {
          if (!profiles.contains(c.profile())) {
            profiles.add(c.profile());
          }
        });
    SortedSet<Long> counts = new TreeSet<>();
    Map<String, CellResult> byKey = new LinkedHashMap<>();
    for (CellResult c : rows) {
      counts.add(c.recordCount());
      byKey.put(c.recordCount() + "/" + c.profile(), c);
    }
    String op = Plots.mainOperation(rows);
    h.append("<section id=\"study-table\">\n")
        .append("<h2>Throughput and p99 by record count and profile</h2>\n")
        .append(
            "<p class=\"muted\">As in the study's table: each cell gives operations per second,")
        .append(" the p99 latency of ")
        .append(op.isEmpty() ? "the main operation" : esc(op))
        .append(" and the observed tier.</p>\n")
        .append("<table id=\"pivot\">\n<thead><tr><th class=\"text\">records</th>");
    for (String p : profiles) {
      h.append("<th class=\"text\">").append(esc(p)).append("</th>");
    }
    h.append("</tr></thead>\n<tbody>\n");
    for (long n : counts) {
      h.append("<tr><th class=\"text\">")
          .append(String.format(Locale.ROOT, "%,d", n))
          .append("</th>");
      for (String p : profiles) {
        CellResult c = byKey.get(n + "/" + p);
        h.append("<td class=\"text\">");
        if (c == null) {
          h.append("<span class=\"muted\">not measured</span>");
        } else if (!c.ok()) {
          h.append("<span class=\"failed\">failed</span>");
        } else {
          LatencyStats l = c.latencies().get(op);
          h.append(opsPerSec(c.throughputOpsPerSec()))
              .append(" ops/s<br>p99 ")
              .append(l == null ? "&ndash;" : millis(l.p99Micros()) + " ms")
              .append("<br>")
              .append(observedBadge(c));
        }
        h.append("</td>");
      }
      h.append("</tr>\n");
    }
    h.append("</tbody>\n</table>\n</section>\n");
  }

  private static void tierLegend(StringBuilder h) {
    long fsAllowanceMiB = TierClassifier.FS_CACHE_ALLOWANCE_BYTES >> 20;
    Map<Tier, String[]> rule = new LinkedHashMap<>();
    rule.put(
        Tier.WT_CACHE,
        new String[] {
          "data + indexes fit "
              + pct(TierClassifier.WT_CACHE_USABLE_FRACTION)
              + " of the WiredTiger cache (eviction starts there)",
          "WiredTiger cache hit ratio &ge; " + pct(TierClassifier.OBSERVED_WT_CACHE_MIN_HIT)
        });
    rule.put(
        Tier.FS_CACHE,
        new String[] {
          "the data files fit memory &minus; WiredTiger cache &minus; " + fsAllowanceMiB + " MiB",
          "else filesystem cache hit ratio &ge; " + pct(TierClassifier.OBSERVED_FS_CACHE_MIN_HIT)
        });
    rule.put(
        Tier.SLIGHTLY_OVER,
        new String[] {
          "the data files are at most "
              + TierClassifier.SLIGHTLY_OVER_MAX_ROOM_MULTIPLE
              + " times that room",
          "else filesystem cache hit ratio &ge; "
              + pct(TierClassifier.OBSERVED_SLIGHTLY_OVER_MIN_FS_HIT)
        });
    rule.put(Tier.FAR_OVER, new String[] {"larger still", "lower hit ratios"});
    h.append("<section id=\"tiers\">\n<h2>Tiers</h2>\n<table id=\"tier-legend\">\n")
        .append("<thead><tr><th class=\"text\">tier</th><th class=\"text\">meaning</th>")
        .append("<th class=\"text\">predicted when</th><th class=\"text\">observed when</th>")
        .append("</tr></thead>\n<tbody>\n");
    for (Map.Entry<Tier, String[]> e : rule.entrySet()) {
      h.append("<tr><td class=\"text\">")
          .append(badge(e.getKey()))
          .append("</td><td class=\"text\">")
          .append(esc(e.getKey().label()))
          .append("</td><td class=\"text\">")
          .append(e.getValue()[0])
          .append("</td><td class=\"text\">")
          .append(e.getValue()[1])
          .append("</td></tr>\n");
    }
    h.append("<tr><td class=\"text\">")
        .append(badge(null))
        .append("</td><td class=\"text\">not classified</td><td class=\"text\">sizes unknown</td>")
        .append("<td class=\"text\">the server reported no hit ratios that tell the tiers apart")
        .append(" (e.g. a storage engine other than WiredTiger)</td></tr>\n</tbody>\n</table>\n")
        .append("<p class=\"muted\">The filesystem hit ratio compares bytes, so device read-ahead")
        .append(" can make it look worse than it is.</p>\n</section>\n");
  }

  private static void summary(StringBuilder h, List<CellResult> rows) {
    SortedSet<String> ops = SummaryCsv.operations(rows);
    h.append("<section id=\"summary\">\n<h2>Summary: one row per cell</h2>\n")
        .append("<p class=\"muted\">Latencies in milliseconds; sizes in decimal units")
        .append(" (1 GB = 10<sup>9</sup> bytes). Every figure, and more, is in")
        .append(" <code>summary.csv</code>.</p>\n")
        .append("<table id=\"summary-table\">\n<thead><tr>")
        .append("<th>records</th><th class=\"text\">profile</th><th class=\"text\">status</th>")
        .append("<th>ops/s</th>");
    for (String op : ops) {
      h.append("<th>")
          .append(esc(op))
          .append(" p50</th><th>")
          .append(esc(op))
          .append(" p99</th><th>")
          .append(esc(op))
          .append(" p99.9</th>");
    }
    h.append("<th>data + indexes</th><th>WT cache hit</th><th>FS cache hit</th>")
        .append("<th class=\"text\">predicted tier</th><th class=\"text\">observed tier</th>")
        .append("<th class=\"text\">notes</th></tr></thead>\n<tbody>\n");
    for (CellResult c : rows) {
      boolean ok = c.ok();
      h.append("<tr class=\"cell\" data-records=\"")
          .append(c.recordCount())
          .append("\" data-profile=\"")
          .append(esc(c.profile()))
          .append("\" data-status=\"")
          .append(esc(c.status().id()))
          .append("\"><td>")
          .append(String.format(Locale.ROOT, "%,d", c.recordCount()))
          .append("</td><td class=\"text\">")
          .append(esc(c.profile()))
          .append("</td><td class=\"text")
          .append(ok ? "" : " failed")
          .append("\">")
          .append(esc(c.status().id()))
          .append("</td><td>")
          .append(ok ? opsPerSec(c.throughputOpsPerSec()) : "&ndash;")
          .append("</td>");
      for (String op : ops) {
        LatencyStats l = ok ? c.latencies().get(op) : null;
        for (int i = 0; i < 3; i++) {
          h.append("<td>");
          if (l == null) {
            h.append("&ndash;");
          } else {
            h.append(millis(i == 0 ? l.p50Micros() : i == 1 ? l.p99Micros() : l.p999Micros()));
          }
          h.append("</td>");
        }
      }
      h.append("<td>")
          .append(ok ? dataSize(c) : "&ndash;")
          .append("</td><td>")
          .append(ok ? ratio(c.metrics().get(Metric.WT_HIT_RATIO)) : "&ndash;")
          .append("</td><td>")
          .append(ok ? ratio(c.metrics().get(Metric.FS_HIT_RATIO)) : "&ndash;")
          .append("</td><td class=\"text\">")
          .append(c.predictedTier() == null ? "&ndash;" : badge(c.predictedTier()))
          .append("</td><td class=\"text\">")
          .append(ok ? badge(c.observedTier()) : "&ndash;")
          .append("</td><td class=\"text\">");
      List<String> notes = new ArrayList<>();
      if (!ok) {
        notes.add("FAILED: " + c.error());
      }
      notes.addAll(c.notes());
      h.append(esc(String.join("; ", notes))).append("</td></tr>\n");
    }
    h.append("</tbody>\n</table>\n</section>\n");
  }

  private static void profiles(StringBuilder h, RunManifest m) {
    h.append("<section id=\"profiles\">\n<h2>Disk profiles</h2>\n<table id=\"profile-table\">\n")
        .append("<thead><tr><th class=\"text\">profile</th><th class=\"text\">description</th>")
        .append("<th>read IOPS</th><th>write IOPS</th><th>read bandwidth</th>")
        .append("<th>write bandwidth</th><th>added latency</th><th>memory</th>")
        .append("<th>WiredTiger cache</th><th class=\"text\">what the kernel enforced</th>")
        .append("</tr></thead>\n<tbody>\n");
    for (RunManifest.Profile p : m.profiles()) {
      Map<String, String> held = m.enforcement().getOrDefault(p.name(), Map.of());
      List<String> enforced = new ArrayList<>();
      held.forEach((k, v) -> enforced.add(k + "=" + v));
      h.append("<tr><td class=\"text\">")
          .append(esc(p.name()))
          .append("</td><td class=\"text\">")
          .append(esc(p.description()))
          .append("</td><td>")
          .append(limit(p.readIops()))
          .append("</td><td>")
          .append(limit(p.writeIops()))
          .append("</td><td>")
          .append(p.readBytesPerSec() == 0 ? "none" : binary(p.readBytesPerSec()) + "/s")
          .append("</td><td>")
          .append(p.writeBytesPerSec() == 0 ? "none" : binary(p.writeBytesPerSec()) + "/s")
          .append("</td><td>")
          .append(
              p.addedLatencyMillis() == 0
                  ? "none"
                  : String.format(Locale.ROOT, "%.1f ms", p.addedLatencyMillis()))
          .append("</td><td>")
          .append(p.memoryBytes() == 0 ? "host's" : binary(p.memoryBytes()))
          .append("</td><td>")
          .append(
              p.effectiveCacheBytes() == null ? "server default" : binary(p.effectiveCacheBytes()))
          .append("</td><td class=\"text\">")
          .append(enforced.isEmpty() ? "&ndash;" : esc(String.join(", ", enforced)))
          .append("</td></tr>\n");
    }
    h.append("</tbody>\n</table>\n</section>\n");
  }

  private static void baselines(StringBuilder h, RunManifest m) {
    h.append("<section id=\"baseline\">\n<h2>Disk baseline</h2>\n");
    if (m.diskBaselines().isEmpty()) {
      h.append("<p class=\"not-measured muted\">Disk baseline: not measured in this run.</p>\n");
    } else {
      h.append("<p class=\"muted\">Random O_DIRECT I/O on the data disk before the cells, the")
          .append(" thread count doubling from step to step; latencies in milliseconds.</p>\n");
      for (Map.Entry<String, List<BaselineStep>> e : m.diskBaselines().entrySet()) {
        h.append("<h3>")
            .append(esc(e.getKey()))
            .append("</h3>\n")
            .append("<table class=\"baseline\" data-profile=\"")
            .append(esc(e.getKey()))
            .append("\">\n<thead><tr><th class=\"text\">where</th><th class=\"text\">mode</th>")
            .append("<th>block</th><th>threads</th><th>seconds</th><th>ops</th><th>IOPS</th>")
            .append("<th>MB/s</th><th>p50</th><th>p95</th><th>p99</th><th>max</th>")
            .append("</tr></thead>\n<tbody>\n");
        if (e.getValue().isEmpty()) {
          h.append("<tr><td class=\"text\" colspan=\"12\">no steps recorded</td></tr>\n");
        }
        for (BaselineStep s : e.getValue()) {
          String block =
              s.blockMinBytes() == s.blockMaxBytes()
                  ? bytes(s.blockMinBytes())
                  : bytes(s.blockMinBytes()) + "&ndash;" + bytes(s.blockMaxBytes());
          h.append("<tr><td class=\"text\">")
              .append(esc(s.where()))
              .append("</td><td class=\"text\">")
              .append(esc(s.mode()))
              .append("</td><td>")
              .append(block)
              .append("</td><td>")
              .append(s.threads())
              .append("</td><td>")
              .append(String.format(Locale.ROOT, "%.1f", s.seconds()))
              .append("</td><td>")
              .append(String.format(Locale.ROOT, "%,d", s.ops()))
              .append("</td><td>")
              .append(opsPerSec(s.iops()))
              .append("</td><td>")
              .append(String.format(Locale.ROOT, "%.1f", s.mbPerSec()))
              .append("</td><td>")
              .append(millis(s.p50Micros()))
              .append("</td><td>")
              .append(millis(s.p95Micros()))
              .append("</td><td>")
              .append(millis(s.p99Micros()))
              .append("</td><td>")
              .append(millis(s.maxMicros()))
              .append("</td></tr>\n");
        }
        h.append("</tbody>\n</table>\n");
      }
    }
    h.append("</section>\n");
  }

  private static void environment(StringBuilder h, EnvironmentFacts e) {
    h.append("<section id=\"environment\">\n<h2>Environment</h2>\n");
    if (e == null) {
      h.append("<p class=\"not-measured muted\">Environment: not checked in this run.</p>\n");
    } else {
      h.append("<dl class=\"facts\">\n");
      fact(h, "kernel", e.kernel());
      fact(h, "CPU", e.cpuModel());
      fact(h, "CPUs", e.cpus() == null ? null : e.cpus().toString());
      fact(h, "memory", e.memoryBytes() == null ? null : binary(e.memoryBytes()));
      fact(h, "data directory", e.dataDir());
      fact(h, "file system", e.filesystem());
      fact(h, "mount options", e.mountOptions());
      fact(h, "device", e.device());
      fact(h, "read-ahead", e.readAheadKb() == null ? null : e.readAheadKb() + " KiB");
      fact(h, "I/O scheduler", e.scheduler());
      fact(h, "Docker", e.dockerVersion());
      fact(h, "server version", e.serverVersion());
      fact(h, "storage engine", e.storageEngine());
      fact(h, "engine cache", e.cacheBytes() == null ? null : binary(e.cacheBytes()));
      h.append("</dl>\n");
      if (!e.warnings().isEmpty()) {
        h.append(
            "<p>Environment warnings are listed under <a href=\"#warnings\">Warnings</a>.</p>\n");
      }
    }
    h.append("</section>\n");
  }

  private static void files(StringBuilder h) {
    h.append(
        """
        <section id="files">
        <h2>Files of this report</h2>
        <p><code>summary.csv</code> (one row per cell, every figure, units in the column names), \
        <code>tier-*.csv</code> (the rows by observed tier), <code>plots/*.svg</code> and \
        <code>plots/*.png</code>, <code>histograms/*.hdr</code> (HdrHistogram logs per cell and \
        operation), <code>cells/*.json</code> and <code>run.json</code>. \
        <code>scripts/mongodb-tiered report DIR</code> rebuilds this page from them; \
        <code>report DIR1 DIR2 --out DIR</code> merges the reports of several client machines.</p>
        </section>
        """);
  }

  private static void fact(StringBuilder h, String name, String value) {
    h.append("<dt>")
        .append(esc(name))
        .append("</dt><dd>")
        .append(
            value == null || value.isEmpty() ? "<span class=\"muted\">unknown</span>" : esc(value))
        .append("</dd>\n");
  }

  private static String observedBadge(CellResult c) {
    String b = badge(c.observedTier());
    if (c.tierMismatch()) {
      b += " <span class=\"predicted\">(predicted " + c.predictedTier().id() + ")</span>";
    }
    return b;
  }

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

  private static String dataSize(CellResult c) {
    Double data = c.metrics().get(Metric.DATA_BYTES);
    Double index = c.metrics().get(Metric.INDEX_BYTES);
    if (data == null) {
      return "&ndash;";
    }
    return bytes((long) (data + (index == null ? 0 : index)));
  }

  private static String ratio(Double r) {
    return r == null || !Double.isFinite(r)
        ? "&ndash;"
        : String.format(Locale.ROOT, "%.1f%%", r * 100);
  }

  private static String pct(double fraction) {
    return String.format(Locale.ROOT, "%.0f%%", fraction * 100);
  }

  private static String limit(long v) {
    return v == 0 ? "none" : String.format(Locale.ROOT, "%,d", v);
  }

  private static String opsPerSec(double v) {
    return v < 100 ? String.format(Locale.ROOT, "%.1f", v) : String.format(Locale.ROOT, "%,.0f", v);
  }

  /** Microseconds as milliseconds with three significant digits or more. */
  static String millis(long micros) {
    double ms = micros / 1000.0;
    if (ms < 1) {
      return String.format(Locale.ROOT, "%.3f", ms);
    }
    if (ms < 10) {
      return String.format(Locale.ROOT, "%.2f", ms);
    }
    if (ms < 100) {
      return String.format(Locale.ROOT, "%.1f", ms);
    }
    return String.format(Locale.ROOT, "%,.0f", ms);
  }

  /** Decimal units, as the study gives sizes: 2.43 GB. */
  static String bytes(long b) {
    String[] units = {"B", "kB", "MB", "GB", "TB"};
    double v = b;
    int u = 0;
    while (v >= 1000 && u < units.length - 1) {
      v /= 1000;
      u++;
    }
    return u == 0
        ? b + " B"
        : String.format(
            Locale.ROOT, v < 10 ? "%.2f %s" : v < 100 ? "%.1f %s" : "%.0f %s", v, units[u]);
  }

  /** Binary units, as profiles and the kernel give limits: 2 GiB, 512 MiB. */
  static String binary(long b) {
    String[] units = {"B", "KiB", "MiB", "GiB", "TiB"};
    double v = b;
    int u = 0;
    while (v >= 1024 && u < units.length - 1) {
      v /= 1024;
      u++;
    }
    return u == 0 ? b + " B" : String.format(Locale.ROOT, "%s %s", Plots.trim(v), units[u]);
  }

  private static String join(List<String> parts) {
    return String.join(", ", parts);
  }

  /** Text as HTML character data or a quoted attribute value. */
  static String esc(String s) {
    if (s == null) {
      return "";
    }
    StringBuilder out = new StringBuilder(s.length() + 16);
    for (int i = 0; i < s.length(); i++) {
      char ch = s.charAt(i);
      switch (ch) {
        case '&' -> out.append("&amp;");
        case '<' -> out.append("&lt;");
        case '>' -> out.append("&gt;");
        case '"' -> out.append("&quot;");
        case '\'' -> out.append("&#39;");
        default -> out.append(ch);
      }
    }
    return out.toString();
  }
}

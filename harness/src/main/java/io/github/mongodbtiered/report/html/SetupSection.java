package io.github.mongodbtiered.report.html;

import static io.github.mongodbtiered.report.html.Html.NONE;
import static io.github.mongodbtiered.report.html.Html.esc;
import static io.github.mongodbtiered.report.html.Html.fact;
import static io.github.mongodbtiered.report.html.Html.td;
import static io.github.mongodbtiered.report.html.Html.text;

import io.github.mongodbtiered.profiles.DiskProfile;
import io.github.mongodbtiered.profiles.Sizes;
import io.github.mongodbtiered.report.RunManifest;
import io.github.mongodbtiered.results.BaselineStep;
import io.github.mongodbtiered.results.EnvironmentFacts;
import io.github.mongodbtiered.results.VolumeFacts;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What the cells ran on: the disk profiles and what the kernel enforced of them, the disk baseline
 * measured before the cells, and the host environment.
 */
final class SetupSection {
  private SetupSection() {}

  static void profiles(StringBuilder h, RunManifest m) {
    h.append("<section id=\"profiles\">\n<h2>Disk profiles</h2>\n<table id=\"profile-table\">\n")
        .append("<thead><tr><th class=\"text\">profile</th><th class=\"text\">description</th>")
        .append("<th>read IOPS</th><th>write IOPS</th><th>read bandwidth</th>")
        .append("<th>write bandwidth</th><th>added latency</th><th>memory</th>")
        .append("<th>WiredTiger cache</th><th class=\"text\">what the kernel enforced</th>")
        .append("</tr></thead>\n<tbody>\n");
    for (DiskProfile p : m.profiles()) {
      List<String> enforced = new ArrayList<>();
      m.enforcement().getOrDefault(p.name(), Map.of()).forEach((k, v) -> enforced.add(k + "=" + v));
      Html.row(
          h,
          text(esc(p.name())),
          text(esc(p.description())),
          td(Figures.limit(p.readIops())),
          td(Figures.limit(p.writeIops())),
          td(bandwidth(p.readBytesPerSec())),
          td(bandwidth(p.writeBytesPerSec())),
          td(addedLatency(p.addedLatencyMillis(), m.volume())),
          td(p.memoryBytes() == 0 ? "host's" : Sizes.binaryBytes(p.memoryBytes())),
          td(
              p.effectiveCacheBytes().isEmpty()
                  ? "server default"
                  : Sizes.binaryBytes(p.effectiveCacheBytes().getAsLong())),
          text(enforced.isEmpty() ? NONE : esc(String.join(", ", enforced))));
    }
    h.append("</tbody>\n</table>\n</section>\n");
  }

  /** "7.0 ms, applied by nbd", "7.0 ms, not applied", or "none". */
  static String addedLatency(double millis, VolumeFacts volume) {
    if (millis == 0) {
      return "none";
    }
    String asked = String.format(Locale.ROOT, "%.1f ms", millis);
    boolean applied = volume != null && !"off".equals(volume.method());
    return applied ? asked + ", applied by " + volume.method() : asked + ", not applied";
  }

  private static String bandwidth(long bytesPerSec) {
    return bytesPerSec == 0 ? "none" : Sizes.binaryBytes(bytesPerSec) + "/s";
  }

  static void baselines(StringBuilder h, RunManifest m) {
    h.append("<section id=\"baseline\">\n<h2>Disk baseline</h2>\n");
    if (m.diskBaselines().isEmpty()) {
      h.append("<p class=\"not-measured muted\">Disk baseline: not measured in this run.</p>\n");
    } else {
      h.append("<p class=\"muted\">Random O_DIRECT I/O on the data disk before the cells, the")
          .append(" thread count doubling from step to step; latencies in milliseconds.</p>\n");
      m.diskBaselines().forEach((profile, steps) -> baseline(h, profile, asked(m, profile), steps));
    }
    h.append("</section>\n");
  }

  /** The latency the profile asked for, as the baseline's heading says it; empty when none. */
  private static String asked(RunManifest m, String profile) {
    return m.profiles().stream()
        .filter(p -> p.name().equals(profile) && p.addedLatencyMillis() > 0)
        .map(p -> " (added latency " + addedLatency(p.addedLatencyMillis(), m.volume()) + ")")
        .findFirst()
        .orElse("");
  }

  private static void baseline(
      StringBuilder h, String profile, String asked, List<BaselineStep> steps) {
    h.append("<h3>")
        .append(esc(profile))
        .append(esc(asked))
        .append("</h3>\n")
        .append("<table class=\"baseline\" data-profile=\"")
        .append(esc(profile))
        .append("\">\n<thead><tr><th class=\"text\">where</th><th class=\"text\">mode</th>")
        .append("<th>block</th><th>threads</th><th>seconds</th><th>ops</th><th>IOPS</th>")
        .append("<th>MB/s</th><th>p50</th><th>p95</th><th>p99</th><th>max</th>")
        .append("</tr></thead>\n<tbody>\n");
    if (steps.isEmpty()) {
      h.append("<tr><td class=\"text\" colspan=\"12\">no steps recorded</td></tr>\n");
    }
    for (BaselineStep s : steps) {
      String block =
          s.blockMinBytes() == s.blockMaxBytes()
              ? Sizes.decimalBytes(s.blockMinBytes())
              : Sizes.decimalBytes(s.blockMinBytes())
                  + "&ndash;"
                  + Sizes.decimalBytes(s.blockMaxBytes());
      Html.row(
          h,
          text(esc(s.where())),
          text(esc(s.mode())),
          td(block),
          td(s.threads()),
          td(String.format(Locale.ROOT, "%.1f", s.seconds())),
          td(Figures.grouped(s.ops())),
          td(Figures.opsPerSec(s.rate().iops())),
          td(String.format(Locale.ROOT, "%.1f", s.rate().mbPerSec())),
          td(Figures.millis(s.latency().p50Micros())),
          td(Figures.millis(s.latency().p95Micros())),
          td(Figures.millis(s.latency().p99Micros())),
          td(Figures.millis(s.latency().maxMicros())));
    }
    h.append("</tbody>\n</table>\n");
  }

  /** One line for the data volume: how latency was added, or why not. */
  static String volume(VolumeFacts v) {
    if (v == null) {
      return null;
    }
    if ("off".equals(v.method())) {
      return "none, latency not added (" + v.offReason() + ")";
    }
    return v.method()
        + ": "
        + Sizes.binaryBytes(v.sizeBytes())
        + " sparse file "
        + v.backingFile()
        + ", "
        + (v.fileSystem() == null ? "file system unknown" : v.fileSystem())
        + " mounted "
        + v.mountOptions()
        + ", read-ahead "
        + v.readAheadKb()
        + " KiB, loop device "
        + (v.directIo() ? "in direct-I/O mode" : "buffered (a second page cache)");
  }

  static void environment(StringBuilder h, EnvironmentFacts e, VolumeFacts volume) {
    h.append("<section id=\"environment\">\n<h2>Environment</h2>\n");
    if (e == null) {
      h.append("<p class=\"not-measured muted\">Environment: not checked in this run.</p>\n");
    } else {
      h.append("<dl class=\"facts\">\n");
      fact(h, "kernel", e.kernel());
      fact(h, "CPU", e.cpuModel());
      fact(h, "CPUs", e.cpus() == null ? null : e.cpus().toString());
      fact(h, "memory", e.memoryBytes() == null ? null : Sizes.binaryBytes(e.memoryBytes()));
      fact(h, "data directory", e.dataDir());
      fact(h, "data volume", volume(volume));
      fact(h, "file system", e.filesystem());
      fact(h, "mount options", e.mountOptions());
      fact(h, "device", e.device());
      fact(h, "read-ahead", e.readAheadKb() == null ? null : e.readAheadKb() + " KiB");
      fact(h, "I/O scheduler", e.scheduler());
      fact(h, "Docker", e.dockerVersion());
      fact(h, "server version", e.serverVersion());
      fact(h, "storage engine", e.storageEngine());
      fact(h, "engine cache", e.cacheBytes() == null ? null : Sizes.binaryBytes(e.cacheBytes()));
      h.append("</dl>\n");
      if (!e.warnings().isEmpty()) {
        h.append(
            "<p>Environment warnings are listed under <a href=\"#warnings\">Warnings</a>.</p>\n");
      }
    }
    h.append("</section>\n");
  }
}

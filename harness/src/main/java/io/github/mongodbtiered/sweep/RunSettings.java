package io.github.mongodbtiered.sweep;

import io.github.mongodbtiered.profiles.DiskProfile;
import io.github.mongodbtiered.results.CellSettings;
import io.github.mongodbtiered.results.ServerKind;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.regex.Pattern;

/** This run's settings, as each cell it measures records them. */
final class RunSettings {
  /** Properties the sweep sets itself for every run, or that only loading uses. */
  private static final Set<String> SET_BY_THE_SWEEP =
      Set.of(
          "db",
          "recordcount",
          "operationcount",
          "threadcount",
          "insertstart",
          "insertcount",
          "maxexecutiontime",
          "dotransactions",
          "measurementtype",
          "batchsize",
          "status.interval",
          "exporter",
          "exportfile");

  /** Where the server is and who logs in: not how it was measured, and never to be recorded. */
  private static final Pattern CONNECTION_OR_SECRET =
      Pattern.compile("(?i).*(url|uri|host|user|password|passwd|secret|token|auth|credential).*");

  private final SweepOptions options;
  private final ServerKind server;
  private final String image;

  RunSettings(SweepOptions options, ServerKind server, String image) {
    this.options = options;
    this.server = server;
    this.image = image;
  }

  /**
   * @param serverVersion what the server reported, or empty when it has not answered yet
   */
  CellSettings of(DiskProfile profile, String serverVersion) {
    return new CellSettings(
        options.workload().name(),
        measuredProperties(),
        new CellSettings.RunShape(
            options.workload().threads(),
            options.runs().operations(),
            options.runs().seconds(),
            options.runs().warmupSeconds(),
            options.runs().targetOpsPerSec(),
            options.runs().repeats(),
            options.runs().repeatsAuto(),
            options.endsRunsEarly()
                ? new CellSettings.EarlyEnd(options.runs().minSeconds(), options.runs().precision())
                : null),
        profile,
        server,
        image,
        serverVersion,
        options.volume().latency().id(),
        SweepReport.TOOL_VERSION,
        options.server().commandArgs());
  }

  /** The workload's properties that shape the measured run. */
  SortedMap<String, String> measuredProperties() {
    SortedMap<String, String> kept = new TreeMap<>();
    options
        .workload()
        .properties()
        .forEach(
            (k, v) -> {
              String name = k.toString();
              if (!SET_BY_THE_SWEEP.contains(name)
                  && !name.startsWith("hdrhistogram.")
                  && !CONNECTION_OR_SECRET.matcher(name).matches()) {
                kept.put(name, v.toString().trim());
              }
            });
    return kept;
  }
}

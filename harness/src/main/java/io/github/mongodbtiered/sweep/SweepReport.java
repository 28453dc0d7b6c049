package io.github.mongodbtiered.sweep;

import io.github.mongodbtiered.profiles.DiskProfile;
import io.github.mongodbtiered.report.CellStore;
import io.github.mongodbtiered.report.ReportWriter;
import io.github.mongodbtiered.report.RunManifest;
import io.github.mongodbtiered.results.BaselineStep;
import io.github.mongodbtiered.results.CellResult;
import io.github.mongodbtiered.results.EnvironmentFacts;
import io.github.mongodbtiered.results.TimeBreakdown;
import io.github.mongodbtiered.results.ToolBuild;
import io.github.mongodbtiered.results.VolumeFacts;
import io.github.mongodbtiered.servers.Enforcement;
import java.io.IOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Predicate;

/**
 * What a sweep has learnt so far (server facts, enforcement, baselines, warnings, finished cells),
 * and the report written from it: after every cell, so an interrupted sweep keeps its report.
 */
final class SweepReport {
  static final String TOOL_VERSION = "mongodb-tiered 0.1.0";

  private final SweepOptions options;
  private final TargetServer server;
  private final SweepRunner.Listener listener;
  private final CellStore store;
  private final Predicate<CellResult> shown;
  private final Instant started = Instant.now();
  private final List<String> warnings = new ArrayList<>();
  private final Map<String, Map<String, String>> enforcement = new LinkedHashMap<>();
  private final Map<String, List<BaselineStep>> diskBaselines = new LinkedHashMap<>();
  // Images this run ran besides the servers': the disk probe's.
  private final Map<String, String> otherImageIds = new LinkedHashMap<>();
  // The report is rewritten after every cell: say each of its own problems once per run.
  private final Set<String> reportProblems = new HashSet<>();
  private EnvironmentFacts environment;
  private VolumeFacts volume;
  // The report's cells by key, read from the store once and kept as cells are saved.
  private Map<String, CellResult> cells;

  /**
   * @param shown which saved cells the report shows: those measured under this run's settings
   */
  SweepReport(
      SweepOptions options,
      TargetServer server,
      SweepRunner.Listener listener,
      Predicate<CellResult> shown) {
    this.options = options;
    this.server = server;
    this.listener = listener;
    this.shown = shown;
    this.store = new CellStore(options.outDir());
  }

  CellStore store() {
    return store;
  }

  void warn(String warning) {
    warnings.add(warning);
  }

  EnvironmentFacts environment() {
    return environment;
  }

  void environment(EnvironmentFacts facts) {
    environment = facts;
  }

  void volume(VolumeFacts facts) {
    volume = facts;
  }

  VolumeFacts volume() {
    return volume;
  }

  Map<String, List<BaselineStep>> diskBaselines() {
    return diskBaselines;
  }

  /** The ID of an image this run ran besides its servers' (the disk probe's), for run.json. */
  void imageId(String image, String id) {
    otherImageIds.put(image, id);
  }

  /** What the kernel held for {@code profile}'s server, as run.json records it. */
  void enforced(DiskProfile profile, Endpoint endpoint) {
    Enforcement e = endpoint.enforcement();
    Map<String, String> held = new LinkedHashMap<>();
    held.put("device", e.device().path());
    held.put("read_iops", Long.toString(e.readIops()));
    held.put("write_iops", Long.toString(e.writeIops()));
    held.put("read_bps", Long.toString(e.readBytesPerSec()));
    held.put("write_bps", Long.toString(e.writeBytesPerSec()));
    held.put("memory_bytes", Long.toString(e.memoryBytes()));
    held.put("latency_asked_ms", Double.toString(profile.addedLatencyMillis()));
    held.put("latency_applied", Boolean.toString(endpoint.latencyApplied()));
    held.put("latency_method", endpoint.latencyMethod());
    held.put("notes", String.join("; ", e.notes()));
    enforcement.put(profile.name(), held);
  }

  /**
   * Every cell of the report (this run's, and earlier runs' measured under the same settings), in
   * report order.
   */
  List<CellResult> cells() throws IOException {
    return CellResult.inProfileOrder(kept().values(), profileNames());
  }

  /** Saves a measured cell, which the report shows from now on. */
  void save(CellResult cell) throws IOException {
    store.save(cell);
    kept().put(cell.key(), cell);
  }

  /**
   * The cells shown, read from the store on first use: after the resume plan has discarded stale
   * cells, which happens before anything is written.
   */
  private Map<String, CellResult> kept() throws IOException {
    if (cells == null) {
      cells = new LinkedHashMap<>();
      store.all().stream().filter(shown).forEach(c -> cells.put(c.key(), c));
    }
    return cells;
  }

  void write() throws IOException {
    List<CellResult> unordered = List.copyOf(kept().values());
    RunManifest m = manifest().toBuilder().time(TimeBreakdown.of(unordered)).build();
    for (String problem : ReportWriter.write(options.outDir(), m, unordered)) {
      if (reportProblems.add(problem)) {
        listener.info("warning: " + problem);
      }
    }
  }

  private RunManifest manifest() {
    Map<String, String> workload = new TreeMap<>();
    options.workload().properties().forEach((k, v) -> workload.put(k.toString(), v.toString()));
    String version =
        environment == null || environment.serverVersion() == null
            ? ""
            : environment.serverVersion();
    Map<String, String> imageIds = new LinkedHashMap<>(server.imageIds());
    otherImageIds.forEach(imageIds::putIfAbsent);
    return RunManifest.builder()
        .toolVersion(TOOL_VERSION)
        .toolBuild(ToolBuild.current())
        .startedAt(started)
        .finishedAt(Instant.now())
        .commandLine(options.output().commandLine())
        .server(server.kind(), server.image(), version)
        .imageIds(imageIds)
        .profiles(options.profiles())
        .enforcement(enforcement)
        .warnings(warnings)
        .recordCounts(options.recordCounts())
        .workloadProperties(workload)
        .environment(environment)
        .diskBaselines(diskBaselines)
        .volume(volume)
        .build();
  }

  private List<String> profileNames() {
    return options.profiles().stream().map(DiskProfile::name).toList();
  }
}

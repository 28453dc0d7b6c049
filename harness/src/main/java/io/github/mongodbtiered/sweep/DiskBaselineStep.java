package io.github.mongodbtiered.sweep;

import io.github.mongodbtiered.profiles.DiskProfile;
import io.github.mongodbtiered.report.BaselineTable;
import io.github.mongodbtiered.report.ReportLayout;
import io.github.mongodbtiered.report.RunManifest;
import io.github.mongodbtiered.results.BaselineStep;
import io.github.mongodbtiered.results.ServerKind.Capability;
import io.github.mongodbtiered.servers.DiskBaseline;
import io.github.mongodbtiered.servers.ProbeFile;
import io.github.mongodbtiered.servers.ServerImages;
import io.github.mongodbtiered.volumes.DataVolume;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Measures what each profile's disk delivers before any cell runs on it (the disk-IO study's
 * method, see {@link DiskBaseline}), keeping baselines an earlier run of this report measured. A
 * failed baseline is a warning, not a failed sweep: the cells can still be measured.
 */
final class DiskBaselineStep {
  /** The run.json key of the bare disk's baseline, for targets that throttle nothing. */
  static final String HOST_BASELINE = "host";

  private final SweepOptions options;
  private final TargetServer server;
  private final SweepRunner.Listener listener;
  private final SweepReport report;

  DiskBaselineStep(SweepContext sweep) {
    this.options = sweep.options();
    this.server = sweep.server();
    this.listener = sweep.listener();
    this.report = sweep.report();
  }

  void run() throws IOException {
    Path hostDir = server.hostDataDir();
    if (hostDir != null) {
      // Even when no baseline runs now: a killed run's 1 GiB file would otherwise stay for good.
      ProbeFile.removeLeftover(hostDir, listener::info);
    }
    if (options.baseline().settings() == null) {
      return;
    }
    Map<String, List<BaselineStep>> baselines = report.diskBaselines();
    keepEarlierBaselines(baselines);
    Path dir = server.hostDataDir();
    if (dir == null) {
      report.warn("disk baseline skipped: the server's disk is not on this host");
      listener.info("disk baseline: skipped, the server's disk is not on this host");
      return;
    }
    for (DiskProfile p : todo(baselines)) {
      measure(p, mountFor(p, dir));
      report.write();
    }
  }

  /**
   * The data directory for {@code p}'s baseline: on the data volume, freshly mounted with the
   * profile's latency (none for the bare disk), so the probe meets the disk the cells will.
   */
  private Path mountFor(DiskProfile p, Path dir) throws IOException {
    DataVolume volume = server.volume();
    if (volume == null) {
      return Files.createDirectories(dir);
    }
    double latency = p == null ? 0 : p.addedLatencyMillis();
    if (latency > 0) {
      listener.info(
          "disk baseline " + p.name() + ": latency " + VolumeNotes.asked(volume, latency));
    }
    return VolumeNotes.mount(volume, latency).dataDir();
  }

  private void keepEarlierBaselines(Map<String, List<BaselineStep>> into) {
    if (!Files.exists(new ReportLayout(options.outDir()).manifest())) {
      return;
    }
    try {
      into.putAll(RunManifest.read(options.outDir()).diskBaselines());
    } catch (IOException | RuntimeException e) {
      report.warn("earlier disk baselines not read: " + Messages.of(e));
    }
  }

  /** Profiles still to measure; a null entry is the bare disk, every profile's when unthrottled. */
  private List<DiskProfile> todo(Map<String, List<BaselineStep>> done) {
    List<DiskProfile> todo = new ArrayList<>();
    if (server.has(Capability.LIMITS_DISK)) {
      options.profiles().stream().filter(p -> !done.containsKey(p.name())).forEach(todo::add);
    } else if (!done.containsKey(HOST_BASELINE)) {
      todo.add(null);
    }
    return todo;
  }

  /** Records the ID of the image the probe ran in, where Docker says it. */
  private void probed(String image) {
    String id = ServerImages.localId(image);
    if (id != null) {
      report.imageId(image, id);
    }
  }

  /** Measures in {@code dir}, and removes the probe's file afterwards, on Ctrl-C too. */
  private void measure(DiskProfile p, Path dir) throws IOException {
    ProbeFile.removeLeftover(dir, listener::info);
    try (ProbeFile file = ProbeFile.removedOnExit(dir)) {
      measureIn(p, dir);
    }
  }

  private void measureIn(DiskProfile p, Path dir) {
    DiskBaseline.Settings settings = options.baseline().settings();
    String key = p == null ? HOST_BASELINE : p.name();
    listener.info(
        String.format(
            Locale.ROOT,
            "disk baseline %s: %d steps of %.0f s (%s, %s, 1 to %d threads)",
            key,
            settings.steps(),
            settings.secondsPerStep(),
            settings.modes().stream().map(DiskBaseline.Mode::label).toList(),
            BaselineTable.blocks(settings.blockMinBytes(), settings.blockMaxBytes()),
            settings.maxThreads()));
    listener.info(BaselineTable.textHeader());
    try {
      List<BaselineStep> steps =
          p == null
              ? DiskBaseline.onHost(dir, settings, s -> listener.info(BaselineTable.textRow(s)))
              : DiskBaseline.inContainer(
                  options.baseline().probeImage(),
                  p,
                  dir,
                  settings,
                  s -> listener.info(BaselineTable.textRow(s)));
      report.diskBaselines().put(key, steps);
      if (p != null) {
        probed(options.baseline().probeImage());
      }
    } catch (IOException | RuntimeException e) {
      report.warn("disk baseline " + key + " failed: " + Messages.of(e));
      listener.info("warning: disk baseline " + key + " failed: " + Messages.of(e));
    }
  }
}

package io.github.mongodbtiered.cli;

import io.github.mongodbtiered.profiles.DiskProfile;
import io.github.mongodbtiered.results.BaselineStep;
import io.github.mongodbtiered.servers.DiskBaseline;
import io.github.mongodbtiered.servers.DiskBaseline.Settings;
import io.github.mongodbtiered.servers.DockerEnvironment;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.function.Consumer;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code disk-baseline}: what IOPS a disk, bare or limited by a profile, delivers. */
@Command(
    name = "disk-baseline",
    defaultValueProvider = DiskBaselineCommand.Defaults.class,
    header = "Measure what IOPS a disk, bare or limited by a profile, delivers as threads grow.",
    mixinStandardHelpOptions = true,
    sortOptions = false,
    description = {
      "Measures the disk the way the disk-IO study did before trusting a box: random reads and"
          + " writes with direct I/O (O_DIRECT, so the page cache is bypassed and the device is"
          + " measured), each operation a random size in --block-size (4 to 32 KiB by default,"
          + " like fio's bsrange), on a file of --file-size in --data-dir.",
      "",
      "Method: for each mode (reads first), the number of concurrent I/O threads doubles from"
          + " step to step, 1, 2, 4 ... --max-threads, and each step is measured for --seconds."
          + " One line is printed as each step ends. At 1 thread IOPS are 1 / latency; more"
          + " threads show how many requests the disk serves in parallel; where IOPS stop"
          + " growing, the device (or the profile's limit) is saturated and further threads only"
          + " add queueing latency. The run takes modes x steps x seconds: the defaults are 2 x 7"
          + " x 10 s = 140 s per target, plus writing the file once.",
      "",
      "Targets: with --profile (repeatable, or comma-separated), inside a container limited"
          + " exactly as that profile's server would be (blkio IOPS and bandwidth on the device"
          + " under --data-dir, which is the data volume's when there is one; memory), from the"
          + " stand-in image (--probe-image, built by scripts/build-standin-image; never"
          + " pulled); this needs Docker. With --host, or when no --profile is given, in this"
          + " process on the bare host (through the data volume, with 0 ms added, when there is"
          + " one), unthrottled, without Docker. --host with --profile measures the host first,"
          + " then each profile.",
      "",
      "Reading the numbers: IOPS are operations completed within the step divided by its"
          + " length; MB/s are the bytes actually transferred (10^6 bytes), so at 4-32 KiB they"
          + " are about IOPS x 18 KiB; p50/p95/p99/max are the latencies of single operations in"
          + " milliseconds, queueing behind a throttle included. Under a profile the IOPS should"
          + " match its limit at every step, and at 1 thread p50 should be at least the"
          + " profile's added latency. The kernel's IOPS throttle lets operations through in"
          + " batches about every 100 ms, so under a low limit with many threads some"
          + " operations wait up to 100 ms: p95 and p99 show that queueing.",
      "",
      "Added latency (+7 ms for hdd-150 and san-600): the data directory becomes a delayed"
          + " volume (see --latency), the file is written on it once without delay, and each"
          + " target gets the volume mounted again, cold, with its own latency: the profile's,"
          + " or 0 ms for the bare host. A note per target says 'latency: +7 ms asked, applied"
          + " by nbd' (or dm), and each row carries latency_applied, latency_method and"
          + " latency_asked_ms beside the delivered latencies. With --latency off, or without"
          + " root or the tools, the data directory is used as it is, the note says 'latency"
          + " not applied' and why, and the figures are those of the IOPS limit alone: most"
          + " operations then take well under 1 ms, unlike a real spinning disk, where every"
          + " operation takes milliseconds.",
      "",
      "The file (mongodb-tiered-probe.dat, shared with the probe command) is removed at the end"
          + " (on Ctrl-C too) when this run created it, unless --keep-file. The volume's sparse file"
          + " (mongodb-tiered-volume/disk.img under --data-dir) stays for the next run."
    },
    footerHeading = "%nExamples:%n",
    footer = {
      "  mongodb-tiered disk-baseline                       # the bare host, 140 s",
      "  mongodb-tiered disk-baseline --profile hdd-150,io1-5000 --mode read",
      "  mongodb-tiered disk-baseline --host --profile hdd-150 --csv baseline.csv",
      "  mongodb-tiered disk-baseline --mode read --seconds 5 --csv - > baseline.csv"
    },
    exitCodeListHeading = ExitCodes.HEADING,
    exitCodeList = {
      "0:every step measured",
      "1:the measurement failed",
      ExitCodes.USAGE_LINE,
      ExitCodes.UNAVAILABLE_LINE
    })
public final class DiskBaselineCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @HelpSection("Targets")
  @Option(
      names = {"--profile", "--profiles"},
      split = ",",
      paramLabel = "NAME",
      description =
          "Profile to measure in its container: io1-5000, san-600, hdd-150, none, or one of"
              + " --profiles-file. Repeatable.")
  List<String> profileNames = new ArrayList<>();

  @HelpSection("Targets")
  @Option(
      names = "--host",
      description = "Measure the bare host in this process (the default without --profile).")
  boolean host;

  @Mixin
  @HelpSection("Targets")
  DiskOptions disk;

  @Mixin
  @HelpSection("Measurement")
  MeasurementOptions measurement;

  @HelpSection("Measurement")
  @Option(
      names = "--max-threads",
      paramLabel = "N",
      converter = Counts.BaselineThreads.class,
      description = "Threads of the last step, a power of two (default: ${DEFAULT-VALUE}).")
  int maxThreads = 64;

  @Mixin
  @HelpSection("Targets")
  VolumeOptions volume;

  @Mixin
  @HelpSection("Output")
  CsvOption csv;

  @HelpSection("Output")
  @Option(names = "--keep-file", description = "Keep the measured file for the next run.")
  boolean keepFile;

  /** The study's 4-32 KiB on a 1 GiB file. */
  static final class Defaults extends MeasurementOptions.SizeDefaults {
    Defaults() {
      super("1g", "4k-32k");
    }
  }

  @Override
  public Integer call() throws Exception {
    Settings settings = measurement.baselineSettings(maxThreads);
    List<DiskProfile> targets = disk.profiles("--profile", profileNames);
    volume.checkLatencies(targets);
    csv.requireWritable();
    if (!targets.isEmpty()) {
      DockerEnvironment.require();
    }
    Path dir = disk.createDataDir();
    try (MeasurementOutput out =
            MeasurementOutput.open(spec.commandLine(), csv, BaselineRows.csvHeader());
        MeasurementVolume v = MeasurementVolume.open(volume, dir, settings.fileBytes(), out)) {
      boolean onHost = host || targets.isEmpty();
      out.note(BaselineText.intro(settings, (onHost ? 1 : 0) + targets.size()));
      // Ctrl-C included, from its first byte: a file this run creates goes unless --keep-file.
      boolean created = v.prepareFile(!keepFile);
      out.note(BaselineText.dataDirectory(v.dataDir()));
      try {
        measure(out, v, onHost, targets, settings);
      } finally {
        // While the volume is still mounted: the file is on it.
        if (created && !keepFile) {
          v.removeFile();
        }
      }
      out.finished();
    }
    return ExitCodes.OK;
  }

  /**
   * The host first when asked, then each profile: a cold mount with its latency, a note saying what
   * was applied, and a table with a row as each step ends.
   */
  private void measure(
      MeasurementOutput out,
      MeasurementVolume v,
      boolean onHost,
      List<DiskProfile> targets,
      Settings s)
      throws IOException {
    if (onHost) {
      out.note("host: this machine's disk, unthrottled, measured in this process");
      MeasurementVolume.Mounted m = v.mountCold(0);
      out.note("host: " + m.latency().note());
      out.tableLine(BaselineRows.textHeader());
      DiskBaseline.onHost(m.dataDir(), s, rows(out, m.latency()));
    }
    for (DiskProfile p : targets) {
      out.note(p.summary());
      MeasurementVolume.Mounted m = v.mountCold(p.addedLatencyMillis());
      out.note(p.name() + ": " + m.latency().note());
      out.tableLine(BaselineRows.textHeader());
      DiskBaseline.inContainer(disk.probeImage(), p, m.dataDir(), s, rows(out, m.latency()));
    }
  }

  private static Consumer<BaselineStep> rows(MeasurementOutput out, AppliedLatency latency) {
    return step -> out.row(BaselineRows.textRow(step, latency), BaselineRows.csvRow(step, latency));
  }
}

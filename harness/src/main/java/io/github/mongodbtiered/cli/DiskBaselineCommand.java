package io.github.mongodbtiered.cli;

import io.github.mongodbtiered.profiles.DiskProfile;
import io.github.mongodbtiered.report.BaselineTable;
import io.github.mongodbtiered.results.BaselineStep;
import io.github.mongodbtiered.servers.DiskBaseline;
import io.github.mongodbtiered.servers.DiskBaseline.Settings;
import io.github.mongodbtiered.servers.DockerEnvironment;
import io.github.mongodbtiered.servers.LatencyInjection;
import java.io.IOException;
import java.nio.file.Files;
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
          + " exactly as that profile's server would be (blkio IOPS and bandwidth on the disk"
          + " under --data-dir, memory), from the stand-in image (--probe-image, built by"
          + " scripts/build-standin-image; never pulled); this needs Docker. With --host, or when no --profile is given, in"
          + " this process on the bare host, unthrottled, without Docker. --host with --profile"
          + " measures the host first, then each profile.",
      "",
      "Reading the numbers: IOPS are operations completed within the step divided by its"
          + " length; MB/s are the bytes actually transferred (10^6 bytes), so at 4-32 KiB they"
          + " are about IOPS x 18 KiB; p50/p95/p99/max are the latencies of single operations in"
          + " milliseconds, queueing behind a throttle included. Under a profile the IOPS should"
          + " match its limit at every step. A profile's added latency (+7 ms for hdd-150 and"
          + " san-600) needs device-mapper and is not applied by the container; the output says"
          + " so, and the figures are then those of the IOPS limit alone (the study's fio saw 34"
          + " IOPS at 1 thread under 150 IOPS + 7 ms). The kernel's IOPS throttle lets"
          + " operations through in batches about every 100 ms, so under a low limit most"
          + " operations take well under 1 ms and the rest wait up to 100 ms: p50 is small and"
          + " p95 large, unlike a real spinning disk, where every operation takes milliseconds.",
      "",
      "The file (mongodb-tiered-probe.dat, shared with the probe command) is removed at the end"
          + " when this run created it, unless --keep-file."
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
    csv.requireWritable();
    if (!targets.isEmpty()) {
      DockerEnvironment.require();
    }
    Path dir = disk.createDataDir();
    try (AutoCloseable cleanup = removeUnlessKept(dir.resolve(DiskBaseline.FILE_NAME));
        MeasurementOutput out =
            MeasurementOutput.open(spec.commandLine(), csv, BaselineTable.csvHeader())) {
      boolean onHost = host || targets.isEmpty();
      out.note(BaselineText.intro(settings, (onHost ? 1 : 0) + targets.size()));
      out.note(BaselineText.dataDirectory(dir));
      measure(out, onHost, targets, dir, settings);
      out.finished();
    }
    return ExitCodes.OK;
  }

  /** The host first when asked, then each profile, a table each, a row as each step ends. */
  private void measure(
      MeasurementOutput out, boolean onHost, List<DiskProfile> targets, Path dir, Settings s)
      throws IOException {
    Consumer<BaselineStep> onStep =
        step -> out.row(BaselineTable.textRow(step), BaselineTable.csvRow(step));
    if (onHost) {
      out.note("host: this machine's disk, unthrottled, measured in this process");
      out.tableLine(BaselineTable.textHeader());
      DiskBaseline.onHost(dir, s, onStep);
    }
    for (DiskProfile p : targets) {
      out.note(p.summary());
      if (p.addedLatencyMillis() > 0) {
        out.note(p.name() + ": " + LatencyInjection.unavailableReason());
      }
      out.tableLine(BaselineTable.textHeader());
      DiskBaseline.inContainer(disk.probeImage(), p, dir, s, onStep);
    }
  }

  /** Removes the measured file at the end when this run creates it, unless --keep-file. */
  private AutoCloseable removeUnlessKept(Path file) {
    boolean remove = !keepFile && !Files.exists(file);
    return () -> {
      if (remove) {
        Files.deleteIfExists(file);
      }
    };
  }
}

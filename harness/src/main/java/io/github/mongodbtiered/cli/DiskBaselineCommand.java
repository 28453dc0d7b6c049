package io.github.mongodbtiered.cli;

import io.github.mongodbtiered.profiles.DiskProfile;
import io.github.mongodbtiered.profiles.DiskProfiles;
import io.github.mongodbtiered.profiles.Sizes;
import io.github.mongodbtiered.report.BaselineTable;
import io.github.mongodbtiered.results.BaselineStep;
import io.github.mongodbtiered.servers.BlockDevice;
import io.github.mongodbtiered.servers.DiskBaseline;
import io.github.mongodbtiered.servers.DiskBaseline.Mode;
import io.github.mongodbtiered.servers.DiskBaseline.Settings;
import io.github.mongodbtiered.servers.DockerEnvironment;
import io.github.mongodbtiered.servers.LatencyInjection;
import io.github.mongodbtiered.servers.ServerImages;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.function.Consumer;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code disk-baseline}: what IOPS a disk, bare or limited by a profile, delivers. */
@Command(
    name = "disk-baseline",
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
          + " under --data-dir, memory), from the stand-in image (scripts/build-standin-image;"
          + " never pulled); this needs Docker. With --host, or when no --profile is given, in"
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
          + " when this run created it, unless --keep-file.",
      ""
    },
    footerHeading = "%nExamples:%n",
    footer = {
      "  mongodb-tiered disk-baseline                       # the bare host, 140 s",
      "  mongodb-tiered disk-baseline --profile hdd-150,io1-5000 --mode read",
      "  mongodb-tiered disk-baseline --host --profile hdd-150 --csv baseline.csv"
    },
    exitCodeListHeading = "%nExit codes:%n",
    exitCodeList = {
      "0:every step measured",
      "1:the measurement failed",
      "2:bad command line or profiles file",
      "3:Docker or the image could not be used"
    })
public final class DiskBaselineCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Option(
      names = "--profile",
      split = ",",
      paramLabel = "NAME",
      description =
          "Profile to measure in its container: io1-5000, san-600, hdd-150, none, or one of"
              + " --profiles-file. Repeatable.")
  List<String> profileNames = new ArrayList<>();

  @Option(
      names = "--profiles-file",
      paramLabel = "FILE",
      description = "File of extra profiles (see README).")
  Path profilesFile;

  @Option(
      names = "--host",
      description = "Measure the bare host in this process (the default without --profile).")
  boolean host;

  @Option(
      names = {"--data-dir", "--dir"},
      paramLabel = "DIR",
      defaultValue = "mongodb-tiered-data",
      description =
          "Directory on the disk to measure; the file goes here (default: ${DEFAULT-VALUE}).")
  Path dataDir;

  @Option(
      names = "--file-size",
      paramLabel = "SIZE",
      defaultValue = "1g",
      description = "Size of the file the offsets are drawn from (default: ${DEFAULT-VALUE}).")
  String fileSize;

  @Option(
      names = "--block-size",
      paramLabel = "RANGE",
      defaultValue = "4k-32k",
      description =
          "Bytes per I/O: MIN-MAX for a random size per operation, or one size"
              + " (default: ${DEFAULT-VALUE}).")
  String blockSize;

  @Option(
      names = "--max-threads",
      paramLabel = "N",
      defaultValue = "64",
      description = "Threads of the last step, a power of two (default: ${DEFAULT-VALUE}).")
  int maxThreads;

  @Option(
      names = "--seconds",
      paramLabel = "SECONDS",
      defaultValue = "10",
      description = "Seconds per step (default: ${DEFAULT-VALUE}).")
  double seconds;

  @Option(
      names = "--mode",
      paramLabel = "MODE",
      defaultValue = "both",
      description = "read, write or both (default: ${DEFAULT-VALUE}).")
  String mode;

  @Option(
      names = "--image",
      paramLabel = "IMAGE",
      defaultValue = ServerImages.STANDIN_IMAGE,
      description = "Image holding the probe, for --profile (default: ${DEFAULT-VALUE}).")
  String image;

  @Option(
      names = "--csv",
      paramLabel = "FILE",
      description = "Also write the steps as CSV to FILE, a row as each step ends.")
  Path csvFile;

  @Option(names = "--force", description = "Let --csv replace an existing file.")
  boolean force;

  @Option(names = "--keep-file", description = "Keep the measured file for the next run.")
  boolean keepFile;

  @Override
  public Integer call() throws IOException {
    Settings settings = settings();
    DiskProfiles profiles =
        profilesFile == null ? DiskProfiles.builtIn() : DiskProfiles.builtInAnd(profilesFile);
    List<DiskProfile> targets = new ArrayList<>();
    for (String name : profileNames) {
      targets.add(profiles.get(name.trim()));
    }
    boolean onHost = host || targets.isEmpty();
    if (csvFile != null && Files.exists(csvFile) && !force) {
      throw new IllegalArgumentException(
          "--csv " + csvFile + " exists: choose another file or add --force to replace it");
    }
    if (!targets.isEmpty()) {
      DockerEnvironment.require();
    }
    Files.createDirectories(dataDir);
    Path dir = dataDir.toAbsolutePath();
    Path file = dir.resolve(DiskBaseline.FILE_NAME);
    boolean fileExisted = Files.exists(file);

    PrintWriter out = spec.commandLine().getOut();
    out.println(intro(settings, (onHost ? 1 : 0) + targets.size()));
    out.println("data directory " + dir + device(dir));
    try (BufferedWriter csv = openCsv()) {
      Consumer<BaselineStep> onStep =
          step -> {
            out.println(BaselineTable.textRow(step));
            out.flush();
            if (csv != null) {
              try {
                csv.write(BaselineTable.csvRow(step) + "\r\n");
                csv.flush();
              } catch (IOException e) {
                throw new UncheckedIOException(e);
              }
            }
          };
      if (onHost) {
        out.println("host: this machine's disk, unthrottled, measured in this process");
        out.println(BaselineTable.textHeader());
        out.flush();
        DiskBaseline.onHost(dir, settings, onStep);
      }
      for (DiskProfile p : targets) {
        out.println(p.summary());
        if (p.addedLatencyMillis() > 0) {
          out.println(p.name() + ": " + LatencyInjection.unavailableReason());
        }
        out.println(BaselineTable.textHeader());
        out.flush();
        DiskBaseline.inContainer(image, p, dir, settings, onStep);
      }
    } finally {
      if (!fileExisted && !keepFile) {
        Files.deleteIfExists(file);
      }
    }
    if (csvFile != null) {
      out.println("CSV written to " + csvFile);
    }
    return 0;
  }

  /** The options as settings; each bad value names its option. */
  Settings settings() {
    List<Mode> modes =
        switch (mode) {
          case "read" -> List.of(Mode.READ);
          case "write" -> List.of(Mode.WRITE);
          case "both" -> List.of(Mode.READ, Mode.WRITE);
          default ->
              throw new IllegalArgumentException("--mode " + mode + ": use read, write or both");
        };
    String[] range = blockSize.split("-", -1);
    if (range.length > 2) {
      throw new IllegalArgumentException(
          "--block-size " + blockSize + ": use one size (4k) or a range (4k-32k)");
    }
    long min = size("--block-size", blockSize, range[0]);
    long max = range.length == 2 ? size("--block-size", blockSize, range[1]) : min;
    fail("--block-size " + blockSize, Settings.blockProblem(min, max));
    long fileBytes = size("--file-size", fileSize, fileSize);
    fail("--file-size " + fileSize, Settings.fileProblem(fileBytes, max));
    fail("--max-threads " + maxThreads, Settings.maxThreadsProblem(maxThreads));
    fail("--seconds " + seconds, Settings.secondsProblem(seconds));
    return new Settings(modes, (int) min, (int) max, fileBytes, maxThreads, seconds);
  }

  private static void fail(String option, String problem) {
    if (!problem.isEmpty()) {
      throw new IllegalArgumentException(option + ": " + problem);
    }
  }

  private static long size(String option, String whole, String part) {
    try {
      return Sizes.parseBytes(part);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          option + " " + whole + ": use sizes like 4k, 32k or 1g, a range as 4k-32k");
    }
  }

  static String intro(Settings s, int targets) {
    long total = Math.round(s.measuredSeconds() * targets);
    return String.format(
        Locale.ROOT,
        "disk baseline: random O_DIRECT %s of %s bytes on a %s file, threads 1 to %d"
            + " (doubling, %d steps per mode), %s s per step: %d steps per target, %s for %d"
            + " target(s), plus writing the file once",
        s.modes().stream().map(m -> m.label() + "s").reduce((a, b) -> a + " then " + b).orElse(""),
        BaselineTable.blocks(s.blockMinBytes(), s.blockMaxBytes()),
        BaselineTable.bytes(s.fileBytes()),
        s.maxThreads(),
        s.threadCounts().size(),
        trim(s.secondsPerStep()),
        s.steps(),
        duration(total),
        targets);
  }

  private static String duration(long seconds) {
    if (seconds < 60) {
      return seconds + " s";
    }
    return seconds / 60 + " min " + (seconds % 60 == 0 ? "" : seconds % 60 + " s");
  }

  private static String trim(double d) {
    return d == Math.rint(d) ? Long.toString((long) d) : Double.toString(d);
  }

  private static String device(Path dir) {
    try {
      return " on " + BlockDevice.backing(dir).path();
    } catch (IllegalStateException e) {
      // tmpfs takes O_DIRECT too (Linux 6.6+): then memory would be measured, not a disk.
      return "\n[WARN] "
          + dir
          + " is on no block device (tmpfs, overlay?): the figures may not be a disk's";
    }
  }

  private BufferedWriter openCsv() throws IOException {
    if (csvFile == null) {
      return null;
    }
    BufferedWriter w =
        Files.newBufferedWriter(
            csvFile,
            StandardCharsets.UTF_8,
            force ? StandardOpenOption.CREATE : StandardOpenOption.CREATE_NEW,
            StandardOpenOption.WRITE,
            StandardOpenOption.TRUNCATE_EXISTING);
    w.write(BaselineTable.csvHeader() + "\r\n");
    w.flush();
    return w;
  }
}

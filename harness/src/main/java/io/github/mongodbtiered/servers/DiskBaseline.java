package io.github.mongodbtiered.servers;

import com.sun.nio.file.ExtendedOpenOption;
import io.github.mongodbtiered.profiles.DiskProfile;
import io.github.mongodbtiered.results.BaselineStep;
import io.github.mongodbtiered.standin.DirectIoProbe;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Properties;
import java.util.function.Consumer;
import site.ycsb.workloads.CoreWorkload;

/**
 * A disk baseline the way the disk-IO study measured its disks: random O_DIRECT reads and writes of
 * a random size in a range (4-32 KiB by default) on a file, the thread count doubling 1, 2, 4 ...
 * up to a maximum, each step measured for a fixed time. Run on the bare host (in this process,
 * unthrottled) or in a container limited like a profile's server, so each profile's delivered IOPS
 * is known before a sweep measures MongoDB on it.
 */
public final class DiskBaseline {
  /** The largest thread count accepted: the study's mongoperf went as far. */
  public static final int MAX_THREADS_LIMIT = 1024;

  /** The measured file's name in the data directory (shared with {@link DiskProbe}). */
  public static final String FILE_NAME = ProbeContainer.FILE_NAME;

  static final String HOST = "host";
  static final String CONTAINER = "container";
  private static final String HOST_PROFILE = "none";

  private DiskBaseline() {}

  /** What the I/O does. */
  public enum Mode {
    READ,
    WRITE;

    /** {@code read} or {@code write}, as in the output. */
    public String label() {
      return name().toLowerCase(Locale.ROOT);
    }
  }

  /**
   * What to run.
   *
   * @param modes reads, writes or both, measured in this order
   * @param blockMinBytes smallest I/O (rounded up to the file system's block size by the probe)
   * @param blockMaxBytes largest I/O; each operation draws a size between the two
   * @param fileBytes size of the file the offsets are drawn from
   * @param maxThreads the last step's thread count, a power of two
   * @param secondsPerStep how long each step is measured
   */
  public record Settings(
      List<Mode> modes,
      int blockMinBytes,
      int blockMaxBytes,
      long fileBytes,
      int maxThreads,
      double secondsPerStep) {

    public Settings {
      modes = List.copyOf(modes);
      if (modes.isEmpty() || modes.stream().distinct().count() != modes.size()) {
        throw new IllegalArgumentException("baseline modes " + modes + ": read, write or both");
      }
      check("block size", blockProblem(blockMinBytes, blockMaxBytes));
      check("file size", fileProblem(fileBytes, blockMaxBytes));
      check("max threads " + maxThreads, maxThreadsProblem(maxThreads));
      check("seconds per step", secondsProblem(secondsPerStep));
    }

    /** Reads then writes, 4-32 KiB, a 1 GiB file, 1 to 64 threads, 10 s per step. */
    public static Settings defaults() {
      return new Settings(List.of(Mode.READ, Mode.WRITE), 4096, 32768, 1L << 30, 64, 10);
    }

    public Settings withModes(List<Mode> m) {
      return new Settings(m, blockMinBytes, blockMaxBytes, fileBytes, maxThreads, secondsPerStep);
    }

    public Settings withBlockBytes(int min, int max) {
      return new Settings(modes, min, max, fileBytes, maxThreads, secondsPerStep);
    }

    public Settings withFileBytes(long bytes) {
      return new Settings(modes, blockMinBytes, blockMaxBytes, bytes, maxThreads, secondsPerStep);
    }

    public Settings withMaxThreads(int n) {
      return new Settings(modes, blockMinBytes, blockMaxBytes, fileBytes, n, secondsPerStep);
    }

    public Settings withSecondsPerStep(double s) {
      return new Settings(modes, blockMinBytes, blockMaxBytes, fileBytes, maxThreads, s);
    }

    /** 1, 2, 4 ... maxThreads. */
    public List<Integer> threadCounts() {
      List<Integer> t = new ArrayList<>();
      for (int n = 1; n <= maxThreads; n *= 2) {
        t.add(n);
      }
      return t;
    }

    /** Every step of every mode. */
    public int steps() {
      return modes.size() * threadCounts().size();
    }

    /** Measured time: steps x seconds per step (the file's creation comes on top, once). */
    public double measuredSeconds() {
      return steps() * secondsPerStep;
    }

    /** Empty when fine, else what is wrong with a block range. */
    public static String blockProblem(long minBytes, long maxBytes) {
      if (minBytes < 512 || maxBytes < minBytes || maxBytes > (64 << 20)) {
        return "use sizes from 512 bytes to 64m, the smaller first (e.g. 4k-32k)";
      }
      return "";
    }

    /** Empty when fine, else what is wrong with a file size. */
    public static String fileProblem(long bytes, long blockMaxBytes) {
      return bytes < (1 << 20) || bytes < 2 * blockMaxBytes
          ? "use at least 1m and twice the largest block"
          : "";
    }

    /** Empty when fine, else what is wrong with a maximum thread count. */
    public static String maxThreadsProblem(int n) {
      return n < 1 || n > MAX_THREADS_LIMIT || Integer.bitCount(n) != 1
          ? "use a power of two from 1 to " + MAX_THREADS_LIMIT + " (threads double each step)"
          : "";
    }

    /** Empty when fine, else what is wrong with the seconds per step. */
    public static String secondsProblem(double s) {
      return s > 0 && s <= 86_400 ? "" : "use more than 0 and at most 86400 seconds";
    }

    private static void check(String what, String problem) {
      if (!problem.isEmpty()) {
        throw new IllegalArgumentException(what + ": " + problem);
      }
    }
  }

  /**
   * The I/O a workload does, for a baseline of it: reads, and writes too when it has a write
   * proportion above 0, YCSB's defaults where unset (its core workload updates 5% of operations
   * unless told otherwise). The study's fio baseline measured random reads for its read-only
   * workload.
   */
  public static List<Mode> modesFor(Properties workload) {
    boolean writes =
        proportion(
                    workload,
                    CoreWorkload.UPDATE_PROPORTION_PROPERTY,
                    CoreWorkload.UPDATE_PROPORTION_PROPERTY_DEFAULT)
                > 0
            || proportion(
                    workload,
                    CoreWorkload.INSERT_PROPORTION_PROPERTY,
                    CoreWorkload.INSERT_PROPORTION_PROPERTY_DEFAULT)
                > 0
            || proportion(
                    workload,
                    CoreWorkload.READMODIFYWRITE_PROPORTION_PROPERTY,
                    CoreWorkload.READMODIFYWRITE_PROPORTION_PROPERTY_DEFAULT)
                > 0;
    return writes ? List.of(Mode.READ, Mode.WRITE) : List.of(Mode.READ);
  }

  private static double proportion(Properties workload, String name, String defaultValue) {
    try {
      return Double.parseDouble(workload.getProperty(name, defaultValue).trim());
    } catch (NumberFormatException e) {
      return 1; // YCSB refuses it, naming it; until then, count it as writing
    }
  }

  /**
   * Runs the baseline in this process, on a file in {@code dir}, without any throttle: what the
   * disk itself delivers. Steps are labelled profile {@code none}, where {@code host}.
   *
   * @param onStep called as each step ends
   * @throws IllegalArgumentException when {@code dir}'s file system refuses O_DIRECT (tmpfs)
   */
  public static List<BaselineStep> onHost(Path dir, Settings s, Consumer<BaselineStep> onStep)
      throws IOException {
    Path file = dir.resolve(ProbeContainer.FILE_NAME);
    ProbeContainer.prepareFile(file, s.fileBytes());
    requireDirectIo(file);
    ProbeOutput.StepCollector steps = new ProbeOutput.StepCollector(HOST_PROFILE, HOST, onStep);
    try {
      DirectIoProbe.runSteps(
          file,
          s.modes().stream().map(m -> m == Mode.WRITE).toList(),
          s.fileBytes(),
          s.secondsPerStep(),
          s.maxThreads(),
          s.blockMinBytes(),
          s.blockMaxBytes(),
          steps::live);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new InterruptedIOException("disk baseline interrupted");
    }
    return steps.all();
  }

  /**
   * Runs the baseline in a container of {@code image} (the stand-in image, which carries the probe)
   * limited exactly as {@code profile}'s server would be, on a file in {@code dataDir}. The
   * profile's added latency is not part of the container's limits: it is in the data volume that
   * {@code dataDir} is on, mounted with it by the caller.
   *
   * @param onStep called as each step ends, while the container still runs
   * @throws IOException when the probe fails or reports fewer steps than it should
   */
  public static List<BaselineStep> inContainer(
      String image, DiskProfile profile, Path dataDir, Settings s, Consumer<BaselineStep> onStep)
      throws IOException {
    BlockDevice.backing(dataDir); // fails fast, before writing the file, on tmpfs & co.
    ProbeContainer.prepareFile(dataDir.resolve(ProbeContainer.FILE_NAME), s.fileBytes());
    ProbeOutput.StepCollector steps =
        new ProbeOutput.StepCollector(profile.name(), CONTAINER, onStep);
    // The budget: the steps, plus a generous allowance for the container and the last operations.
    Duration timeout = Duration.ofSeconds((long) Math.ceil(s.measuredSeconds() * 1.5) + 120);
    String logs = ProbeContainer.run(image, profile, dataDir, probeArgs(s), timeout, steps::live);
    steps.finish(logs);
    if (steps.all().size() != s.steps()) {
      throw new IOException(
          "the disk probe reported "
              + steps.all().size()
              + " of "
              + s.steps()
              + " steps (is "
              + image
              + " older than this harness? rebuild it with scripts/build-standin-image); its"
              + " output: "
              + logs.strip());
    }
    return steps.all();
  }

  /** The probe's command line in the container. */
  static List<String> probeArgs(Settings s) {
    return List.of(
        "steps",
        ProbeContainer.MOUNTED_FILE,
        s.modes().size() == 2 ? "both" : s.modes().get(0).label(),
        Long.toString(s.fileBytes()),
        String.format(Locale.ROOT, "%.3f", s.secondsPerStep()),
        Integer.toString(s.maxThreads()),
        s.blockMinBytes() + "-" + s.blockMaxBytes());
  }

  /** O_DIRECT fails at open on file systems without it; say so before any step runs. */
  private static void requireDirectIo(Path file) {
    try (FileChannel ch =
        FileChannel.open(file, StandardOpenOption.READ, ExtendedOpenOption.DIRECT)) {
      // opening is the test
    } catch (IOException e) {
      throw new IllegalArgumentException(
          file.getParent()
              + " is on a file system without O_DIRECT ("
              + e.getMessage()
              + "), so the page cache would be measured instead of the disk: choose a directory"
              + " on a disk with --data-dir");
    }
  }
}

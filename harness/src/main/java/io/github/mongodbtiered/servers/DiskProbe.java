package io.github.mongodbtiered.servers;

import io.github.mongodbtiered.profiles.DiskProfile;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import org.testcontainers.containers.BindMode;
import org.testcontainers.containers.GenericContainer;
import org.testcontainers.containers.startupcheck.OneShotStartupCheckStrategy;

/**
 * Measures what a profile's throttle really delivers: random block-sized O_DIRECT reads or writes
 * on a file in the data directory, from inside a container limited exactly as the server's would
 * be. The probe program ships in the stand-in image.
 */
public final class DiskProbe {
  static final String PROBE_CLASS = "io.github.mongodbtiered.standin.DirectIoProbe";
  static final String FILE_NAME = "mongodb-tiered-probe.dat";

  private DiskProbe() {}

  /**
   * What to run.
   *
   * @param write random writes instead of reads
   * @param threads concurrent I/O threads
   * @param seconds how long to measure
   * @param fileBytes size of the file the offsets are drawn from
   * @param blockBytes size of one I/O
   */
  public record Settings(
      boolean write, int threads, double seconds, long fileBytes, int blockBytes) {
    public Settings {
      if (threads < 1 || seconds <= 0 || fileBytes < (1 << 20) || blockBytes < 512) {
        throw new IllegalArgumentException(
            "probe settings: threads >= 1, seconds > 0, file >= 1 MiB, block >= 512 B");
      }
    }
  }

  /** Delivered IOPS, bandwidth and latency of one probe run. */
  public record Result(
      DiskProfile profile,
      String mode,
      int blockBytes,
      int threads,
      double seconds,
      long ops,
      double iops,
      double mibPerSec,
      long p50Micros,
      long p95Micros,
      long p99Micros,
      long maxMicros) {}

  /** Runs the probe in a container limited by {@code profile}, with its file in {@code dataDir}. */
  public static Result run(String probeImage, DiskProfile profile, Path dataDir, Settings s)
      throws IOException {
    BlockDevice device = BlockDevice.backing(dataDir);
    prepareFile(dataDir.resolve(FILE_NAME), s.fileBytes());
    try (GenericContainer<?> c = new GenericContainer<>(ServerImages.resolve(probeImage))) {
      c.withImagePullPolicy(ServerImages.pullPolicy(probeImage))
          .withFileSystemBind(dataDir.toAbsolutePath().toString(), "/data/db", BindMode.READ_WRITE)
          .withLabel("io.github.mongodbtiered.probe", profile.name())
          .withCreateContainerCmdModifier(
              cmd -> {
                cmd.withEntrypoint("/opt/java/bin/java", "-cp", "/opt/standin/lib/*", PROBE_CLASS);
                Throttle.apply(cmd.getHostConfig(), profile, device);
              })
          .withCommand(
              "/data/db/" + FILE_NAME,
              s.write() ? "write" : "read",
              Long.toString(s.fileBytes() >> 20),
              String.format(Locale.ROOT, "%.3f", s.seconds()),
              Integer.toString(s.threads()),
              Integer.toString(s.blockBytes()))
          .withStartupCheckStrategy(
              new OneShotStartupCheckStrategy()
                  .withTimeout(Duration.ofSeconds((long) s.seconds() + 120)));
      // Ctrl-C skips the try's close: a hook removes the container then.
      Thread cleanup = new Thread(c::stop, "mongodb-tiered-probe-cleanup");
      Runtime.getRuntime().addShutdownHook(cleanup);
      try {
        c.start(); // returns when the probe has exited
        return parse(profile, c.getLogs());
      } finally {
        try {
          Runtime.getRuntime().removeShutdownHook(cleanup);
        } catch (IllegalStateException e) {
          // the JVM is already shutting down; the hook does the work
        }
      }
    }
  }

  /** Reads the probe's last line: {@code PROBE mode=read block=4096 ... max_us=9000}. */
  static Result parse(DiskProfile profile, String logs) {
    String line = null;
    for (String l : logs.split("\n")) {
      if (l.startsWith("PROBE ")) {
        line = l.trim();
      }
    }
    if (line == null) {
      throw new IllegalStateException("the probe printed no result; its output:\n" + logs);
    }
    Map<String, String> kv = new HashMap<>();
    for (String part : line.substring(6).split(" ")) {
      int eq = part.indexOf('=');
      kv.put(part.substring(0, eq), part.substring(eq + 1));
    }
    return new Result(
        profile,
        kv.get("mode"),
        Integer.parseInt(kv.get("block")),
        Integer.parseInt(kv.get("threads")),
        Double.parseDouble(kv.get("seconds")),
        Long.parseLong(kv.get("ops")),
        Double.parseDouble(kv.get("iops")),
        Double.parseDouble(kv.get("mibps")),
        Long.parseLong(kv.get("p50_us")),
        Long.parseLong(kv.get("p95_us")),
        Long.parseLong(kv.get("p99_us")),
        Long.parseLong(kv.get("max_us")));
  }

  /** Writes the probe's file on the host, unthrottled, so the measurement starts at once. */
  private static void prepareFile(Path file, long bytes) throws IOException {
    if (Files.exists(file) && Files.size(file) >= bytes) {
      return;
    }
    byte[] chunk = new byte[1 << 20];
    try (OutputStream out =
        Files.newOutputStream(
            file,
            StandardOpenOption.CREATE,
            StandardOpenOption.WRITE,
            StandardOpenOption.TRUNCATE_EXISTING)) {
      for (long done = 0; done < bytes; done += chunk.length) {
        ThreadLocalRandom.current().nextBytes(chunk);
        out.write(chunk, 0, (int) Math.min(chunk.length, bytes - done));
      }
    }
  }
}

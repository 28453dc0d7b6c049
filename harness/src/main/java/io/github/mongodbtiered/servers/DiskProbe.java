package io.github.mongodbtiered.servers;

import io.github.mongodbtiered.profiles.DiskProfile;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Measures what a profile's throttle really delivers: random block-sized O_DIRECT reads or writes
 * on a file in the data directory, from inside a container limited exactly as the server's would
 * be. The probe program ships in the stand-in image.
 */
public final class DiskProbe {
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
    ProbeContainer.prepareFile(dataDir.resolve(ProbeContainer.FILE_NAME), s.fileBytes());
    String logs =
        ProbeContainer.run(
            probeImage,
            profile,
            dataDir,
            List.of(
                ProbeContainer.MOUNTED_FILE,
                s.write() ? "write" : "read",
                Long.toString(s.fileBytes() >> 20),
                String.format(Locale.ROOT, "%.3f", s.seconds()),
                Integer.toString(s.threads()),
                Integer.toString(s.blockBytes())),
            Duration.ofSeconds((long) s.seconds() + 120),
            line -> {});
    return parse(profile, logs);
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
}

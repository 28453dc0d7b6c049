package io.github.mongodbtiered.standin;

import io.github.mongodbtiered.standin.DirectIoMeasurement.Blocks;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Consumer;

/**
 * Random O_DIRECT reads or writes on a file, bypassing the page cache, so that what it measures is
 * the device (and any blkio throttle on it). It ships in the stand-in image because that image has
 * no shell or fio: the harness runs it with {@code --entrypoint} inside a container throttled by a
 * disk profile, or calls {@link #runSteps} in its own process to measure the bare host. It needs
 * java.base only.
 *
 * <p>A block size is one size ({@code 4096}) or a range ({@code 4096-32768}): each operation then
 * transfers a size drawn uniformly from the multiples of the file system's block size within the
 * range, like fio's {@code bsrange}. Offsets are aligned to the file system's block size, as
 * O_DIRECT requires. MB/s counts the bytes actually transferred.
 *
 * <p>One measurement: {@code DirectIoProbe FILE read|write [SIZE_MB=256] [SECONDS=10] [THREADS=1]
 * [BLOCK=4096]}. The last line of output is machine-readable: {@code PROBE mode=read block=4096
 * threads=1 seconds=10.00 ops=1500 iops=150.0 mibps=0.59 p50_us=6630 p95_us=6700 p99_us=6800
 * max_us=9000 block_max=4096 bytes=6144000}.
 *
 * <p>A stepped baseline, the disk-IO study's method: {@code DirectIoProbe steps FILE
 * read|write|both FILE_BYTES SECONDS_PER_STEP MAX_THREADS BLOCK}. For each mode (reads first), the
 * thread count doubles 1, 2, 4 ... MAX_THREADS, each step measured for SECONDS_PER_STEP; one line
 * is printed (and flushed) as each step ends: {@code STEP mode=read block_min=4096 block_max=32768
 * threads=1 seconds=5.000 ops=750 bytes=13824000 iops=150.0 mbps=2.765 p50_us=6630 p95_us=6700
 * p99_us=6800 max_us=9000}. Only operations that complete within the step's time count, so an
 * operation queued behind a throttle at the end of a step does not inflate the next one.
 */
public final class DirectIoProbe {
  private static final String USAGE =
      "usage: DirectIoProbe FILE read|write [SIZE_MB=256] [SECONDS=10] [THREADS=1] [BLOCK=4096]\n"
          + "       DirectIoProbe steps FILE read|write|both FILE_BYTES SECONDS_PER_STEP"
          + " MAX_THREADS BLOCK\n"
          + "BLOCK is bytes per I/O, or MIN-MAX for a random size in that range";

  private DirectIoProbe() {}

  public static void main(String[] args) throws Exception {
    try {
      if (args.length > 0 && args[0].equals("steps")) {
        steps(args);
      } else {
        single(args);
      }
    } catch (IllegalArgumentException e) {
      System.err.println("DirectIoProbe: " + e.getMessage() + "\n" + USAGE);
      System.exit(2);
    }
  }

  private static void single(String[] args) throws Exception {
    if (args.length < 2 || !(args[1].equals("read") || args[1].equals("write"))) {
      throw new IllegalArgumentException("FILE and read or write are required");
    }
    Path file = Path.of(args[0]);
    boolean write = args[1].equals("write");
    long size = (args.length > 2 ? Long.parseLong(args[2]) : 256) << 20;
    double seconds = args.length > 3 ? Double.parseDouble(args[3]) : 10;
    int threads = args.length > 4 ? Integer.parseInt(args[4]) : 1;
    int[] range = blockRange(args.length > 5 ? args[5] : "4096");

    fillIfSmaller(file, size);
    Blocks blocks = Blocks.on(file, range[0], range[1]);
    DirectIoMeasurement m = DirectIoMeasurement.run(file, write, size, blocks, threads, seconds);
    System.out.printf(
        Locale.ROOT,
        "PROBE mode=%s block=%d threads=%d seconds=%.2f ops=%d iops=%.1f mibps=%.2f"
            + " p50_us=%d p95_us=%d p99_us=%d max_us=%d block_max=%d bytes=%d%n",
        write ? "write" : "read",
        blocks.minBytes(),
        threads,
        m.seconds(),
        m.ops(),
        m.ops() / m.seconds(),
        m.bytes() / m.seconds() / (1 << 20),
        m.percentileMicros(50),
        m.percentileMicros(95),
        m.percentileMicros(99),
        m.maxMicros(),
        blocks.maxBytes(),
        m.bytes());
  }

  private static void steps(String[] args) throws Exception {
    if (args.length != 7) {
      throw new IllegalArgumentException("steps takes 6 arguments, got " + (args.length - 1));
    }
    Path file = Path.of(args[1]);
    List<Boolean> writes =
        switch (args[2]) {
          case "read" -> List.of(false);
          case "write" -> List.of(true);
          case "both" -> List.of(false, true);
          default -> throw new IllegalArgumentException("mode " + args[2] + ": read|write|both");
        };
    int[] range = blockRange(args[6]);
    runSteps(
        file,
        writes,
        Long.parseLong(args[3]),
        Double.parseDouble(args[4]),
        Integer.parseInt(args[5]),
        range[0],
        range[1],
        line -> {
          System.out.println(line);
          System.out.flush();
        });
  }

  /**
   * The stepped baseline: for each of {@code writes} in order, threads 1, 2, 4 ... {@code
   * maxThreads}, one {@code STEP} line to {@code out} as each step ends. The file is filled with
   * random data first when smaller than {@code fileBytes}.
   *
   * @throws IOException when the file cannot be created or read with O_DIRECT (tmpfs, say)
   */
  public static void runSteps(
      Path file,
      List<Boolean> writes,
      long fileBytes,
      double secondsPerStep,
      int maxThreads,
      int blockMinBytes,
      int blockMaxBytes,
      Consumer<String> out)
      throws IOException, InterruptedException {
    if (maxThreads < 1 || Integer.bitCount(maxThreads) != 1) {
      throw new IllegalArgumentException("MAX_THREADS " + maxThreads + " is not a power of two");
    }
    if (secondsPerStep <= 0 || fileBytes < blockMaxBytes) {
      throw new IllegalArgumentException("seconds must be > 0 and the file at least one block");
    }
    fillIfSmaller(file, fileBytes);
    Blocks blocks = Blocks.on(file, blockMinBytes, blockMaxBytes);
    for (boolean write : writes) {
      for (int threads = 1; threads <= maxThreads; threads *= 2) {
        DirectIoMeasurement m =
            DirectIoMeasurement.run(file, write, fileBytes, blocks, threads, secondsPerStep);
        out.accept(
            String.format(
                Locale.ROOT,
                "STEP mode=%s block_min=%d block_max=%d threads=%d seconds=%.3f ops=%d bytes=%d"
                    + " iops=%.1f mbps=%.3f p50_us=%d p95_us=%d p99_us=%d max_us=%d",
                write ? "write" : "read",
                blocks.minBytes(),
                blocks.maxBytes(),
                threads,
                m.seconds(),
                m.ops(),
                m.bytes(),
                m.ops() / m.seconds(),
                m.bytes() / m.seconds() / 1e6,
                m.percentileMicros(50),
                m.percentileMicros(95),
                m.percentileMicros(99),
                m.maxMicros()));
      }
    }
  }

  /** "4096" or "4096-32768" as {min, max}. */
  private static int[] blockRange(String text) {
    String[] parts = text.split("-", -1);
    if (parts.length > 2) {
      throw new IllegalArgumentException("block " + text + ": use BYTES or MIN-MAX");
    }
    int min = Integer.parseInt(parts[0].trim());
    int max = parts.length == 2 ? Integer.parseInt(parts[1].trim()) : min;
    if (min < 1 || max < min) {
      throw new IllegalArgumentException("block " + text + ": need 0 < MIN <= MAX");
    }
    return new int[] {min, max};
  }

  /**
   * Fills {@code file} with {@code size} random bytes, synced, unless it already holds as many: the
   * harness calls it on the host before a throttled probe, so the measurement starts at once and no
   * write-back of the file lands in a measured step.
   */
  public static void fillIfSmaller(Path file, long size) throws IOException {
    if (Files.exists(file) && Files.size(file) >= size) {
      return;
    }
    try (FileChannel ch =
        FileChannel.open(
            file,
            StandardOpenOption.CREATE,
            StandardOpenOption.WRITE,
            StandardOpenOption.TRUNCATE_EXISTING)) {
      // Random, not zeros, so no layer below can shortcut the reads.
      byte[] chunk = new byte[1 << 20];
      for (long done = 0; done < size; done += chunk.length) {
        ThreadLocalRandom.current().nextBytes(chunk);
        ch.write(ByteBuffer.wrap(chunk, 0, (int) Math.min(chunk.length, size - done)));
      }
      ch.force(true);
    }
  }
}

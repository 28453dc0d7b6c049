package io.github.mongodbtiered.standin;

import com.sun.nio.file.ExtendedOpenOption;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Random block-sized O_DIRECT reads or writes on a file, bypassing the page cache, so that what it
 * measures is the device (and any blkio throttle on it). It ships in the stand-in image because
 * that image has no shell or fio: the harness runs it with {@code --entrypoint} inside a container
 * throttled by a disk profile.
 *
 * <p>Usage: {@code DirectIoProbe FILE read|write [SIZE_MB=256] [SECONDS=10] [THREADS=1]
 * [BLOCK_BYTES=4096]}. FILE is filled with random data first if smaller than SIZE_MB. The last line
 * of output is machine-readable: {@code PROBE mode=read block=4096 threads=1 seconds=10.00 ops=1500
 * iops=150.0 mibps=0.59 p50_us=6630 p95_us=6700 p99_us=6800 max_us=9000}.
 */
public final class DirectIoProbe {
  private static final int MAX_SAMPLES_PER_THREAD = 1 << 20;

  private DirectIoProbe() {}

  public static void main(String[] args) throws Exception {
    if (args.length < 2 || !(args[1].equals("read") || args[1].equals("write"))) {
      System.err.println(
          "usage: DirectIoProbe FILE read|write [SIZE_MB=256] [SECONDS=10] [THREADS=1]"
              + " [BLOCK_BYTES=4096]");
      System.exit(2);
    }
    Path file = Path.of(args[0]);
    boolean write = args[1].equals("write");
    long size = (args.length > 2 ? Long.parseLong(args[2]) : 256) << 20;
    double seconds = args.length > 3 ? Double.parseDouble(args[3]) : 10;
    int threads = args.length > 4 ? Integer.parseInt(args[4]) : 1;
    int requested = args.length > 5 ? Integer.parseInt(args[5]) : 4096;

    if (Files.notExists(file) || Files.size(file) < size) {
      fill(file, size);
    }
    // O_DIRECT needs buffer, offset and length aligned to the file system's block size.
    int align = (int) Math.max(512, Files.getFileStore(file).getBlockSize());
    int block = Math.max(align, requested / align * align);
    long blocks = size / block;
    long start = System.nanoTime();
    long deadline = start + (long) (seconds * 1e9);
    List<Worker> workers = new ArrayList<>();
    for (int t = 0; t < threads; t++) {
      Worker w = new Worker(file, write, block, blocks, deadline);
      w.start();
      workers.add(w);
    }
    long ops = 0;
    List<long[]> samples = new ArrayList<>();
    for (Worker w : workers) {
      w.join();
      if (w.failure != null) {
        throw w.failure;
      }
      ops += w.ops;
      samples.add(Arrays.copyOf(w.latencies, w.recorded));
    }
    double elapsed = (System.nanoTime() - start) / 1e9;
    long[] all = samples.stream().flatMapToLong(Arrays::stream).sorted().toArray();
    double iops = ops / elapsed;
    System.out.printf(
        Locale.ROOT,
        "PROBE mode=%s block=%d threads=%d seconds=%.2f ops=%d iops=%.1f mibps=%.2f"
            + " p50_us=%d p95_us=%d p99_us=%d max_us=%d%n",
        write ? "write" : "read",
        block,
        threads,
        elapsed,
        ops,
        iops,
        iops * block / (1 << 20),
        percentile(all, 50),
        percentile(all, 95),
        percentile(all, 99),
        all.length == 0 ? 0 : all[all.length - 1]);
  }

  private static long percentile(long[] sorted, double p) {
    if (sorted.length == 0) {
      return 0;
    }
    int i = (int) Math.ceil(p / 100 * sorted.length) - 1;
    return sorted[Math.max(0, Math.min(sorted.length - 1, i))];
  }

  private static final class Worker extends Thread {
    final Path file;
    final boolean write;
    final int block;
    final long blocks;
    final long deadline;
    final long[] latencies = new long[MAX_SAMPLES_PER_THREAD];
    int recorded;
    long ops;
    Exception failure;

    Worker(Path file, boolean write, int block, long blocks, long deadline) {
      this.file = file;
      this.write = write;
      this.block = block;
      this.blocks = blocks;
      this.deadline = deadline;
    }

    @Override
    public void run() {
      StandardOpenOption mode = write ? StandardOpenOption.WRITE : StandardOpenOption.READ;
      try (FileChannel ch = FileChannel.open(file, mode, ExtendedOpenOption.DIRECT)) {
        ByteBuffer buf = ByteBuffer.allocateDirect(2 * block).alignedSlice(block);
        ThreadLocalRandom rnd = ThreadLocalRandom.current();
        while (System.nanoTime() < deadline) {
          long offset = rnd.nextLong(blocks) * block;
          buf.clear();
          long t0 = System.nanoTime();
          if (write) {
            ch.write(buf, offset);
          } else {
            ch.read(buf, offset);
          }
          long micros = (System.nanoTime() - t0) / 1_000;
          if (recorded < latencies.length) {
            latencies[recorded++] = micros;
          }
          ops++;
        }
      } catch (Exception e) {
        failure = e;
      }
    }
  }

  private static void fill(Path file, long size) throws Exception {
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

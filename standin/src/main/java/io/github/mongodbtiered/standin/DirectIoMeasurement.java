package io.github.mongodbtiered.standin;

import com.sun.nio.file.ExtendedOpenOption;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;

/**
 * What one timed run of random O_DIRECT reads or writes measured: each thread transfers one block
 * at a random aligned offset at a time, and only operations that complete before the deadline
 * count, so the window is exact and an operation queued behind a throttle at its end does not spill
 * into the next run. Latencies are kept per operation, up to {@value #MAX_SAMPLES_PER_THREAD} a
 * thread.
 *
 * @param seconds the measured window
 * @param ops operations completed in the window
 * @param bytes bytes those operations transferred
 * @param sortedMicros their latencies, ascending
 */
record DirectIoMeasurement(double seconds, long ops, long bytes, long[] sortedMicros) {
  private static final int INITIAL_SAMPLES = 1 << 10;
  static final int MAX_SAMPLES_PER_THREAD = 1 << 20;

  /**
   * The I/O sizes in use: O_DIRECT needs buffer, offset and length aligned to the file system's
   * block size, so the requested range is narrowed to multiples of it (at least one).
   */
  record Blocks(int alignBytes, int minBytes, int maxBytes) {
    static Blocks on(Path file, int requestedMinBytes, int requestedMaxBytes) throws IOException {
      int align = (int) Math.max(512, Files.getFileStore(file).getBlockSize());
      int min = Math.max(align, (requestedMinBytes + align - 1) / align * align);
      int max = Math.max(min, requestedMaxBytes / align * align);
      return new Blocks(align, min, max);
    }

    /** A size drawn uniformly from the multiples of the alignment within [min, max]. */
    int drawBytes(ThreadLocalRandom rnd) {
      return minBytes + rnd.nextInt((maxBytes - minBytes) / alignBytes + 1) * alignBytes;
    }
  }

  /**
   * Runs {@code threads} threads on {@code file} for {@code seconds}.
   *
   * @throws IOException when a thread could not open or use the file with O_DIRECT
   */
  static DirectIoMeasurement run(
      Path file, boolean write, long fileBytes, Blocks blocks, int threads, double seconds)
      throws IOException, InterruptedException {
    long startNanos = System.nanoTime();
    long deadlineNanos = startNanos + (long) (seconds * 1e9);
    List<Worker> workers = new ArrayList<>();
    for (int t = 0; t < threads; t++) {
      Worker w = new Worker(file, write, fileBytes, blocks, deadlineNanos);
      w.start();
      workers.add(w);
    }
    long ops = 0;
    long bytes = 0;
    List<long[]> samples = new ArrayList<>();
    for (Worker w : workers) {
      w.join();
      if (w.failure != null) {
        throw w.failure;
      }
      ops += w.ops;
      bytes += w.bytes;
      samples.add(Arrays.copyOf(w.latenciesMicros, w.recorded));
    }
    long[] all = samples.stream().flatMapToLong(Arrays::stream).sorted().toArray();
    // Operations finishing after the deadline are not counted, so the window is exact.
    return new DirectIoMeasurement((deadlineNanos - startNanos) / 1e9, ops, bytes, all);
  }

  long percentileMicros(double p) {
    if (sortedMicros.length == 0) {
      return 0;
    }
    int i = (int) Math.ceil(p / 100 * sortedMicros.length) - 1;
    return sortedMicros[Math.max(0, Math.min(sortedMicros.length - 1, i))];
  }

  long maxMicros() {
    return sortedMicros.length == 0 ? 0 : sortedMicros[sortedMicros.length - 1];
  }

  private static final class Worker extends Thread {
    final Path file;
    final boolean write;
    final long fileBytes;
    final Blocks blocks;
    final long deadlineNanos;
    long[] latenciesMicros = new long[INITIAL_SAMPLES];
    int recorded;
    long ops;
    long bytes;
    IOException failure;

    Worker(Path file, boolean write, long fileBytes, Blocks blocks, long deadlineNanos) {
      this.file = file;
      this.write = write;
      this.fileBytes = fileBytes;
      this.blocks = blocks;
      this.deadlineNanos = deadlineNanos;
      setDaemon(true);
    }

    @Override
    public void run() {
      StandardOpenOption mode = write ? StandardOpenOption.WRITE : StandardOpenOption.READ;
      try (FileChannel ch = FileChannel.open(file, mode, ExtendedOpenOption.DIRECT)) {
        ByteBuffer buf =
            ByteBuffer.allocateDirect(blocks.maxBytes + blocks.alignBytes)
                .alignedSlice(blocks.alignBytes);
        ThreadLocalRandom rnd = ThreadLocalRandom.current();
        if (write) {
          // Random, not zeros, so no layer below can shortcut the writes.
          byte[] noise = new byte[buf.capacity()];
          rnd.nextBytes(noise);
          buf.put(noise);
        }
        while (true) {
          int size = blocks.drawBytes(rnd);
          long offset =
              rnd.nextLong((fileBytes - size) / blocks.alignBytes + 1) * blocks.alignBytes;
          buf.clear().limit(size);
          long t0 = System.nanoTime();
          int done = write ? ch.write(buf, offset) : ch.read(buf, offset);
          long t1 = System.nanoTime();
          if (t1 > deadlineNanos) {
            return;
          }
          record((t1 - t0) / 1_000);
          ops++;
          bytes += Math.max(0, done);
        }
      } catch (IOException e) {
        failure = e;
      }
    }

    private void record(long micros) {
      if (recorded == latenciesMicros.length && latenciesMicros.length < MAX_SAMPLES_PER_THREAD) {
        latenciesMicros = Arrays.copyOf(latenciesMicros, latenciesMicros.length * 2);
      }
      if (recorded < latenciesMicros.length) {
        latenciesMicros[recorded++] = micros;
      }
    }
  }
}

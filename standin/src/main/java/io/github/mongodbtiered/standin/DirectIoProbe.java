package io.github.mongodbtiered.standin;

import com.sun.nio.file.ExtendedOpenOption;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.LongAdder;

/**
 * Random-read IOPS of block-sized O_DIRECT reads on a file, bypassing the page cache. It ships in
 * the stand-in image because that image has no shell or fio: run it with {@code --entrypoint} to
 * check what a container's blkio throttle really delivers.
 *
 * <p>Usage: {@code DirectIoProbe FILE [SIZE_MB=256] [SECONDS=10] [THREADS=1]}; FILE is filled with
 * random data first if it is smaller than SIZE_MB.
 */
public final class DirectIoProbe {
  private DirectIoProbe() {}

  public static void main(String[] args) throws Exception {
    if (args.length < 1) {
      System.err.println("usage: DirectIoProbe FILE [SIZE_MB=256] [SECONDS=10] [THREADS=1]");
      System.exit(2);
    }
    Path file = Path.of(args[0]);
    long size = (args.length > 1 ? Long.parseLong(args[1]) : 256) << 20;
    int seconds = args.length > 2 ? Integer.parseInt(args[2]) : 10;
    int threads = args.length > 3 ? Integer.parseInt(args[3]) : 1;

    if (Files.notExists(file) || Files.size(file) < size) {
      fill(file, size);
    }
    // O_DIRECT needs buffer, offset and length aligned to the file system's block size.
    int block = (int) Math.max(4096, Files.getFileStore(file).getBlockSize());
    long blocks = size / block;
    LongAdder reads = new LongAdder();
    long start = System.nanoTime();
    long deadline = start + seconds * 1_000_000_000L;
    List<Thread> workers = new ArrayList<>();
    for (int t = 0; t < threads; t++) {
      Thread w =
          new Thread(
              () -> {
                try (FileChannel ch =
                    FileChannel.open(file, StandardOpenOption.READ, ExtendedOpenOption.DIRECT)) {
                  ByteBuffer buf = ByteBuffer.allocateDirect(2 * block).alignedSlice(block);
                  ThreadLocalRandom rnd = ThreadLocalRandom.current();
                  while (System.nanoTime() < deadline) {
                    buf.clear();
                    ch.read(buf, rnd.nextLong(blocks) * block);
                    reads.increment();
                  }
                } catch (Exception e) {
                  throw new IllegalStateException(e);
                }
              });
      w.start();
      workers.add(w);
    }
    for (Thread w : workers) {
      w.join();
    }
    double elapsed = (System.nanoTime() - start) / 1e9;
    System.out.printf(
        "O_DIRECT random reads of %d B: %d in %.1f s = %.0f IOPS (%d threads, %s, %d MiB)%n",
        block, reads.sum(), elapsed, reads.sum() / elapsed, threads, file, size >> 20);
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

package io.github.mongodbtiered.warmup;

import io.github.mongodbtiered.metrics.CgroupDirs;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * Reads a containerized server's data files into its page cache before the preload, by processes
 * that join the server's memory cgroup first, so that the pages are charged to the container and
 * its memory limit decides how many stay, as it would for the server's own reads.
 *
 * <p>Why: under a memory limit the filesystem cache holds what the WiredTiger cache cannot, and a
 * long-running server's holds as much of its files as the limit leaves room for. Uniform reads
 * through a 600-IOPS disk fill it at a few MB/s (at 3M records on san-600 the container held 2 GiB
 * of page cache after 10 minutes of preload and run, of the 4.3 GiB its limit left), while large
 * sequential reads fill it in seconds even through the profile's added latency. Files are read in
 * slices of {@link #SLICE_MIB} MiB by {@link #READERS} {@code dd} processes at once, index files
 * last so that they are the most recently used pages when the files are larger than the room.
 * Journal files and diagnostic data are not the data set and are left alone.
 *
 * <p>A server that runs in this JVM (the embedded stand-in) has the host's page cache, which no
 * container limit bounds: {@link #intoHostCache} reads its files by plain {@code dd} processes.
 */
public final class PageCacheFill {
  static final int READERS = 4;
  static final int SLICE_MIB = 256;
  private static final long TIMEOUT_MINUTES = 30;

  /**
   * What the fill did.
   *
   * @param bytes bytes of data files read
   * @param seconds how long it took
   * @param skipped why it did not run, or null when it did
   */
  public record Outcome(long bytes, double seconds, String skipped) {
    static Outcome skipped(String why) {
      return new Outcome(0, 0, why);
    }
  }

  private PageCacheFill() {}

  /**
   * Fills the page cache of server process {@code serverPid} (on this host) with the files under
   * {@code dataDir}.
   */
  public static Outcome run(Path dataDir, long serverPid) throws InterruptedException {
    Path procs;
    try {
      CgroupDirs dirs = CgroupDirs.of(serverPid);
      Path dir = dirs.memory() != null ? dirs.memory() : dirs.unified();
      if (dir == null) {
        return Outcome.skipped("the server has no memory cgroup to charge the pages to");
      }
      procs = dir.resolve("cgroup.procs");
      if (!Files.isWritable(procs)) {
        return Outcome.skipped(procs + " is not writable (needs root)");
      }
    } catch (IOException e) {
      return Outcome.skipped("the server's cgroups are unreadable: " + e.getMessage());
    }
    return fill(dataDir, procs);
  }

  /**
   * Reads the files under {@code dataDir} into this host's page cache, charged to whichever cgroup
   * this process is in: for a server that has no cgroup of its own.
   */
  public static Outcome intoHostCache(Path dataDir) throws InterruptedException {
    return fill(dataDir, null);
  }

  /**
   * Fills the page cache of a server on this host: a container's ({@link #run}), or the host's for
   * a server in this JVM ({@link #intoHostCache}). An interrupt ends it with the outcome {@code
   * skipped("interrupted")} and the thread's interrupt flag set, for the caller's own checks.
   *
   * @param dataDir the server's data directory on this host, or null when it has none here
   * @param serverPid the server's process on this host, or null when it has none here
   * @return what the fill did, or null for a server whose files are out of reach (a remote one)
   */
  public static Outcome forServer(Path dataDir, Long serverPid, boolean inThisJvm) {
    if (dataDir == null || serverPid == null) {
      return null;
    }
    try {
      return inThisJvm ? intoHostCache(dataDir) : run(dataDir, serverPid);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return Outcome.skipped("interrupted");
    }
  }

  /** Reads the data files, each reader first joining the cgroup of {@code procs} unless null. */
  private static Outcome fill(Path dataDir, Path procs) throws InterruptedException {
    List<Path> files;
    try {
      files = dataFiles(dataDir);
    } catch (IOException e) {
      return Outcome.skipped("the data directory is unreadable: " + e.getMessage());
    }
    ConcurrentLinkedQueue<Slice> slices = new ConcurrentLinkedQueue<>();
    long bytes = 0;
    for (Path f : files) {
      long size;
      try {
        size = Files.size(f);
      } catch (IOException e) {
        continue; // gone since the listing: nothing to read
      }
      bytes += size;
      long mib = (size + (1 << 20) - 1) >> 20;
      for (long start = 0; start < mib; start += SLICE_MIB) {
        slices.add(new Slice(f, start, Math.min(SLICE_MIB, mib - start)));
      }
    }
    long t0 = System.nanoTime();
    ExecutorService pool = Executors.newFixedThreadPool(READERS);
    try {
      List<Future<String>> readers = new ArrayList<>();
      for (int i = 0; i < READERS; i++) {
        readers.add(pool.submit(() -> readAll(slices, procs)));
      }
      for (Future<String> r : readers) {
        String failure;
        try {
          failure = r.get(TIMEOUT_MINUTES, TimeUnit.MINUTES);
        } catch (Exception e) {
          failure = String.valueOf(e.getMessage());
        }
        if (failure != null) {
          slices.clear();
          return Outcome.skipped("a reader failed: " + failure);
        }
      }
    } finally {
      pool.shutdownNow();
    }
    return new Outcome(bytes, (System.nanoTime() - t0) / 1e9, null);
  }

  /**
   * The bytes of the data files a fill of {@code dataDir} would read ({@link #dataFiles}), read
   * from the listing alone; null when the directory is unknown or unreadable.
   */
  public static Long dataBytes(Path dataDir) {
    if (dataDir == null) {
      return null;
    }
    try {
      long bytes = 0;
      for (Path f : dataFiles(dataDir)) {
        bytes += Files.size(f);
      }
      return bytes;
    } catch (IOException | UncheckedIOException e) {
      return null;
    }
  }

  /** The data files, largest tables first and index files last; no journal, no diagnostics. */
  static List<Path> dataFiles(Path dataDir) throws IOException {
    try (Stream<Path> all = Files.walk(dataDir)) {
      return all.filter(Files::isRegularFile)
          .filter(
              p -> {
                Path rel = dataDir.relativize(p);
                String first = rel.getName(0).toString();
                return !first.equals("journal")
                    && !first.equals("diagnostic.data")
                    && p.getFileName().toString().endsWith(".wt");
              })
          .sorted(
              Comparator.comparing((Path p) -> p.getFileName().toString().startsWith("index-"))
                  .thenComparing(Path::toString))
          .toList();
    }
  }

  private record Slice(Path file, long startMib, long mib) {}

  /** Reads slices until none are left; returns why one failed, or null. */
  private static String readAll(ConcurrentLinkedQueue<Slice> slices, Path procs)
      throws IOException, InterruptedException {
    for (Slice s = slices.poll(); s != null; s = slices.poll()) {
      // The shell joins the cgroup (if any), then becomes dd: the pages are the container's from
      // the start.
      Process p =
          new ProcessBuilder(
                  "sh",
                  "-c",
                  "{ [ -z \"$1\" ] || echo $$ > \"$1\"; } &&"
                      + " exec dd if=\"$2\" of=/dev/null bs=1M skip=\"$3\" count=\"$4\" status=none",
                  "sh",
                  procs == null ? "" : procs.toString(),
                  s.file().toString(),
                  Long.toString(s.startMib()),
                  Long.toString(s.mib()))
              .redirectErrorStream(true)
              .start();
      try {
        p.getOutputStream().close();
        String out = new String(p.getInputStream().readAllBytes()).trim();
        if (p.waitFor() != 0) {
          return "reading " + s.file() + ": " + out;
        }
      } finally {
        p.destroyForcibly();
      }
    }
    return null;
  }
}

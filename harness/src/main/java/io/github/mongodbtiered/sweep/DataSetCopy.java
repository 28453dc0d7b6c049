package io.github.mongodbtiered.sweep;

import io.github.mongodbtiered.volumes.DataVolume;
import io.github.mongodbtiered.volumes.DelayedVolume;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

/**
 * A variant's data set made a byte copy of another's ({@code sweep --alternate}): servers that run
 * at once cannot open the same files, and two loads of one data set are not the same files. Two
 * identical variants on data sets loaded apart measured 0.955 [0.930-0.980] at 300,000 records x
 * fast-small (every round the same way: {@code slower} in an A/A sweep), 0.987 [0.951-1.025] in the
 * next; on the first's volumes again, the second's files a copy of the first's, 0.990
 * [0.964-1.017], the rounds both ways. A copy leaves a stamp in the directory, so that a later
 * sweep replaces it again, while files the tool did not copy there are replaced only when the user
 * says so ({@code --drop-existing}).
 */
final class DataSetCopy {
  /** The file that marks a directory as a copy this tool made (never copied itself). */
  static final String STAMP = ".mongodb-tiered-copy";

  /**
   * What the tool keeps in a plain data directory beside the server's files (its lock, a volume's
   * layer): never copied, kept, and no sign of someone's data.
   */
  private static final Set<String> TOOLS_OWN = Set.of(STAMP, DelayedVolume.LAYER);

  private DataSetCopy() {}

  /**
   * What a copy did.
   *
   * @param bytes the bytes of the files copied
   * @param seconds how long the copy took, deleting the old files included
   */
  record Outcome(long bytes, double seconds) {}

  /**
   * Refuses, before anything is loaded, a directory holding files this tool did not copy there.
   *
   * @param option what the message starts with: the option that gave the variant
   * @throws IllegalArgumentException naming the directory and the fix
   */
  static void requireReplaceable(Path to, String option, boolean dropExisting) throws IOException {
    requireReplaceable(to, to, option, dropExisting);
  }

  /**
   * @param shown the directory the user knows {@code to} by (the variant's data directory, when
   *     {@code to} lies on a volume mounted under it)
   */
  static void requireReplaceable(Path to, Path shown, String option, boolean dropExisting)
      throws IOException {
    if (dropExisting || !Files.isDirectory(to) || Files.exists(to.resolve(STAMP))) {
      return;
    }
    try (Stream<Path> files = Files.list(to)) {
      if (files.anyMatch(f -> !TOOLS_OWN.contains(f.getFileName().toString()))) {
        throw new IllegalArgumentException(
            option
                + ": "
                + shown
                + " holds files this tool did not copy there (an earlier sweep's own load, or"
                + " another data set); --alternate gives this variant a copy of the first"
                + " variant's data set there: delete "
                + shown
                + ", give --drop-existing, or give another --data-dir");
      }
    }
  }

  /**
   * Replaces what {@code to} holds by a copy of {@code from}'s files, their permissions, owners and
   * times, then stamps it. Neither directory's server may be running.
   *
   * @throws IllegalArgumentException when {@code to} holds files this tool did not copy and {@code
   *     dropExisting} is false
   */
  static Outcome replace(Path from, Path to, String option, boolean dropExisting)
      throws IOException {
    long t0 = System.nanoTime();
    requireReplaceable(to, option, dropExisting);
    Files.createDirectories(to);
    // Stamped before anything is deleted: a copy killed halfway is still the tool's to replace.
    Files.writeString(to.resolve(STAMP), "copying " + from + "\n");
    emptyOut(to);
    long[] bytes = {0};
    Files.walkFileTree(
        from,
        new SimpleFileVisitor<>() {
          @Override
          public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs)
              throws IOException {
            if (dir.equals(from)) {
              return FileVisitResult.CONTINUE;
            }
            if (toolsOwn(from, dir)) {
              return FileVisitResult.SKIP_SUBTREE;
            }
            Files.copy(
                dir,
                to.resolve(from.relativize(dir).toString()),
                StandardCopyOption.COPY_ATTRIBUTES);
            return FileVisitResult.CONTINUE;
          }

          @Override
          public FileVisitResult visitFile(Path file, BasicFileAttributes attrs)
              throws IOException {
            if (!toolsOwn(from, file)) {
              Path target = to.resolve(from.relativize(file).toString());
              Files.copy(file, target, StandardCopyOption.COPY_ATTRIBUTES);
              // On the device before a server starts: a cold start drops only clean pages.
              try (FileChannel c = FileChannel.open(target, StandardOpenOption.READ)) {
                c.force(true);
              }
              bytes[0] += attrs.size();
            }
            return FileVisitResult.CONTINUE;
          }
        });
    Files.writeString(to.resolve(STAMP), "a copy of " + from + "\n");
    return new Outcome(bytes[0], (System.nanoTime() - t0) / 1e9);
  }

  /**
   * {@link #requireReplaceable(Path, Path, String, boolean)} on the volume {@code to}, mounted for
   * the look.
   */
  static void requireReplaceable(DataVolume to, Path shown, String option, boolean dropExisting)
      throws IOException {
    onVolumes(
        List.of(to),
        () -> {
          requireReplaceable(to.dataDir(), shown, option, dropExisting);
          return null;
        });
  }

  /** {@link #replace(Path, Path, String, boolean)} between two volumes, both mounted for it. */
  static Outcome replace(DataVolume from, DataVolume to, String option, boolean dropExisting)
      throws IOException {
    return onVolumes(
        List.of(from, to), () -> replace(from.dataDir(), to.dataDir(), option, dropExisting));
  }

  /** Work on volumes' files, done while they are mounted. */
  @FunctionalInterface
  interface FileWork<T> {
    T run() throws IOException;
  }

  /**
   * Runs {@code work} with {@code volumes} mounted as for loading (their servers stopped), each
   * unmounted after, whatever happened: a volume is mounted only while its server runs, and the
   * next cold start mounts it afresh.
   */
  static <T> T onVolumes(List<DataVolume> volumes, FileWork<T> work) throws IOException {
    List<DataVolume> mounted = new ArrayList<>();
    IOException failed = null;
    T result = null;
    try {
      for (DataVolume v : volumes) {
        v.mountForLoading();
        mounted.add(v);
      }
      result = work.run();
    } catch (IOException e) {
      failed = e;
    } finally {
      for (DataVolume v : mounted) {
        try {
          v.unmount();
        } catch (IOException e) {
          if (failed == null) {
            failed = e;
          } else {
            failed.addSuppressed(e);
          }
        }
      }
    }
    if (failed != null) {
      throw failed;
    }
    return result;
  }

  /** Whether {@code p}, in {@code dir}, is the tool's own (at the top) rather than the data's. */
  private static boolean toolsOwn(Path dir, Path p) {
    return p.getParent().equals(dir) && TOOLS_OWN.contains(p.getFileName().toString());
  }

  /** Deletes everything under {@code dir} but what is the tool's own. */
  private static void emptyOut(Path dir) throws IOException {
    Files.walkFileTree(
        dir,
        new SimpleFileVisitor<>() {
          @Override
          public FileVisitResult preVisitDirectory(Path d, BasicFileAttributes attrs) {
            return toolsOwn(dir, d) ? FileVisitResult.SKIP_SUBTREE : FileVisitResult.CONTINUE;
          }

          @Override
          public FileVisitResult visitFile(Path file, BasicFileAttributes attrs)
              throws IOException {
            if (!toolsOwn(dir, file)) {
              Files.delete(file);
            }
            return FileVisitResult.CONTINUE;
          }

          @Override
          public FileVisitResult postVisitDirectory(Path d, IOException e) throws IOException {
            if (e != null) {
              throw e;
            }
            if (!d.equals(dir)) {
              Files.delete(d);
            }
            return FileVisitResult.CONTINUE;
          }
        });
  }
}

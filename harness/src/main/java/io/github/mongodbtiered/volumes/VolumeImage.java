package io.github.mongodbtiered.volumes;

import io.github.mongodbtiered.profiles.Sizes;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.Consumer;

/**
 * The sparse file behind a delayed volume: created, or grown to the size asked for, once it is
 * known to fit the free space. It is never shrunk: it holds the data a later run reuses.
 */
final class VolumeImage {
  /**
   * What {@link #ensure} left.
   *
   * @param sizeBytes the file's length now
   * @param created true when there was no file before
   * @param grown true when an existing file was made longer
   */
  record Sized(long sizeBytes, boolean created, boolean grown) {}

  private VolumeImage() {}

  /**
   * Makes {@code image} at least {@code sizeBytes} long.
   *
   * @param dataDir named in the refusal
   * @param log says what was created or grown
   * @throws IllegalArgumentException when the file could not be written in full (with the fix)
   */
  static Sized ensure(
      Path dataDir, Path image, long sizeBytes, HostCommands commands, Consumer<String> log)
      throws IOException {
    long before = Files.exists(image) ? Files.size(image) : -1;
    long size = Math.max(sizeBytes, before);
    checkFreeSpace(dataDir, image, size, commands);
    try (RandomAccessFile f = new RandomAccessFile(image.toFile(), "rw")) {
      f.setLength(size); // sparse: blocks are allocated as the server writes
    }
    if (before < 0) {
      log.accept("data volume: created " + Sizes.format(size) + " sparse file " + image);
    } else if (size > before) {
      log.accept("data volume: grew " + image + " to " + Sizes.format(size));
    }
    return new Sized(size, before < 0, before >= 0 && size > before);
  }

  /**
   * Refuses a volume that could not be written in full: the sparse file may grow to {@code size},
   * of which what it already holds is taken.
   */
  private static void checkFreeSpace(Path dataDir, Path image, long size, HostCommands commands)
      throws IOException {
    long held = 0;
    if (Files.exists(image)) {
      // du counts allocated blocks, which a sparse file has fewer of than its length.
      held = Long.parseLong(commands.run("du", "-B1", image.toString()).split("\\s+")[0]);
    }
    long free = Files.getFileStore(image.getParent()).getUsableSpace();
    if (size - held > free) {
      throw new IllegalArgumentException(
          "--volume-size: a data volume of "
              + Sizes.format(size)
              + " (holding "
              + Sizes.format(held)
              + " now) does not fit the "
              + Sizes.format(free)
              + " free under "
              + dataDir
              + "; free space there, choose another --data-dir, give a smaller --volume-size,"
              + " or run with --latency off");
    }
  }
}

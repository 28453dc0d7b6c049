package io.github.mongodbtiered.servers;

import io.github.mongodbtiered.profiles.Sizes;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.Consumer;

/**
 * The disk probe's file ({@value ProbeContainer#FILE_NAME}, up to the baseline's file size, 1 GiB
 * by default) in a data directory: removed when the run that wrote it ends, on Ctrl-C too (a
 * shutdown hook), and, when a run was killed outright, by the next one at its start.
 */
public final class ProbeFile implements AutoCloseable {
  private final Path file;
  private final Thread hook;

  private ProbeFile(Path file) {
    this.file = file;
    this.hook = new Thread(this::deleteQuietly, "mongodb-tiered-probe-file-cleanup");
  }

  /** The probe file in {@code dir}. */
  public static Path in(Path dir) {
    return dir.resolve(ProbeContainer.FILE_NAME);
  }

  /**
   * Removes the probe file an earlier run left in {@code dir}, saying so in one line; nothing when
   * there is none.
   */
  public static void removeLeftover(Path dir, Consumer<String> log) throws IOException {
    Path file = in(dir);
    if (!Files.isRegularFile(file)) {
      return;
    }
    long bytes = Files.size(file);
    Files.delete(file);
    log.accept(
        "disk baseline: removed "
            + file
            + " ("
            + Sizes.format(bytes)
            + "), the probe file an interrupted earlier run left");
  }

  /**
   * From now until {@link #close}, the probe file in {@code dir} is removed when the JVM exits,
   * Ctrl-C included. {@link #close} removes it at once.
   */
  public static ProbeFile removedOnExit(Path dir) {
    ProbeFile f = new ProbeFile(in(dir));
    Runtime.getRuntime().addShutdownHook(f.hook);
    return f;
  }

  private void deleteQuietly() {
    try {
      Files.deleteIfExists(file);
    } catch (IOException e) {
      // the next run finds it and removes it
    }
  }

  @Override
  public void close() throws IOException {
    try {
      Runtime.getRuntime().removeShutdownHook(hook);
    } catch (IllegalStateException e) {
      // shutting down: the hook runs or ran
    }
    Files.deleteIfExists(file);
  }
}

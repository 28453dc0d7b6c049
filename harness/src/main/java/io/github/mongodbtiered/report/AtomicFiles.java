package io.github.mongodbtiered.report;

import static java.nio.file.StandardCopyOption.ATOMIC_MOVE;
import static java.nio.file.StandardCopyOption.REPLACE_EXISTING;
import static java.nio.file.StandardOpenOption.CREATE_NEW;
import static java.nio.file.StandardOpenOption.READ;
import static java.nio.file.StandardOpenOption.WRITE;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Writes a file so that a reader (or a crash) sees the old content or the new, never a mix: the
 * bytes go to a temporary file in the same directory, are synced to disk, then renamed over the
 * target.
 */
public final class AtomicFiles {
  /** Suffix of the temporary files; a crash can leave one behind, which is safe to delete. */
  static final String TEMP_SUFFIX = ".tmp";

  private AtomicFiles() {}

  /** Writes {@code content} as UTF-8. */
  public static void write(Path target, String content) throws IOException {
    write(target, content.getBytes(StandardCharsets.UTF_8));
  }

  /** Replaces {@code target} with {@code content}, creating its parent directories. */
  public static void write(Path target, byte[] content) throws IOException {
    Path file = target.toAbsolutePath();
    Path dir = file.getParent();
    Files.createDirectories(dir);
    // Same directory: a rename is atomic only within one file system. Not createTempFile, whose
    // 0600 mode would outlive the rename; this file gets the umask's mode like any other.
    Path temp =
        dir.resolve(
            "."
                + file.getFileName()
                + "."
                + Long.toUnsignedString(ThreadLocalRandom.current().nextLong(), 36)
                + TEMP_SUFFIX);
    try {
      try (FileChannel out = FileChannel.open(temp, CREATE_NEW, WRITE)) {
        ByteBuffer buf = ByteBuffer.wrap(content);
        while (buf.hasRemaining()) {
          out.write(buf);
        }
        out.force(true);
      }
      Files.move(temp, file, ATOMIC_MOVE, REPLACE_EXISTING);
    } catch (IOException | RuntimeException e) {
      try {
        Files.deleteIfExists(temp);
      } catch (IOException suppressed) {
        e.addSuppressed(suppressed);
      }
      if (e instanceof IOException && !(e instanceof FileSystemException)) {
        // A full disk says only "No space left on device": which file, and where, is the fix.
        String fix =
            String.valueOf(e.getMessage()).contains("No space left")
                ? "; free space on its file system, then run again"
                : "";
        throw new IOException(file + ": " + e.getMessage() + fix, e);
      }
      throw e;
    }
    syncDirectory(dir);
  }

  /** Makes the rename itself durable; best effort, as some platforms cannot open a directory. */
  private static void syncDirectory(Path dir) {
    try (FileChannel d = FileChannel.open(dir, READ)) {
      d.force(true);
    } catch (IOException | UnsupportedOperationException e) {
      // The data is synced; only the rename may be lost on power failure.
    }
  }
}

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
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
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
    try (Batch batch = new Batch()) {
      batch.add(target, content);
      batch.commit();
    }
  }

  /**
   * Files replaced together: each is written to its temporary file and synced as it is added, and
   * only {@link #commit()} renames them over their targets. A failure while adding (a full disk,
   * say) leaves every target as it was, so a set of files that must agree (a report's CSVs and its
   * page) is replaced all or not at all; the renames themselves need no space. Closing without a
   * commit deletes the temporary files.
   */
  public static final class Batch implements AutoCloseable {
    private final Map<Path, Path> staged = new LinkedHashMap<>(); // target -> its temporary file

    /** Stages {@code content} as UTF-8. */
    public void add(Path target, String content) throws IOException {
      add(target, content.getBytes(StandardCharsets.UTF_8));
    }

    /** Writes {@code content} to a synced temporary file beside {@code target}. */
    public void add(Path target, byte[] content) throws IOException {
      Path file = target.toAbsolutePath();
      if (staged.containsKey(file)) {
        throw new IllegalArgumentException(file + " is staged twice");
      }
      staged.put(file, writeTemp(file, content));
    }

    /** Renames every staged file over its target, in the order they were added. */
    public void commit() throws IOException {
      Set<Path> dirs = new LinkedHashSet<>();
      for (Iterator<Map.Entry<Path, Path>> it = staged.entrySet().iterator(); it.hasNext(); ) {
        Map.Entry<Path, Path> e = it.next();
        Files.move(e.getValue(), e.getKey(), ATOMIC_MOVE, REPLACE_EXISTING);
        it.remove();
        dirs.add(e.getKey().getParent());
      }
      dirs.forEach(AtomicFiles::syncDirectory);
    }

    /** Deletes what was staged and not committed. */
    @Override
    public void close() throws IOException {
      IOException first = null;
      for (Path temp : staged.values()) {
        try {
          Files.deleteIfExists(temp);
        } catch (IOException e) {
          if (first == null) {
            first = e;
          }
        }
      }
      staged.clear();
      if (first != null) {
        throw first;
      }
    }
  }

  private static Path writeTemp(Path file, byte[] content) throws IOException {
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
    try (FileChannel out = FileChannel.open(temp, CREATE_NEW, WRITE)) {
      ByteBuffer buf = ByteBuffer.wrap(content);
      while (buf.hasRemaining()) {
        out.write(buf);
      }
      out.force(true);
      return temp;
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

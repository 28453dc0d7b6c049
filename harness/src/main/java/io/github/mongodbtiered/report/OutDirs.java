package io.github.mongodbtiered.report;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/**
 * What a report directory given as {@code --out} may be: new, empty, or an earlier report of this
 * tool. Anything else is refused before anything is written, so an unset shell variable or a typo
 * never writes a report over someone's files.
 */
public final class OutDirs {
  private static final int NAMED = 3;

  private OutDirs() {}

  /**
   * Checks {@code out} and creates it.
   *
   * @param option the option's name, for the message ({@code --out})
   * @throws IllegalArgumentException naming the option, what is wrong and the fix
   */
  public static Path requireReportDir(Path out, String option) {
    requireNotEmptyPath(out, option);
    if (Files.exists(out) && !Files.isDirectory(out)) {
      throw new IllegalArgumentException(
          option + " " + out + ": is a file, not a directory; give a new directory");
    }
    if (Files.isDirectory(out)) {
      List<String> entries = entries(out, option);
      if (!entries.isEmpty() && !isReport(out)) {
        throw new IllegalArgumentException(
            option
                + " "
                + out
                + ": holds "
                + named(entries)
                + " but no "
                + ReportLayout.MANIFEST
                + " or "
                + ReportLayout.CELLS
                + "/, so it is not a report of this tool; give a new or empty directory, or an"
                + " earlier sweep's --out");
      }
    }
    return create(out, option);
  }

  /** {@code ""}, as an unset shell variable gives: the current directory, never meant. */
  public static void requireNotEmptyPath(Path out, String option) {
    if (out.toString().isBlank()) {
      throw new IllegalArgumentException(
          option + ": empty path (an unset shell variable?); give a directory");
    }
  }

  /** Creates {@code out} with its parents; a failure is a usage error saying why. */
  public static Path create(Path out, String option) {
    try {
      Files.createDirectories(out);
    } catch (AccessDeniedException e) {
      throw new IllegalArgumentException(
          option
              + " "
              + out
              + ": cannot be created: permission denied; give a directory you can write",
          e);
    } catch (FileSystemException e) {
      String reason = e.getReason() != null ? e.getReason() : reasonOf(e);
      throw new IllegalArgumentException(
          option
              + " "
              + out
              + ": cannot be created: "
              + reason
              + "; give a directory you can write",
          e);
    } catch (IOException e) {
      throw new IllegalArgumentException(
          option + " " + out + ": cannot be created: " + e + "; give a directory you can write", e);
    }
    if (!Files.isWritable(out)) {
      throw new IllegalArgumentException(
          option + " " + out + ": not writable; give a directory you can write");
    }
    return out;
  }

  /** Whether {@code dir/name} is the one file under {@code dir} (directories aside), if any. */
  public static boolean holdsOnly(Path dir, String name) {
    try (java.util.stream.Stream<Path> all = Files.walk(dir)) {
      return all.allMatch(
          p ->
              Files.isDirectory(p, java.nio.file.LinkOption.NOFOLLOW_LINKS)
                  || p.equals(dir.resolve(name)));
    } catch (IOException e) {
      return false;
    }
  }

  /**
   * Removes {@code dir} when it holds directories alone, none a file: what a run that created it
   * and then stopped before writing anything leaves. Anything holding a file stays as it is.
   */
  public static void removeIfNoFiles(Path dir) {
    try (java.util.stream.Stream<Path> all = Files.walk(dir)) {
      List<Path> paths = all.toList();
      if (paths.stream()
          .anyMatch(p -> !Files.isDirectory(p, java.nio.file.LinkOption.NOFOLLOW_LINKS))) {
        return;
      }
      // Deepest first: walk lists a parent before its children.
      for (int i = paths.size() - 1; i >= 0; i--) {
        Files.deleteIfExists(paths.get(i));
      }
    } catch (IOException e) {
      // left as it is: an empty directory, harmless
    }
  }

  /** Java leaves the reason out of some errors; their type says it. */
  private static String reasonOf(FileSystemException e) {
    if (e instanceof NoSuchFileException) {
      Path missing = Path.of(e.getFile());
      Path parent = missing.toAbsolutePath().getParent();
      return parent != null && Files.isDirectory(parent)
          ? "no such file or directory (" + parent + " takes no new directories)"
          : "no such file or directory (" + missing + ")";
    }
    if (e instanceof FileAlreadyExistsException) {
      return e.getFile() + " is in the way (not a directory)";
    }
    return e.getClass().getSimpleName() + " at " + e.getFile();
  }

  /** Whether {@code dir} has what only a report of this tool has. */
  static boolean isReport(Path dir) {
    return Files.isRegularFile(dir.resolve(ReportLayout.MANIFEST))
        || Files.isDirectory(dir.resolve(ReportLayout.CELLS))
        // A sweep takes its lock first: one stopped before its first cell left only that.
        || Files.isRegularFile(dir.resolve(ReportLayout.LOCK));
  }

  private static List<String> entries(Path dir, String option) {
    try (Stream<Path> s = Files.list(dir)) {
      return s.map(p -> p.getFileName().toString() + (Files.isDirectory(p) ? "/" : ""))
          .sorted()
          .toList();
    } catch (IOException e) {
      throw new IllegalArgumentException(
          option + " " + dir + ": cannot be read (" + e.getMessage() + "); give another directory",
          e);
    }
  }

  /** {@code a.txt, b/, c.html and 4 more}. */
  private static String named(List<String> entries) {
    String shown = String.join(", ", entries.subList(0, Math.min(NAMED, entries.size())));
    return entries.size() > NAMED ? shown + " and " + (entries.size() - NAMED) + " more" : shown;
  }
}

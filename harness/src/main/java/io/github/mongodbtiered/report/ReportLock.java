package io.github.mongodbtiered.report;

import io.github.mongodbtiered.locks.DirectoryLock;
import io.github.mongodbtiered.locks.LockOwner;
import java.io.IOException;
import java.nio.file.FileSystemException;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;

/**
 * The report directory's lock ({@code OUT/lock}), held by a sweep from its first step to its last
 * and by {@code report} while it rewrites: two runs writing one report would mix their cells in
 * summary.csv and race on its temporary files.
 */
public final class ReportLock implements AutoCloseable {
  private final DirectoryLock lock;

  private ReportLock(DirectoryLock lock) {
    this.lock = lock;
  }

  /**
   * Takes {@code dir}'s lock at once or refuses.
   *
   * @param option how the user named {@code dir} ({@code --out}, {@code DIR}), for the message
   * @param fix what to do when another run holds it, e.g. "wait for it to finish or give another
   *     --out"
   * @param command this run's command line as typed, for a second run to name
   * @param log gets one line when a crashed run's lock is taken over
   * @throws IllegalArgumentException when another run holds it, naming its pid and start time
   */
  public static ReportLock take(
      Path dir, String option, String fix, List<String> command, Consumer<String> log)
      throws IOException {
    try {
      return new ReportLock(
          DirectoryLock.acquire(dir.resolve(ReportLayout.LOCK), LockOwner.current(command), log));
    } catch (DirectoryLock.HeldException e) {
      String what = e.owner().map(LockOwner::what).orElse("run");
      throw new IllegalArgumentException(
          option
              + " "
              + dir
              + ": another "
              + what
              + " ("
              + e.holder()
              + ") is writing this report; "
              + fix);
    } catch (FileSystemException e) {
      // A read-only report (a mounted snapshot, say) was a FileSystemException and exit 1.
      Path lock = dir.resolve(ReportLayout.LOCK);
      String reason = e.getReason() != null ? e.getReason() : e.getClass().getSimpleName();
      throw new IllegalArgumentException(
          option
              + " "
              + dir
              + ": cannot take its lock "
              + lock
              + " ("
              + reason
              + "); give a directory this user can write, or copy a read-only report somewhere"
              + " writable",
          e);
    } catch (IOException e) {
      // A full disk: the lock's owner line is the first write, and said only "No space left".
      throw new IllegalArgumentException(
          option
              + " "
              + dir
              + ": cannot write its lock "
              + dir.resolve(ReportLayout.LOCK)
              + " ("
              + e.getMessage()
              + "); free space on its file system, or give a directory on another",
          e);
    }
  }

  @Override
  public void close() {
    lock.close();
  }

  /** Releases the lock and deletes its file: for a run that created the directory and stopped. */
  public void closeAndDelete() {
    lock.closeAndDelete();
  }
}

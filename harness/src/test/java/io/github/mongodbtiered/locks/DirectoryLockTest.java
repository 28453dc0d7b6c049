package io.github.mongodbtiered.locks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DirectoryLockTest {
  private static final LockOwner ME = LockOwner.current(List.of("mongodb-tiered", "report", "x"));
  @TempDir Path dir;
  private final List<String> log = new ArrayList<>();
  private Process child;

  @AfterEach
  void stopChild() throws Exception {
    if (child != null) {
      child.destroyForcibly();
      child.waitFor(30, TimeUnit.SECONDS);
    }
  }

  @Test
  void aSecondProcessIsRefusedAtOnceNamingTheHoldersPidAndStartTime() throws Exception {
    Path file = dir.resolve("lock");
    long pid = startHolder(file);
    DirectoryLock.HeldException e =
        assertThrows(DirectoryLock.HeldException.class, () -> acquire(file));
    assertEquals(pid, e.owner().orElseThrow().pid());
    assertTrue(e.holder().startsWith("pid " + pid + ", started 20"), e.holder());
    assertTrue(e.holder().contains("Z on host "), e.holder());
    assertEquals("sweep", e.owner().orElseThrow().what());
  }

  @Test
  void aLockLeftByAKilledProcessIsTakenOverSayingSo() throws Exception {
    Path file = dir.resolve("lock");
    long pid = startHolder(file);
    child.destroyForcibly(); // SIGKILL: the holder never releases, the kernel does
    assertTrue(child.waitFor(30, TimeUnit.SECONDS));
    try (DirectoryLock lock = acquire(file)) {
      assertEquals(1, log.size(), log.toString());
      assertTrue(
          log.get(0).startsWith("taking over " + file + " left by pid " + pid + " (started 20"),
          log.get(0));
      assertTrue(log.get(0).endsWith("), which is no longer running"), log.get(0));
      assertTrue(Files.readString(file).contains("pid=" + ProcessHandle.current().pid()));
    }
  }

  @Test
  void aSecondLockInTheSameJvmIsRefusedNamingThisProcess() throws Exception {
    Path file = dir.resolve("lock");
    try (DirectoryLock lock = acquire(file)) {
      DirectoryLock.HeldException e =
          assertThrows(DirectoryLock.HeldException.class, () -> acquire(file));
      assertEquals(ProcessHandle.current().pid(), e.owner().orElseThrow().pid());
    }
  }

  @Test
  void aCleanReleaseLeavesNothingToTakeOver() throws Exception {
    Path file = dir.resolve("lock");
    acquire(file).close();
    assertEquals("", Files.readString(file));
    try (DirectoryLock again = acquire(file)) {
      assertEquals(List.of(), log);
    }
  }

  @Test
  void aRunThatCreatedTheDirectoryAndStoppedDeletesTheFile() throws Exception {
    Path file = dir.resolve("lock");
    DirectoryLock lock = acquire(file);
    lock.closeAndDelete();
    lock.close(); // a second release does nothing
    assertEquals(List.of(), listDir(), "nothing left in the directory");
    try (DirectoryLock again = acquire(file)) {
      assertEquals(List.of(), log, "no crashed run to take over from");
    }
  }

  /** A run that opened the file just before its holder deleted it locks a file no one sees. */
  @Test
  void aLockWhoseFileWasDeletedUnderItDoesNotHoldThePath() throws Exception {
    Path file = dir.resolve("lock");
    try (DirectoryLock lock = acquire(file)) {
      assertTrue(lock.holdsPath());
      Files.delete(file);
      assertFalse(lock.holdsPath(), "no file: another run may create and lock a new one");
      try (DirectoryLock other = acquire(file)) {
        assertTrue(other.holdsPath());
        assertFalse(lock.holdsPath(), "the path is another file now");
      }
    }
  }

  private List<Path> listDir() throws Exception {
    try (var s = Files.list(dir)) {
      return s.toList();
    }
  }

  @Test
  void theOwnersCommandHasItsCredentialsMasked() {
    String masked =
        LockOwner.masked(
            List.of(
                "mongodb-tiered",
                "sweep",
                "--mongodb-url",
                "mongodb://u:hunter2@db1/bench",
                "-p",
                "mongodb.password=hunter2",
                "--password",
                "hunter2"));
    assertFalse(masked.contains("hunter2"), masked);
    assertTrue(masked.startsWith("mongodb-tiered sweep --mongodb-url mongodb://u:"), masked);
  }

  private DirectoryLock acquire(Path file) throws Exception {
    return DirectoryLock.acquire(file, ME, log::add);
  }

  /** Starts a process holding {@code file}'s lock; returns once it holds it. */
  private long startHolder(Path file) throws Exception {
    Path java = Path.of(System.getProperty("java.home"), "bin", "java");
    child =
        new ProcessBuilder(
                java.toString(),
                "-cp",
                System.getProperty("java.class.path"),
                LockHolder.class.getName(),
                file.toString())
            .redirectErrorStream(true)
            .start();
    BufferedReader out =
        new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8));
    String line = out.readLine();
    assertTrue(line != null && line.startsWith("held "), "the holder said: " + line);
    return child.pid();
  }
}

package io.github.mongodbtiered.locks;

import java.nio.file.Path;
import java.util.List;

/**
 * A child process for {@link DirectoryLockTest}: takes the lock, says so, holds it until killed.
 */
public final class LockHolder {
  private LockHolder() {}

  public static void main(String[] args) throws Exception {
    DirectoryLock lock =
        DirectoryLock.acquire(
            Path.of(args[0]),
            LockOwner.current(List.of("mongodb-tiered", "sweep", "--out", "x")),
            System.out::println);
    System.out.println("held " + lock.file());
    System.out.flush();
    System.in.read(); // until the test closes stdin or kills this process
  }
}

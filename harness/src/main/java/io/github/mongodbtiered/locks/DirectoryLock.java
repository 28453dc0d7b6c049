package io.github.mongodbtiered.locks;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * An exclusive lock on a lock file in a directory, held for as long as a run uses the directory.
 * The kernel drops the lock when the holder dies, even by SIGKILL, so a free lock whose file still
 * names an owner was left by a crashed run and is taken over.
 *
 * <p>The file holds the owner's {@link LockOwner} text while the lock is held and is emptied on
 * release; it stays, marking the directory as a run's. Only a run that created the directory and
 * was refused before writing anything deletes it ({@link #closeAndDelete}), still locked. A process
 * that opened the file just before that delete locks a file no one else sees; so a lock counts only
 * while the path still names the file it opened (the same inode), and otherwise the taking starts
 * over.
 */
public final class DirectoryLock implements AutoCloseable {
  private final Path file;
  private final FileChannel channel;
  private final FileLock lock;

  /** The locked file's inode as the path gave it right after opening; null where unknown. */
  private final Object inode;

  private final Thread emptyOnSignal;
  private boolean released;

  private DirectoryLock(Path file, FileChannel channel, FileLock lock, Object inode) {
    this.file = file;
    this.inode = inode;
    this.channel = channel;
    this.lock = lock;
    // A signal ends the JVM through its shutdown hooks, not through close(): the run stopped on
    // purpose, so the next one should not report taking over a crashed run's lock. Only the file is
    // emptied; the lock itself goes with the process, after the other hooks' clean-up.
    this.emptyOnSignal = new Thread(this::emptyFile, "mongodb-tiered-lock-" + file.getFileName());
    Runtime.getRuntime().addShutdownHook(emptyOnSignal);
  }

  private synchronized void emptyFile() {
    if (!released) {
      try {
        channel.truncate(0);
      } catch (IOException e) {
        // the next run then names this one as crashed: misleading, not harmful
      }
    }
  }

  /**
   * Takes the lock on {@code file} at once, or fails: never waits.
   *
   * @param owner written into the file for a second run to name
   * @param log gets one line when a crashed run's lock is taken over
   * @throws HeldException when another process (or this one, by another lock) holds it
   */
  public static DirectoryLock acquire(Path file, LockOwner owner, Consumer<String> log)
      throws IOException {
    // Each retry follows a holder that released (deleting the file) between our open and lock.
    for (int attempt = 1; ; attempt++) {
      DirectoryLock taken = tryAcquire(file, owner, log);
      if (taken.holdsPath()) {
        return taken;
      }
      taken.lock.release();
      taken.channel.close();
      Runtime.getRuntime().removeShutdownHook(taken.emptyOnSignal);
      if (attempt == MAX_ATTEMPTS) {
        throw new HeldException(file, Optional.empty());
      }
    }
  }

  private static final int MAX_ATTEMPTS = 20;

  /**
   * Whether {@link #file} is still the file this lock holds: the path's inode unchanged since the
   * file was opened. Asked by stat alone: reading the file through a second descriptor would, on
   * closing it, drop this process's lock (POSIX record locks belong to the process and file).
   */
  boolean holdsPath() {
    return inode == null || inode.equals(inodeOf(file));
  }

  /** The file's inode number, or null where the file is gone or the file system has none. */
  private static Object inodeOf(Path file) {
    try {
      return Files.getAttribute(file, "unix:ino");
    } catch (IOException | UnsupportedOperationException | IllegalArgumentException e) {
      return null;
    }
  }

  private static DirectoryLock tryAcquire(Path file, LockOwner owner, Consumer<String> log)
      throws IOException {
    Files.createDirectories(file.toAbsolutePath().getParent());
    boolean created = !Files.exists(file);
    FileChannel channel =
        FileChannel.open(
            file, StandardOpenOption.CREATE, StandardOpenOption.READ, StandardOpenOption.WRITE);
    Object inode = inodeOf(file);
    FileLock lock;
    try {
      lock = channel.tryLock();
    } catch (OverlappingFileLockException e) {
      lock = null; // this JVM holds it through another channel: as held as by anyone
    } catch (IOException | RuntimeException e) {
      channel.close();
      throw e;
    }
    if (lock == null) {
      String text = readAll(channel);
      channel.close();
      throw new HeldException(file, LockOwner.parse(text));
    }
    try {
      Optional<LockOwner> previous = LockOwner.parse(readAll(channel));
      previous.ifPresent(
          p ->
              log.accept(
                  "taking over "
                      + file
                      + " left by pid "
                      + p.pid()
                      + " (started "
                      + p.started()
                      + "), which is no longer running"));
      channel.truncate(0);
      channel.write(ByteBuffer.wrap(owner.text().getBytes(StandardCharsets.UTF_8)), 0);
      channel.force(false);
      return new DirectoryLock(file, channel, lock, inode);
    } catch (IOException | RuntimeException e) {
      // A file this call created and could not fill (a full disk) is not left behind; it is
      // removed while still locked, so no other run can be holding it.
      if (created) {
        Files.deleteIfExists(file);
      }
      lock.release();
      channel.close();
      throw e;
    }
  }

  private static String readAll(FileChannel channel) throws IOException {
    long size = channel.size();
    ByteBuffer buf = ByteBuffer.allocate((int) Math.min(size, 64 * 1024));
    while (buf.hasRemaining() && channel.read(buf, buf.position()) > 0) {
      // reads from an explicit position, so the channel's own position stays at 0
    }
    return new String(buf.array(), 0, buf.position(), StandardCharsets.UTF_8);
  }

  public Path file() {
    return file;
  }

  /** Empties the file (a clean end leaves no owner to take over from) and releases the lock. */
  @Override
  public void close() {
    release(false);
  }

  /**
   * Deletes the file while still holding it, then releases the lock: for a run that created the
   * directory and leaves nothing else in it.
   */
  public void closeAndDelete() {
    release(true);
  }

  private synchronized void release(boolean delete) {
    if (released) {
      return;
    }
    released = true;
    try {
      Runtime.getRuntime().removeShutdownHook(emptyOnSignal);
    } catch (IllegalStateException e) {
      // already shutting down: the hook finds the lock released and does nothing
    }
    try {
      if (delete) {
        Files.deleteIfExists(file);
      } else {
        channel.truncate(0);
      }
    } catch (IOException e) {
      // an empty or owner-naming file left: the next run takes it over
    }
    try {
      lock.release();
      channel.close();
    } catch (IOException e) {
      // the lock goes with the process anyway
    }
  }

  /** Another run holds the lock; {@link #owner} is what its file says, if readable. */
  public static final class HeldException extends RuntimeException {
    private final transient Path file;
    private final transient Optional<LockOwner> owner;

    HeldException(Path file, Optional<LockOwner> owner) {
      super(file + " is locked by " + owner.map(LockOwner::describe).orElse("another process"));
      this.file = file;
      this.owner = owner;
    }

    public Path file() {
      return file;
    }

    public Optional<LockOwner> owner() {
      return owner;
    }

    /** {@code pid 1234, started 2026-11-23T18:00:00Z on host h}, or that the holder is unknown. */
    public String holder() {
      return owner.map(LockOwner::describe).orElse("holder unknown: its lock file names no owner");
    }
  }
}

package io.github.mongodbtiered.standin;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * How the stand-in's WiredTiger engine is configured, with mongod's defaults and option names.
 *
 * @param cacheBytes WiredTiger's cache ({@code --wiredTigerCacheSizeGB})
 * @param syncDelaySeconds seconds between checkpoints ({@code --syncdelay}, mongod's default 60)
 * @param journalCommitIntervalMillis how often the journal (WiredTiger's log) is synced to disk
 *     ({@code --journalCommitInterval}, mongod's default 100): acknowledged writes younger than
 *     this can be lost on a crash, as with mongod's default write concern
 * @param engineConfig extra {@code wiredtiger_open} settings appended last, so they win (e.g.
 *     eviction), as mongod's {@code --wiredTigerEngineConfigString}; empty for none
 */
public record WiredTigerOptions(
    long cacheBytes, int syncDelaySeconds, int journalCommitIntervalMillis, String engineConfig) {

  static final long MIB = 1L << 20;

  public WiredTigerOptions {
    if (cacheBytes < MIB) {
      throw new IllegalArgumentException(
          "--wiredTigerCacheSizeGB must give at least 1 MB of cache, got " + cacheBytes + " bytes");
    }
    if (syncDelaySeconds < 0) {
      throw new IllegalArgumentException(
          "--syncdelay must be >= 0 seconds (0 disables checkpoints)");
    }
    if (journalCommitIntervalMillis < 1) {
      throw new IllegalArgumentException("--journalCommitInterval must be >= 1 ms");
    }
    engineConfig = engineConfig == null ? "" : engineConfig;
  }

  /** mongod's defaults: the cache from {@link #defaultCacheBytes}, checkpoints every 60 s. */
  public static WiredTigerOptions defaults() {
    return new WiredTigerOptions(defaultCacheBytes(visibleMemoryBytes()), 60, 100, "");
  }

  public WiredTigerOptions withCacheBytes(long bytes) {
    return new WiredTigerOptions(
        bytes, syncDelaySeconds, journalCommitIntervalMillis, engineConfig);
  }

  public WiredTigerOptions withSyncDelaySeconds(int seconds) {
    return new WiredTigerOptions(cacheBytes, seconds, journalCommitIntervalMillis, engineConfig);
  }

  public WiredTigerOptions withJournalCommitIntervalMillis(int millis) {
    return new WiredTigerOptions(cacheBytes, syncDelaySeconds, millis, engineConfig);
  }

  public WiredTigerOptions withEngineConfig(String config) {
    return new WiredTigerOptions(cacheBytes, syncDelaySeconds, journalCommitIntervalMillis, config);
  }

  /** mongod's rule: 50% of (memory - 1 GB), and at least 256 MB. */
  public static long defaultCacheBytes(long memoryBytes) {
    return Math.max(256 * MIB, (memoryBytes - 1024 * MIB) / 2);
  }

  /**
   * The memory this process may use: the cgroup limit when there is one (as mongod reads it in a
   * container), else the machine's RAM.
   */
  public static long visibleMemoryBytes() {
    long ram =
        ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
            .getTotalMemorySize();
    for (Path limit :
        List.of(
            Path.of("/sys/fs/cgroup/memory.max"),
            Path.of("/sys/fs/cgroup/memory/memory.limit_in_bytes"))) {
      try {
        String text = Files.readString(limit).trim();
        if (!text.equals("max")) {
          long bytes = Long.parseLong(text);
          if (bytes > 0 && bytes < ram) {
            return bytes;
          }
        }
      } catch (IOException | NumberFormatException | SecurityException e) {
        // No such cgroup file or no limit: fall through to the machine's RAM.
      }
    }
    return ram;
  }
}

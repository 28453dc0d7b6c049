package io.github.mongodbtiered.standin;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * How the stand-in's WiredTiger engine is configured, with mongod's defaults and option names, and
 * the one setting of the stand-in's own, the CPU time it adds to every operation.
 *
 * @param cacheBytes WiredTiger's cache ({@code --wiredTigerCacheSizeGB})
 * @param syncDelaySeconds seconds between checkpoints ({@code --syncdelay}, mongod's default 60)
 * @param journalCommitIntervalMillis how often the journal (WiredTiger's log) is synced to disk
 *     ({@code --journalCommitInterval}, mongod's default 100): acknowledged writes younger than
 *     this can be lost on a crash, as with mongod's default write concern
 * @param engineConfig extra {@code wiredtiger_open} settings appended last, so they win (e.g.
 *     eviction), as mongod's {@code --wiredTigerEngineConfigString}; empty for none
 * @param blockCompressor the block compressor of the collections created from now on ({@code
 *     --wiredTigerCollectionBlockCompressor}: {@code none}, {@code snappy} (mongod's default),
 *     {@code zlib} or {@code zstd}; whether this WiredTiger has it is checked when it opens)
 * @param indexPrefixCompression whether the indexes created from now on compress the prefixes their
 *     keys share ({@code --wiredTigerIndexPrefixCompression}, mongod's default true)
 * @param extraCostMicros CPU time the serving thread spends on every operation before serving it
 *     ({@code --standinExtraCostMicros}, not mongod's; 0, the default, for none): a server slower
 *     by a known amount ({@link ExtraCost})
 */
public record WiredTigerOptions(
    long cacheBytes,
    int syncDelaySeconds,
    int journalCommitIntervalMillis,
    String engineConfig,
    String blockCompressor,
    boolean indexPrefixCompression,
    int extraCostMicros) {

  static final long MIB = 1L << 20;

  /** mongod's values of {@code --wiredTigerCollectionBlockCompressor}. */
  public static final List<String> BLOCK_COMPRESSORS = List.of("none", "snappy", "zlib", "zstd");

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
    if (!BLOCK_COMPRESSORS.contains(blockCompressor)) {
      throw new IllegalArgumentException(
          "--wiredTigerCollectionBlockCompressor must be one of "
              + String.join(", ", BLOCK_COMPRESSORS)
              + ", got "
              + blockCompressor);
    }
    if (extraCostMicros < 0) {
      throw new IllegalArgumentException(
          "--standinExtraCostMicros must be >= 0 microseconds, got " + extraCostMicros);
    }
  }

  /**
   * mongod's defaults: the cache from {@link #defaultCacheBytes}, checkpoints every 60 s, snappy
   * collections, prefix-compressed indexes; no extra cost.
   */
  public static WiredTigerOptions defaults() {
    return new WiredTigerOptions(
        defaultCacheBytes(visibleMemoryBytes()), 60, 100, "", "snappy", true, 0);
  }

  public WiredTigerOptions withCacheBytes(long bytes) {
    return new WiredTigerOptions(
        bytes,
        syncDelaySeconds,
        journalCommitIntervalMillis,
        engineConfig,
        blockCompressor,
        indexPrefixCompression,
        extraCostMicros);
  }

  public WiredTigerOptions withSyncDelaySeconds(int seconds) {
    return new WiredTigerOptions(
        cacheBytes,
        seconds,
        journalCommitIntervalMillis,
        engineConfig,
        blockCompressor,
        indexPrefixCompression,
        extraCostMicros);
  }

  public WiredTigerOptions withJournalCommitIntervalMillis(int millis) {
    return new WiredTigerOptions(
        cacheBytes,
        syncDelaySeconds,
        millis,
        engineConfig,
        blockCompressor,
        indexPrefixCompression,
        extraCostMicros);
  }

  public WiredTigerOptions withEngineConfig(String config) {
    return new WiredTigerOptions(
        cacheBytes,
        syncDelaySeconds,
        journalCommitIntervalMillis,
        config,
        blockCompressor,
        indexPrefixCompression,
        extraCostMicros);
  }

  /** {@code compressor}: one of {@link #BLOCK_COMPRESSORS}. */
  public WiredTigerOptions withBlockCompressor(String compressor) {
    return new WiredTigerOptions(
        cacheBytes,
        syncDelaySeconds,
        journalCommitIntervalMillis,
        engineConfig,
        compressor,
        indexPrefixCompression,
        extraCostMicros);
  }

  public WiredTigerOptions withIndexPrefixCompression(boolean on) {
    return new WiredTigerOptions(
        cacheBytes,
        syncDelaySeconds,
        journalCommitIntervalMillis,
        engineConfig,
        blockCompressor,
        on,
        extraCostMicros);
  }

  public WiredTigerOptions withExtraCostMicros(int micros) {
    return new WiredTigerOptions(
        cacheBytes,
        syncDelaySeconds,
        journalCommitIntervalMillis,
        engineConfig,
        blockCompressor,
        indexPrefixCompression,
        micros);
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

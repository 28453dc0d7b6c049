package io.github.mongodbtiered.warmup;

import io.github.mongodbtiered.metrics.WiredTigerCacheStats;
import org.bson.Document;

/**
 * Turns the figures read from the server ({@link WatchSettings}) and the operation count into a
 * {@link WarmupSample}: the rates since the last sample, whose figures this one's then replace.
 */
final class ServerSampler {
  private final WatchSettings settings;
  private final CompilerBusy compiler;
  private long lastOps;
  private long lastMillis;
  private WiredTigerCacheStats lastStats;
  private Long lastDeviceReads;

  ServerSampler(WatchSettings settings) {
    this.settings = settings;
    this.compiler = new CompilerBusy(settings.clientJitMillis());
  }

  /** Reads the figures the first sample's rates are taken from. */
  void baseline(long opsDone, long elapsedMillis) {
    lastOps = opsDone;
    lastMillis = elapsedMillis;
    Document status = read();
    lastStats = WiredTigerCacheStats.from(status);
    compiler.baseline(status);
    lastDeviceReads = readDevice();
  }

  /** The rates since the last sample (or the baseline), taken at {@code elapsedMillis}. */
  WarmupSample sample(long opsDone, long elapsedMillis) {
    long dtMillis = elapsedMillis - lastMillis;
    Document status = read();
    WiredTigerCacheStats now = WiredTigerCacheStats.from(status);
    double seconds = dtMillis / 1000.0;
    Long pagesRead = now.since(lastStats).pagesReadIntoCache();
    Double compilerBusy = compiler.since(status, dtMillis);
    Long reads = readDevice();
    long ops = opsDone - lastOps;
    Double readsPerOp = readsPerOp(reads, ops);
    lastDeviceReads = reads;
    WarmupSample sample =
        new WarmupSample(
            ops / seconds,
            now.cacheUsedBytes(),
            pagesRead == null ? null : pagesRead / seconds,
            compilerBusy,
            settings.pageCacheBytes().get(),
            readsPerOp);
    lastOps = opsDone;
    lastMillis = elapsedMillis;
    lastStats = now;
    return sample;
  }

  /** Phase time of the last sample (or the baseline), ms. */
  long lastMillis() {
    return lastMillis;
  }

  /** The server's device reads at the last sample (or the baseline), null when unknown. */
  Long deviceReads() {
    return lastDeviceReads;
  }

  /** Device reads per operation since the last sample; null when unknown or nothing ran. */
  private Double readsPerOp(Long reads, long ops) {
    return reads == null || lastDeviceReads == null || ops <= 0
        ? null
        : (reads - lastDeviceReads) / (double) ops;
  }

  private Long readDevice() {
    try {
      return settings.deviceReads().get();
    } catch (RuntimeException e) {
      return null; // this second's figure is lost, not the warm-up
    }
  }

  private Document read() {
    try {
      Document status = settings.serverStatus().get();
      return status == null ? new Document() : status;
    } catch (RuntimeException e) {
      // An unanswered status read costs this second's figures, not the warm-up.
      return new Document();
    }
  }
}

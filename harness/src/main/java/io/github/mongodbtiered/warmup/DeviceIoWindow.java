package io.github.mongodbtiered.warmup;

import io.github.mongodbtiered.metrics.CgroupIoStats;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.function.Supplier;

/**
 * The server's device I/O over the last seconds of a warm-up, counted once a sample, and whether it
 * stayed below where the disk limits bind ({@link WatchSettings.LimitsBind}).
 */
final class DeviceIoWindow {
  private final Supplier<CgroupIoStats.Io> deviceIo;
  private final WatchSettings.LimitsBind limitsBind;
  private final int seconds;
  // {phase ms, ops, bytes, reads or -1} of the device I/O at the window's samples and the one
  // before them.
  private final Deque<long[]> counts = new ArrayDeque<>();

  /**
   * @param seconds the samples the I/O is judged over
   */
  DeviceIoWindow(
      Supplier<CgroupIoStats.Io> deviceIo, WatchSettings.LimitsBind limitsBind, int seconds) {
    this.deviceIo = deviceIo;
    this.limitsBind = limitsBind;
    this.seconds = seconds;
  }

  /**
   * Keeps the device counters read now, at {@code elapsedMillis}, beside the server's device reads
   * ({@code deviceReads}, null when unknown); an unknown figure empties the window.
   */
  void count(long elapsedMillis, Long deviceReads) {
    CgroupIoStats.Io io;
    try {
      io = deviceIo.get();
    } catch (RuntimeException e) {
      io = null;
    }
    if (io == null || io.ops() == null || io.bytes() == null) {
      counts.clear();
      return;
    }
    counts.addLast(
        new long[] {elapsedMillis, io.ops(), io.bytes(), deviceReads == null ? -1 : deviceReads});
    if (counts.size() > seconds + 1) {
      counts.removeFirst();
    }
  }

  /** Whether the device I/O over the whole window stayed below where the limits bind. */
  boolean belowLimits() {
    if (counts.size() <= seconds) {
      return false;
    }
    long[] first = counts.getFirst();
    long[] last = counts.getLast();
    double spanSeconds = (last[0] - first[0]) / 1000.0;
    double readsPerSec =
        first[3] < 0 || last[3] < first[3] ? Double.NaN : (last[3] - first[3]) / spanSeconds;
    return spanSeconds > 0
        && last[1] >= first[1]
        && last[2] >= first[2]
        && !limitsBind.at(
            (last[1] - first[1]) / spanSeconds, (last[2] - first[2]) / spanSeconds, readsPerSec);
  }
}

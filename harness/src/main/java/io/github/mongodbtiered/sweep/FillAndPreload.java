package io.github.mongodbtiered.sweep;

import com.mongodb.client.MongoDatabase;
import io.github.mongodbtiered.metrics.TierClassifier;
import io.github.mongodbtiered.profiles.DiskProfile;
import io.github.mongodbtiered.results.Metric;
import io.github.mongodbtiered.warmup.PageCacheFill;
import io.github.mongodbtiered.warmup.Preload;
import io.github.mongodbtiered.ycsb.Progress;
import java.io.IOException;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;

/**
 * The first step of a cold cell's warm-up: the data files read into the server's page cache ({@link
 * PageCacheFill}), then a {@link Preload} pass over the {@code _id} index and the documents,
 * without the volume's added latency where the data files outgrow the page cache. Its findings: the
 * fill's and the preload's seconds, and why the page cache was not filled.
 */
final class FillAndPreload {
  private final CellContext c;
  private final CellSeries series;
  private final List<String> notes = new ArrayList<>();
  private final Map<Metric, Double> figures = new EnumMap<>(Metric.class);

  /**
   * @param series the cell's time series, told when the preload ended
   */
  private FillAndPreload(CellContext c, CellSeries series) {
    this.c = c;
    this.series = series;
  }

  /**
   * Fills and preloads the cell's server.
   *
   * @throws IOException when the latency is off and could not be put back: the cell fails
   */
  static Findings run(CellContext c, MongoDatabase db, CellSeries series, Progress progress)
      throws IOException {
    return new FillAndPreload(c, series).run(db, progress);
  }

  private Findings run(MongoDatabase db, Progress progress) throws IOException {
    AutoCloseable latency = filesFit(dataBytes(), c.profile()) ? () -> {} : latencyLifted();
    String failure = null;
    try {
      failure = fillAndScan(db, progress);
    } finally {
      putBack(latency, failure);
    }
    return new Findings(figures, notes, failure);
  }

  /** Fills the page cache and preloads; one pass fills the server's caches for a whole fleet. */
  private String fillAndScan(MongoDatabase db, Progress progress) {
    PageCacheFill.Outcome fill = fillPageCache();
    if (fill != null && fill.skipped() != null) {
      notes.add("page cache not filled before the preload: " + fill.skipped());
    }
    double fillSeconds = fill == null ? 0 : fill.seconds();
    if (!c.readsServerFigures()) {
      return null; // the fleet's other clients wait for client 0's preload at the barrier
    }
    Preload.Outcome preload;
    try {
      preload = Preload.run(db, c.workload().table(), keysApart(db), progress);
    } catch (RuntimeException e) {
      return "warm-up: the preload could not read the data set: " + Messages.of(e);
    }
    figures.put(Metric.WARMUP_PRELOAD_S, fillSeconds + preload.seconds());
    if (fill != null) {
      figures.put(Metric.PAGE_CACHE_FILL_S, fillSeconds);
    }
    series.preloaded(System.currentTimeMillis(), fillSeconds + preload.seconds());
    return null;
  }

  /** The bytes of the data files the fill would read, or null when they are out of reach. */
  private Long dataBytes() {
    return c.endpoint().serverPid() == null
        ? null
        : PageCacheFill.dataBytes(c.server().hostDataDir());
  }

  /**
   * Whether {@code fileBytes} of data files fit the page cache's room beside a full WiredTiger
   * cache under {@code p}, by the tier rule ({@link TierClassifier#fsCacheRoomBytes}): then the
   * preload's reads never wait on the device. Decided from the files' sizes before the fill, not
   * from what the page cache holds after it: the WiredTiger cache is still empty then, and a
   * 5M-record data set (7.2 GB of files in an 8.0 GB container) fits until the preload fills that
   * cache. Unknown sizes or no memory limit count as no.
   *
   * @param fileBytes the data files' bytes, or null when unknown
   */
  static boolean filesFit(Long fileBytes, DiskProfile p) {
    OptionalLong wtCache = p.effectiveCacheBytes();
    return fileBytes != null
        && p.memoryBytes() > 0
        && wtCache.isPresent()
        && fileBytes <= TierClassifier.fsCacheRoomBytes(p.memoryBytes(), wtCache.getAsLong());
  }

  /**
   * The volume's added latency, off where the target can take it off ({@link
   * TargetServer#latencyLifted}), for a preload whose data files outgrow the page cache: its 8
   * readers wait for each read the page cache cannot serve, and a cold 5M-record cell's fill and
   * preload on san-600 and hdd-150 took 100-128 s at +7 ms and 67-70 s without it. Where the files
   * fit, the preload never waits on the device, and the two swaps would only cost their seconds.
   * The workload's warm-up runs with the latency.
   *
   * @throws IOException when the latency is off and could not be put back: the cell fails
   */
  private AutoCloseable latencyLifted() throws IOException {
    try {
      return c.server().latencyLifted(notes::add);
    } catch (Exception e) {
      throw LiftedLimits.notRestored(e);
    }
  }

  /**
   * Puts the latency {@link #latencyLifted} took off back; the cell fails if it will not go, with
   * the preload's own {@code failure} (null when none) kept beside that.
   */
  private static void putBack(AutoCloseable latency, String failure) throws IOException {
    try {
      latency.close();
    } catch (Exception e) {
      IOException notBack = LiftedLimits.notRestored(e);
      if (failure != null) {
        notBack.addSuppressed(new IOException(failure));
      }
      throw notBack;
    }
  }

  /**
   * Whether the collection's {@code _id} index is a file of its own for the preload to read: not
   * when its indexes take no room (the stand-in keeps the keys in the collection's table, a
   * clustered collection has no {@code _id} index). Sizes the server does not give count as yes.
   */
  private boolean keysApart(MongoDatabase db) {
    try {
      Long indexBytes =
          MeasuredRun.sizes(db, c.workload().table(), !c.serverInThisJvm(), new ArrayList<>())
              .indexBytes();
      return indexBytes == null || indexBytes > 0;
    } catch (RuntimeException e) {
      return true;
    }
  }

  /**
   * Reads the data files into the page cache of a server on this host (see {@link PageCacheFill}):
   * a local container's, bounded by its memory limit, or for the embedded server the host's own,
   * which no limit bounds, as the label-only memory of an embedded profile says. Null for a remote
   * server, whose files are out of reach.
   */
  private PageCacheFill.Outcome fillPageCache() {
    // Interrupted: the sweep is being stopped, and its own checks see the flag.
    return PageCacheFill.forServer(
        c.server().hostDataDir(), c.endpoint().serverPid(), c.serverInThisJvm());
  }
}

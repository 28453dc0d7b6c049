package io.github.mongodbtiered.sweep;

import com.mongodb.MongoException;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoDatabase;
import io.github.mongodbtiered.fleet.ClientSlot;
import io.github.mongodbtiered.fleet.Fleet;
import io.github.mongodbtiered.fleet.FleetBarrier;
import io.github.mongodbtiered.results.ServerKind.Capability;
import io.github.mongodbtiered.servers.ServerUnavailableException;
import io.github.mongodbtiered.warmup.PageCacheFill;
import io.github.mongodbtiered.ycsb.PhaseException;
import io.github.mongodbtiered.ycsb.PhaseResult;
import java.io.IOException;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import java.util.function.Consumer;

/**
 * Brings the sweep's data set to a record count, loading only the records it still lacks, through
 * the binding, on a server the target starts for loading (unthrottled where it can). The load rate
 * of each step is kept beside the report, so a resumed sweep still reports it.
 */
final class DataSetLoader {
  private final SweepOptions options;
  private final TargetServer server;
  private final SweepRunner.Listener listener;
  private final Consumer<String> warnings;
  private final YcsbPhases phases;
  private final Map<Long, Double> loadRates = new TreeMap<>();
  private final Map<Long, Double> loadSeconds = new TreeMap<>();
  // --drop-existing applies once per run: to the data set as found, not to each load step.
  private boolean dropped;
  private String loadedLine;

  /**
   * @param warnings where problems go that do not fail the sweep (for run.json)
   */
  DataSetLoader(
      SweepOptions options,
      TargetServer server,
      SweepRunner.Listener listener,
      Consumer<String> warnings)
      throws IOException {
    this.options = options;
    this.server = server;
    this.listener = listener;
    this.warnings = warnings;
    this.phases = YcsbPhases.of(options);
    LoadRates.read(options.outDir(), loadRates, loadSeconds);
  }

  /** Records per second of the step that reached {@code recordCount}, when one was measured. */
  Double loadRate(long recordCount) {
    return loadRates.get(recordCount);
  }

  /**
   * Wall-clock seconds of the step that reached {@code recordCount} (its loading server's start and
   * stop included), when one was measured.
   */
  Double loadSeconds(long recordCount) {
    return loadSeconds.get(recordCount);
  }

  /**
   * Brings the data set to {@code count} records.
   *
   * @param connected called with the database once the loading server answers, before loading
   * @throws ServerUnavailableException when the server for loading cannot be started
   * @throws IllegalArgumentException when the data set is not this sweep's, or larger, and
   *     --drop-existing was not given
   */
  void bring(long count, Consumer<MongoDatabase> connected) throws IOException, PhaseException {
    long startedNanos = System.nanoTime();
    Endpoint e = Messages.startLoading(server, "for loading", options.localDataDir());
    boolean loaded;
    loadedLine = null;
    try (MongoClient client = MongoClients.create(e.url())) {
      MongoDatabase db = client.getDatabase(Endpoint.databaseOf(e.url()));
      connected.accept(db);
      loaded = load(db, e, count);
    } catch (IOException | PhaseException | RuntimeException ex) {
      stopQuietly();
      throw ex;
    }
    try {
      server.stopLoading();
    } catch (Exception ex) {
      if (!loaded) {
        warnings.accept("stopping the loading server: " + Messages.of(ex));
        return;
      }
      // What was loaded may not have reached the disk (a full disk panics the engine here).
      throw new IOException(
          "the server failed to stop cleanly after loading "
              + count
              + " records: "
              + Messages.of(ex),
          ex);
    }
    if (loaded) {
      loadSeconds.put(count, (System.nanoTime() - startedNanos) / 1e9);
      LoadRates.write(options.outDir(), loadRates, loadSeconds);
    }
    if (loadedLine != null) {
      listener.info(loadedLine);
    }
  }

  /**
   * {@link BulkLoad#compact}, said after the load rate; a server that cannot compact leaves the
   * files as they are.
   */
  private void compact(MongoDatabase db) {
    try {
      String done =
          BulkLoad.compact(db, options.table(), !server.has(Capability.IN_THIS_JVM)).describe();
      loadedLine = loadedLine + "; " + done;
    } catch (MongoException ex) {
      warnings.accept("compacting the collection after loading: " + Messages.of(ex));
    }
  }

  /**
   * Reads the data set's files into the loading server's page cache, which no limit bounds: a step
   * that adds to a data set touches nearly every leaf page of its tree in random order, and the
   * cells before it dropped the page cache, so each first touch was a random read of the disk
   * (adding 1M records to 4M: ~10k records/s against 50k for a load from empty). Sequential reads
   * bring the whole file in seconds.
   *
   * @return what it did, for the step's closing line, or null when the files are out of reach
   */
  private String fillPageCache(Endpoint e) {
    PageCacheFill.Outcome fill =
        PageCacheFill.forServer(
            server.hostDataDir(), e.serverPid(), server.has(Capability.IN_THIS_JVM));
    if (fill == null) {
      return null;
    }
    if (fill.skipped() != null) {
      // Only slower: not worth a warning in run.json.
      listener.info("page cache not filled before loading: " + fill.skipped());
      return null;
    }
    return String.format(
        Locale.ROOT,
        "read the files (%.2f GB) into the page cache in %.0f s",
        fill.bytes() / 1e9,
        fill.seconds());
  }

  private void stopQuietly() {
    try {
      server.stopLoading();
    } catch (Exception ex) {
      warnings.accept("stopping the loading server: " + Messages.of(ex));
    }
  }

  /**
   * @return whether records were written
   */
  private boolean load(MongoDatabase db, Endpoint e, long count)
      throws IOException, PhaseException {
    String url = e.url();
    if (!options.fleet().alone()) {
      return loadShare(db, url, count);
    }
    DataSetMarker marker =
        DataSetMarker.open(
            db,
            options.table(),
            shape(),
            options.loading().dropExisting() && !dropped,
            listener::info);
    dropped = true;
    requireAtMost(marker, count);
    boolean reloaded = reloadIfShort(db, url, marker);
    if (marker.loadedRecords() == count) {
      return reloaded;
    }
    long from = marker.loadedRecords();
    // Claimed before the first record goes in: a first load stopped by Ctrl-C leaves a data set the
    // next run resumes, not records it would take for a user's.
    marker.loaded(db, options.table(), from);
    boolean partial = announce(db, from, count);
    String filled = from > 0 && server.has(Capability.STARTS_SERVERS) ? fillPageCache(e) : null;
    double rate = loadRange(db, url, from, count, partial);
    loadRates.put(count, rate);
    LoadRates.write(options.outDir(), loadRates, loadSeconds);
    marker.loaded(db, options.table(), count);
    // Said once the server has stopped cleanly: only then are the records on disk.
    loadedLine =
        (filled == null ? "" : filled + "; ")
            + String.format(Locale.ROOT, "loaded at %.0f records/s", rate);
    if (server.has(Capability.STARTS_SERVERS)
        && BulkLoad.leftDeadBlocks(from, (count - from) / rate)) {
      compact(db);
    }
    return true;
  }

  /**
   * Says which records load; whether an interrupted load left some of them behind, which are then
   * written over rather than failing the step.
   */
  private boolean announce(MongoDatabase db, long from, long count) {
    long found = documents(db);
    boolean partial = found > from;
    listener.info(
        "loading records "
            + from
            + " to "
            + count
            + (partial
                ? " (again: an interrupted load left about "
                    + (found - from)
                    + " of them, which are written over)"
                : ""));
    return partial;
  }

  /**
   * A fleet's load step: client 0 checks the data set (and drops it with {@code --drop-existing})
   * while the others wait, every client loads its slice of the missing records, and client 0
   * records the new count once all have. A client that comes back after a crash finds the step
   * done, or, if it died mid-step, writes its whole slice again over what its earlier life wrote.
   *
   * @return whether this client wrote records
   */
  private boolean loadShare(MongoDatabase db, String url, long count)
      throws IOException, PhaseException {
    Fleet fleet = options.fleet();
    boolean first = fleet.slot().readsServerFigures();
    boolean retried = meet(db, "data-" + count + "/open").late();
    if (first) {
      checkForTheFleet(db, url, count);
    }
    dropped = true;
    retried |= meet(db, "data-" + count + "/checked").late();
    long from =
        DataSetMarker.open(db, options.table(), shape(), false, listener::info).loadedRecords();
    boolean wrote = false;
    if (from < count) {
      ClientSlot.Slice slice = fleet.slot().slice(from, count);
      listener.info(
          "client "
              + fleet.slot().index()
              + " of "
              + fleet.slot().clients()
              + ": loading records "
              + slice.start()
              + " to "
              + (slice.start() + slice.count())
              + " of "
              + from
              + " to "
              + count);
      double rate = loadKeys(url, slice.start(), slice.start() + slice.count(), retried);
      loadRates.put(count, rate);
      LoadRates.write(options.outDir(), loadRates, loadSeconds);
      loadedLine = String.format(Locale.ROOT, "loaded this client's slice at %.0f records/s", rate);
      wrote = true;
    }
    meet(db, "data-" + count + "/loaded");
    if (first && from < count) {
      requireDocuments(db, count, "the fleet loaded records " + from + " to " + count);
      DataSetMarker.open(db, options.table(), shape(), false, listener::info)
          .loaded(db, options.table(), count);
    }
    meet(db, "data-" + count + "/marked");
    return wrote;
  }

  /**
   * Client 0's part before a fleet's load step: the data set checked (dropped with {@code
   * --drop-existing}, reloaded where short) and marked as the harness's, so that the others find it
   * so while client 0's records arrive.
   */
  private void checkForTheFleet(MongoDatabase db, String url, long count)
      throws IOException, PhaseException {
    DataSetMarker marker =
        DataSetMarker.open(
            db,
            options.table(),
            shape(),
            options.loading().dropExisting() && !dropped,
            listener::info);
    requireAtMost(marker, count);
    reloadIfShort(db, url, marker);
    marker.loaded(db, options.table(), marker.loadedRecords());
  }

  /** A data set larger than the count is never cut down without --drop-existing. */
  private static void requireAtMost(DataSetMarker marker, long count) {
    if (marker.loadedRecords() > count) {
      throw new IllegalArgumentException(
          "--recordcounts: the data set already holds "
              + marker.loadedRecords()
              + " records, more than the "
              + count
              + " this cell needs: rerun with --drop-existing to measure smaller counts again");
    }
  }

  /** Meets the fleet's other clients; a client that did not come fails the step. */
  private FleetBarrier.Passage meet(MongoDatabase db, String barrier) throws IOException {
    try {
      return options.fleet().meet(db, barrier);
    } catch (FleetBarrier.TimeoutException e) {
      throw new IOException(e.getMessage(), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted at fleet barrier " + barrier, e);
    }
  }

  /**
   * Reloads the records the marker claims when the collection holds fewer (a server that lost
   * writes, documents deleted behind the sweep's back). The load rewrites the whole key range, as
   * the missing keys are not known.
   *
   * @return whether it reloaded
   * @throws IOException when the reload failed or still left the data set short
   */
  private boolean reloadIfShort(MongoDatabase db, String url, DataSetMarker marker)
      throws IOException, PhaseException {
    long claimed = marker.loadedRecords();
    long documents = documents(db);
    if (claimed == 0 || documents >= claimed) {
      return false;
    }
    listener.info(
        "data set holds "
            + documents
            + " documents, the marker says "
            + claimed
            + ": reloading records 0 to "
            + claimed);
    loadRange(db, url, 0, claimed, true);
    return true;
  }

  /**
   * Loads keys {@code from .. to-1} and checks that the collection holds them all.
   *
   * @return records per second
   * @throws IOException when records failed, or the collection holds fewer than {@code to}
   *     documents after the load (the marker is then left as it was)
   */
  private double loadRange(MongoDatabase db, String url, long from, long to, boolean upsert)
      throws IOException, PhaseException {
    double rate = loadKeys(url, from, to, upsert);
    requireDocuments(db, to, "loading records " + from + " to " + to);
    return rate;
  }

  /**
   * Loads keys {@code from .. to-1}, from this process.
   *
   * @return records per second
   * @throws IOException when records failed
   */
  private double loadKeys(String url, long from, long to, boolean upsert)
      throws IOException, PhaseException {
    PhaseResult r = phases.load(url, from, to, upsert, listener.loadProgress(from, to));
    if (r.errors() > 0) {
      throw new IOException(
          "loading records "
              + from
              + " to "
              + to
              + ": "
              + r.errors()
              + " of "
              + r.attempts()
              + " records failed");
    }
    return (to - from) * 1000.0 / Math.max(1, r.runtimeMillis());
  }

  /** A load that left fewer documents than keys lost records: its marker is not moved. */
  private void requireDocuments(MongoDatabase db, long count, String after) throws IOException {
    long documents = documents(db);
    if (documents < count) {
      throw new IOException("data set holds " + documents + " documents after " + after);
    }
  }

  /**
   * Documents the collection holds, as the server keeps count (the stand-in recounts after an
   * unclean shutdown); a full count would read the whole data set on every step.
   */
  private long documents(MongoDatabase db) {
    return db.getCollection(options.table()).estimatedDocumentCount();
  }

  /** The record shape: a data set loaded with another shape is not this sweep's. */
  private String shape() {
    Properties w = options.workload().properties();
    return w.getProperty("fieldcount", "10")
        + "x"
        + w.getProperty("fieldlength", "100")
        + " "
        + w.getProperty("insertorder", "hashed");
  }
}

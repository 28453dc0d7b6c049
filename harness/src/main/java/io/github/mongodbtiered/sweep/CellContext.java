package io.github.mongodbtiered.sweep;

import com.mongodb.client.MongoDatabase;
import io.github.mongodbtiered.fleet.FleetBarrier;
import io.github.mongodbtiered.profiles.DiskProfile;
import io.github.mongodbtiered.report.ReportLayout;
import io.github.mongodbtiered.results.ServerKind.Capability;
import java.io.IOException;

/**
 * What each step of one cell's measurement works with: the sweep's options, the cell, the server
 * started cold for it and which of its repeats this is.
 *
 * @param hostMemoryBytes memory of this host, for profiles without a memory limit; 0 if unknown
 * @param repeat which of the cell's measured runs this is, from 1 ({@code --repeats})
 * @param handedSteady whether the server goes on from a cell that ended steady ({@link
 *     Endpoint#continued}), so that its steady state may carry over
 */
record CellContext(
    SweepOptions options,
    YcsbPhases phases,
    long recordCount,
    DiskProfile profile,
    Endpoint endpoint,
    TargetServer server,
    long hostMemoryBytes,
    int repeat,
    boolean handedSteady) {

  /** What the cell's runs do. */
  Workload workload() {
    return options.workload();
  }

  /** How the cell is warmed up and measured. */
  MeasuredRuns runs() {
    return options.runs();
  }

  ReportLayout layout() {
    return new ReportLayout(options.outDir());
  }

  /** In a fleet only client 0 reads the server's own figures: the others' would repeat them. */
  boolean readsServerFigures() {
    return options.fleet().slot().readsServerFigures();
  }

  /** Whether the server runs in this JVM (the embedded stand-in). */
  boolean serverInThisJvm() {
    return server.has(Capability.IN_THIS_JVM);
  }

  /**
   * Meets the fleet's other clients before the cell's {@code phase} (alone: at once).
   *
   * @return why this client cannot take part (it came back after the fleet had started the phase
   *     without it), or null
   * @throws IOException when a client did not come in time: the cell fails, naming it
   */
  String meet(MongoDatabase db, String phase) throws IOException {
    String barrier = "cell-" + recordCount + "-" + profile.name() + "-" + repeat + "/" + phase;
    try {
      return options.fleet().meet(db, barrier).late()
          ? "client "
              + options.fleet().slot().index()
              + " came back after the fleet had started this cell's "
              + phase
              + " without it (a retried client): its share is missing"
          : null;
    } catch (FleetBarrier.TimeoutException e) {
      throw new IOException(e.getMessage(), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted at fleet barrier " + barrier, e);
    }
  }
}

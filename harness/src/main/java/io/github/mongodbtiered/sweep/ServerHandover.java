package io.github.mongodbtiered.sweep;

import io.github.mongodbtiered.profiles.DiskProfile;
import io.github.mongodbtiered.results.CellResult;
import io.github.mongodbtiered.results.Metric;
import io.github.mongodbtiered.servers.HostCache;
import java.util.List;

/**
 * Whether a cell's server goes on as the next cell's, and the start that follows from it: where the
 * next cell of the count could go on with this server ({@link TargetServer#canContinue}: the same
 * server and memory, only the disk's limits and latency different) and this cell's caches held its
 * working set ({@link #cachesHeldIt}), a cell measured once and ok leaves it running, and the next
 * one takes it over with its caches in the steady state, instead of a cold start that would fill
 * them again. A cold start only moves where the warm-up begins: every cell still warms up until its
 * own steady state under its own limits, which is the cell before's when that cell ended steady and
 * its device stays idle under the new limits ({@link
 * io.github.mongodbtiered.warmup.WatchMode.CarryOver}). {@code --cold-cells}, {@code --repeats}
 * above 1 (whose runs measure the spread between cold starts) and a fleet keep every cell cold.
 */
final class ServerHandover {
  /**
   * Device reads per operation at or above which a cell's caches did not hold its working set, and
   * the next cell starts cold: what the caches then hold depends on the disk they were filled
   * through. A 5M-record san-600 cell that went on from io1-5000 read 0.171 per operation (and
   * hdd-150 after it 0.171), where cold starts read 0.141-0.149 and a cold one run for 10 minutes
   * 0.123, flat throughout: 13-28% fewer operations a second, from history, not from the disk.
   */
  static final double QUIET_READS_PER_OP = 0.01;

  private final TargetServer server;
  private final boolean allowed;

  /** The profile whose cell's server was left running for the next cell, or null. */
  private DiskProfile kept;

  /** Whether the cell that left its server running ended steady (warm-up and run). */
  private boolean keptSteady;

  /**
   * @param runs whether cells are cold ({@code --cold-cells}) or repeated ({@code --repeats})
   * @param alone whether this client drives the server alone (a fleet's cells stay cold)
   */
  ServerHandover(TargetServer server, MeasuredRuns runs, boolean alone) {
    this.server = server;
    this.allowed = !runs.coldCells() && runs.repeats() == 1 && alone;
  }

  /**
   * Whether {@code cell} read (next to) nothing from its device, so its caches' content owes
   * nothing to the disk's speed and the next cell may take them over. A cell without device figures
   * counts as quiet: only targets that read them go on.
   */
  static boolean cachesHeldIt(CellResult cell) {
    Double reads = cell.metrics().get(Metric.DEVICE_READ_OPS);
    return reads == null
        || cell.operations() <= 0
        || reads / cell.operations() < QUIET_READS_PER_OP;
  }

  /**
   * Whether the server {@link #start} hands out next goes on from a cell that ended steady, so that
   * its steady state may carry over; read before that start takes the kept server over.
   */
  boolean handsOnSteady() {
    return kept != null && keptSteady;
  }

  /**
   * The cell's server: the one the cell before left running, given this profile's limits, or one
   * started cold, also when going on failed (the endpoint's notes then say why).
   */
  Endpoint start(DiskProfile profile) throws Exception {
    return start(profile, null);
  }

  /**
   * As {@link #start(DiskProfile)}, a cold start going without the page cache's drop when {@code
   * dropped} is not null ({@link TargetServer#startCell(DiskProfile, HostCache.Drop)}).
   */
  Endpoint start(DiskProfile profile, HostCache.Drop dropped) throws Exception {
    DiskProfile from = kept;
    kept = null;
    if (from == null) {
      return dropped == null ? server.startCell(profile) : server.startCell(profile, dropped);
    }
    try {
      return server
          .continueCell(profile)
          .withNotes(
              List.of(
                  "continued the "
                      + from.name()
                      + " cell's server with its caches warm: disk limits and latency changed in"
                      + " place"));
    } catch (Exception ex) {
      try {
        server.stopCell();
      } catch (Exception stopping) {
        // The cold start below begins by taking down whatever is left of the server.
      }
      return server
          .startCell(profile)
          .withNotes(
              List.of(
                  "started cold: the "
                      + from.name()
                      + " cell's server could not go on ("
                      + Messages.of(ex)
                      + ")"));
    }
  }

  /**
   * Whether the server that measured {@code result} under {@code profile} stays running for the
   * cell of {@code next} (null: none); when not, the caller stops it.
   */
  boolean keeps(CellResult result, DiskProfile profile, DiskProfile next) {
    if (result.ok()
        && next != null
        && allowed
        && cachesHeldIt(result)
        && server.canContinue(profile, next)) {
      kept = profile;
      keptSteady = Double.valueOf(1).equals(result.metrics().get(Metric.STEADY_STATE));
      return true;
    }
    return false;
  }
}

package io.github.mongodbtiered.fleet;

import com.mongodb.client.MongoDatabase;
import java.time.Duration;

/**
 * The fleet a sweep process drives the server with: this client's {@link ClientSlot}, the id every
 * client of the run shares, and how long a client waits for the others at a barrier. A process on
 * its own ({@link #ALONE}) meets nobody and touches no control collection.
 *
 * @param slot which client this is, of how many
 * @param id what tells this run's clients from another run's in the same database; null when alone
 * @param timeout how long a barrier waits for the other clients before the phase fails
 */
public record Fleet(ClientSlot slot, String id, Duration timeout) {
  public static final Fleet ALONE = new Fleet(ClientSlot.ALONE, null, Duration.ZERO);

  public Fleet {
    if (slot.clients() > 1 && (id == null || id.isBlank())) {
      throw new IllegalArgumentException(
          "--fleet-id: give the id all " + slot.clients() + " clients share (e.g. the Job's name)");
    }
    if (slot.clients() > 1 && (timeout == null || timeout.isNegative() || timeout.isZero())) {
      throw new IllegalArgumentException("--fleet-timeout: give a wait above 0 s");
    }
  }

  public boolean alone() {
    return slot.clients() == 1;
  }

  /**
   * Waits at {@code barrier} until every client has come; alone, passes at once.
   *
   * @throws FleetBarrier.TimeoutException when a client did not come within the timeout
   */
  public FleetBarrier.Passage meet(MongoDatabase db, String barrier)
      throws FleetBarrier.TimeoutException, InterruptedException {
    if (alone()) {
      long now = System.currentTimeMillis();
      return new FleetBarrier.Passage(now, now, false);
    }
    return new FleetBarrier(db, id, slot).await(barrier, timeout);
  }
}

package io.github.mongodbtiered.fleet;

import com.mongodb.client.MongoCollection;
import com.mongodb.client.MongoDatabase;
import com.mongodb.client.model.Filters;
import com.mongodb.client.model.ReplaceOptions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;
import org.bson.Document;

/**
 * Where the clients of a fleet meet before a phase (a load, a warm-up, a measured run), so that all
 * of them start it together: a collection in the database under test, which every client reaches
 * already, so no other service is needed. Each client writes its arrival ({@code _id}: fleet,
 * barrier, client index) and reads the barrier's arrivals every {@link #POLL_MILLIS} ms until all
 * clients have arrived, or fails when the timeout passes first, naming the clients missing.
 *
 * <p>A client that comes back after a crash (a Job retries its pod) may reach a barrier the others
 * passed already: its earlier life's arrival is there (each process arrives as its own {@code
 * incarnation}), or it finds everyone there long after the others came. {@link Passage#late} then
 * says it came too late to start with them.
 */
public final class FleetBarrier {
  /** The control collection, in the database under test. */
  public static final String COLLECTION = "mongodb_tiered_fleet";

  static final long POLL_MILLIS = 50;

  /** This process: an arrival of another one under the same client index is an earlier life's. */
  static final String THIS_PROCESS = UUID.randomUUID().toString();

  private final MongoCollection<Document> arrivals;
  private final String fleet;
  private final ClientSlot slot;
  private final String incarnation;

  /**
   * @param fleet what tells this fleet's run from another's in the same database (a Job's uid)
   */
  public FleetBarrier(MongoDatabase db, String fleet, ClientSlot slot) {
    this(db, fleet, slot, THIS_PROCESS);
  }

  /**
   * @param incarnation this life of the client: another value under its index is an earlier one
   */
  FleetBarrier(MongoDatabase db, String fleet, ClientSlot slot, String incarnation) {
    this.arrivals = db.getCollection(COLLECTION);
    this.fleet = fleet;
    this.slot = slot;
    this.incarnation = incarnation;
  }

  /**
   * How a client passed a barrier.
   *
   * @param firstArrivalMillis when the first client arrived (ms since the epoch, its clock)
   * @param lastArrivalMillis when the last one did: the moment all could go
   * @param late true when this client's earlier life arrived here before it (the others went on
   *     with that life), or it arrived after the others had waited longer than the timeout for it,
   *     so they are long gone
   */
  public record Passage(long firstArrivalMillis, long lastArrivalMillis, boolean late) {}

  /** The timeout passed before every client arrived. */
  public static final class TimeoutException extends Exception {
    private final Set<Integer> missing;

    TimeoutException(String barrier, Set<Integer> missing, int clients, Duration timeout) {
      super(
          String.format(
              "fleet barrier %s: client%s %s of %d did not arrive within %s s",
              barrier,
              missing.size() == 1 ? "" : "s",
              missing,
              clients,
              java.math.BigDecimal.valueOf(timeout.toMillis(), 3)
                  .stripTrailingZeros()
                  .toPlainString()));
      this.missing = Set.copyOf(missing);
    }

    /** The indexes of the clients that never arrived. */
    public Set<Integer> missing() {
      return missing;
    }
  }

  /**
   * Announces this client at {@code barrier} and waits until all clients have.
   *
   * @throws TimeoutException when {@code timeout} passes first
   */
  public Passage await(String barrier, Duration timeout)
      throws TimeoutException, InterruptedException {
    long arrived = System.currentTimeMillis();
    String id = fleet + "/" + barrier + "/" + slot.index();
    Document before = arrivals.find(Filters.eq("_id", id)).first();
    boolean earlierLife = before != null && !incarnation.equals(before.getString("incarnation"));
    arrivals.replaceOne(
        Filters.eq("_id", id),
        new Document("fleet", fleet)
            .append("barrier", barrier)
            .append("client", slot.index())
            .append("incarnation", incarnation)
            .append("arrivedAtMillis", arrived),
        new ReplaceOptions().upsert(true));
    long deadline = System.nanoTime() + timeout.toNanos();
    while (true) {
      List<Document> here =
          arrivals
              .find(Filters.and(Filters.eq("fleet", fleet), Filters.eq("barrier", barrier)))
              .into(new ArrayList<>());
      Set<Integer> missing = new TreeSet<>();
      for (int i = 0; i < slot.clients(); i++) {
        missing.add(i);
      }
      long first = Long.MAX_VALUE;
      long last = Long.MIN_VALUE;
      for (Document d : here) {
        missing.remove(d.getInteger("client"));
        long at = d.getLong("arrivedAtMillis");
        first = Math.min(first, at);
        last = Math.max(last, at);
      }
      if (missing.isEmpty()) {
        boolean late = earlierLife || (arrived == last && last - first > timeout.toMillis());
        return new Passage(first, last, late);
      }
      if (System.nanoTime() >= deadline) {
        throw new TimeoutException(barrier, missing, slot.clients(), timeout);
      }
      Thread.sleep(POLL_MILLIS);
    }
  }
}

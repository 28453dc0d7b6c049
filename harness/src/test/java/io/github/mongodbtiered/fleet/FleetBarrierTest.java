package io.github.mongodbtiered.fleet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoDatabase;
import de.bwaldvogel.mongo.MongoServer;
import de.bwaldvogel.mongo.backend.memory.MemoryBackend;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Given a fleet of three clients, none passes a barrier before all three have reached it. */
class FleetBarrierTest {
  private MongoServer server;
  private MongoClient client;
  private MongoDatabase db;

  @BeforeEach
  void start() {
    server = new MongoServer(new MemoryBackend());
    InetSocketAddress a = server.bind();
    client = MongoClients.create("mongodb://" + a.getHostString() + ":" + a.getPort());
    db = client.getDatabase("bench");
  }

  @AfterEach
  void stop() {
    client.close();
    server.shutdownNow();
  }

  @Test
  void noClientPassesBeforeTheLastArrives() throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(3);
    CountDownLatch firstTwoWaiting = new CountDownLatch(2);
    try {
      List<Future<FleetBarrier.Passage>> passed = new ArrayList<>();
      for (int i = 0; i < 2; i++) {
        FleetBarrier b = new FleetBarrier(db, "job-1", new ClientSlot(i, 3));
        passed.add(
            pool.submit(
                () -> {
                  firstTwoWaiting.countDown();
                  return b.await("cell/2000/hdd-150/run", Duration.ofSeconds(30));
                }));
      }
      firstTwoWaiting.await();
      // Both are inside await (or about to be); until client 2 arrives none may return.
      while (db.getCollection(FleetBarrier.COLLECTION).countDocuments() < 2) {
        Thread.onSpinWait();
      }
      assertFalse(passed.get(0).isDone() || passed.get(1).isDone(), "passed with 2 of 3");
      long lastArrival = System.currentTimeMillis();
      FleetBarrier.Passage third =
          new FleetBarrier(db, "job-1", new ClientSlot(2, 3))
              .await("cell/2000/hdd-150/run", Duration.ofSeconds(30));
      for (Future<FleetBarrier.Passage> f : passed) {
        FleetBarrier.Passage p = f.get();
        assertEquals(third.lastArrivalMillis(), p.lastArrivalMillis(), "all see one release time");
        assertTrue(p.lastArrivalMillis() >= lastArrival);
        assertFalse(p.late());
      }
      assertFalse(third.late());
    } finally {
      pool.shutdownNow();
    }
  }

  @Test
  void aMissingClientFailsTheBarrierNamingIt() {
    FleetBarrier alone = new FleetBarrier(db, "job-1", new ClientSlot(1, 3));
    FleetBarrier.TimeoutException e =
        assertThrows(
            FleetBarrier.TimeoutException.class,
            () -> alone.await("load/3000", Duration.ofMillis(300)));
    assertEquals(Set.of(0, 2), e.missing());
    assertEquals(
        "fleet barrier load/3000: clients [0, 2] of 3 did not arrive within 0.3 s", e.getMessage());
  }

  @Test
  void anotherFleetsArrivalsDoNotCount() {
    assertThrows(
        FleetBarrier.TimeoutException.class,
        () ->
            new FleetBarrier(db, "old-job", new ClientSlot(1, 2))
                .await("cell/run", Duration.ofMillis(100)));
    FleetBarrier.TimeoutException e =
        assertThrows(
            FleetBarrier.TimeoutException.class,
            () ->
                new FleetBarrier(db, "new-job", new ClientSlot(0, 2))
                    .await("cell/run", Duration.ofMillis(100)));
    assertEquals(Set.of(1), e.missing());
  }

  @Test
  void aClientArrivingLongAfterTheOthersPassesButIsLate() throws Exception {
    long tenMinutesAgo = System.currentTimeMillis() - 600_000;
    for (int i = 0; i < 2; i++) {
      db.getCollection(FleetBarrier.COLLECTION)
          .insertOne(
              new org.bson.Document("_id", "job-1/cell/run/" + i)
                  .append("fleet", "job-1")
                  .append("barrier", "cell/run")
                  .append("client", i)
                  .append("arrivedAtMillis", tenMinutesAgo));
    }
    FleetBarrier.Passage p =
        new FleetBarrier(db, "job-1", new ClientSlot(2, 3))
            .await("cell/run", Duration.ofMinutes(2));
    assertTrue(p.late());
    assertEquals(tenMinutesAgo, p.firstArrivalMillis());
  }

  /** A retried pod reaches the barriers its first life passed with the others: it is late there. */
  @Test
  void aClientWhoseEarlierLifePassedTheBarrierIsLateThereButNotAtTheNextOne() throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(2);
    try {
      Future<FleetBarrier.Passage> other =
          pool.submit(
              () ->
                  new FleetBarrier(db, "job-1", new ClientSlot(0, 2), "pod-0")
                      .await("cell-1/run", Duration.ofSeconds(20)));
      new FleetBarrier(db, "job-1", new ClientSlot(1, 2), "pod-1-first-life")
          .await("cell-1/run", Duration.ofSeconds(20));
      assertFalse(other.get().late());

      FleetBarrier retried = new FleetBarrier(db, "job-1", new ClientSlot(1, 2), "pod-1-retried");
      assertTrue(retried.await("cell-1/run", Duration.ofSeconds(20)).late());
      Future<FleetBarrier.Passage> next =
          pool.submit(
              () ->
                  new FleetBarrier(db, "job-1", new ClientSlot(0, 2), "pod-0")
                      .await("cell-2/run", Duration.ofSeconds(20)));
      assertFalse(retried.await("cell-2/run", Duration.ofSeconds(20)).late());
      assertFalse(next.get().late());
    } finally {
      pool.shutdownNow();
    }
  }
}

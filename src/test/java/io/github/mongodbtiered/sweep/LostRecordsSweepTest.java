package io.github.mongodbtiered.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoCollection;
import io.github.mongodbtiered.profiles.DiskProfile;
import io.github.mongodbtiered.report.CellStore;
import io.github.mongodbtiered.results.CellResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import org.bson.Document;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Given records lost behind the sweep's back on the embedded stand-in, when a cell is measured,
 * then it is never reported ok: reads that find no record are failed operations, counted per type
 * in summary.csv, and a data set short of its marker is reloaded before the next cell; a re-run
 * measures the failed cell again.
 */
class LostRecordsSweepTest {
  private static final long RECORDS = 2000;
  private static final long OPERATIONS = 1000;

  @Test
  void readsOfRecordsThatAreGoneFailTheCellWithTheirCount(@TempDir Path dir) throws Exception {
    Path out = dir.resolve("report");
    // The same number of documents, other keys: the count matches the marker, every read misses.
    SweepRunner.Outcome first = sweep(out, dir, List.of("fast-small"), this::replaceEveryRecord);

    assertEquals(1, first.failed());
    CellResult cell = first.cells().get(0);
    assertFalse(cell.ok());
    assertEquals(
        OPERATIONS + " of " + OPERATIONS + " READ operations failed (--max-errors 0)",
        cell.error());
    Map<String, String> row = SweepScenario.summaryRows(out).get(0);
    assertEquals("failed", row.get("status"));
    assertEquals(Long.toString(OPERATIONS), row.get("failed_read"));
    assertEquals(Long.toString(OPERATIONS), row.get("failed_ops"));
    assertEquals("", row.get("failed_update"), "the workload performs no updates");
    assertEquals("", row.get("throughput_ops_per_sec"), "not a result");
    assertTrue(Files.readString(out.resolve("index.html")).contains("READ " + OPERATIONS));
  }

  @Test
  void aShortDataSetFailsItsCellIsReloadedAndTheFailedCellIsMeasuredAgain(@TempDir Path dir)
      throws Exception {
    Path out = dir.resolve("report");
    AtomicBoolean once = new AtomicBoolean();
    SweepRunner.Outcome first =
        sweep(
            out,
            dir,
            List.of("fast-small", "slow-small"),
            c -> {
              if (!once.getAndSet(true)) {
                c.deleteMany(new Document("_id", new Document("$lt", "user5")));
              }
            });

    assertEquals(1, first.failed(), first.cells()::toString);
    CellResult shortCell = cellOf(first, "fast-small");
    assertTrue(
        shortCell.error().matches("data set holds \\d+ documents, the marker says 2000"),
        shortCell.error());
    assertTrue(cellOf(first, "slow-small").ok(), "reloaded before the next cell");
    assertEquals(0, cellOf(first, "slow-small").failedOperationsTotal());

    SweepRunner.Outcome again = sweep(out, dir, List.of("fast-small", "slow-small"), c -> {});
    assertEquals(1, again.measured(), "only the failed cell");
    assertEquals(0, again.failed());
    assertTrue(cellOf(again, "fast-small").ok());
    assertEquals(2, new CellStore(out).all().stream().filter(CellResult::ok).count());
  }

  private void replaceEveryRecord(MongoCollection<Document> table) {
    table.deleteMany(new Document());
    List<Document> others = new ArrayList<>();
    for (long i = 0; i < RECORDS; i++) {
      others.add(new Document("_id", "gone" + i));
    }
    table.insertMany(others);
  }

  private static CellResult cellOf(SweepRunner.Outcome o, String profile) {
    return o.cells().stream().filter(c -> c.profile().equals(profile)).findFirst().orElseThrow();
  }

  /** A sweep of one record count whose cells' servers get {@code tamper} before measuring. */
  private static SweepRunner.Outcome sweep(
      Path out, Path dir, List<String> profiles, Consumer<MongoCollection<Document>> tamper)
      throws Exception {
    SweepOptions o =
        SweepScenario.embedded()
            .records(RECORDS)
            .profile(profiles.toArray(String[]::new))
            .operations(OPERATIONS)
            .warmup(0)
            .dataDir(dir.resolve("data"))
            .options(out);
    SweepRunner.Listener listener =
        new SweepRunner.Listener() {
          @Override
          public void cellStarted(long recordCount, DiskProfile profile, Endpoint endpoint) {
            try (MongoClient client = MongoClients.create(endpoint.url())) {
              tamper.accept(
                  client.getDatabase(Endpoint.databaseOf(endpoint.url())).getCollection(o.table()));
            }
          }
        };
    return SweepScenario.run(o, listener);
  }
}

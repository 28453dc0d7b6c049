package io.github.mongodbtiered.fleet;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoDatabase;
import de.bwaldvogel.mongo.MongoServer;
import de.bwaldvogel.mongo.backend.memory.MemoryBackend;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Given the report directories of a fleet's clients, when each stores its own in the database and
 * the user collects them, then every file comes back as it was, without the lock and the data; a
 * retried client's second upload replaces its first; a client that never uploaded is named.
 */
class FleetReportsTest {
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

  private static Path report(Path dir, String summary, int histogramBytes) throws IOException {
    Files.createDirectories(dir.resolve("histograms"));
    Files.createDirectories(dir.resolve("data/db"));
    Files.writeString(dir.resolve("summary.csv"), summary);
    byte[] log = new byte[histogramBytes];
    new Random(7).nextBytes(log);
    Files.write(dir.resolve("histograms/2000-a-READ.hdr"), log);
    Files.writeString(dir.resolve("lock"), "pid 1");
    Files.writeString(dir.resolve("data/db/collection.wt"), "server data");
    return dir;
  }

  @Test
  void eachClientsReportComesBackWhole(@TempDir Path tmp) throws Exception {
    // Client 1's log spans several chunks.
    int big = 2 * FleetReports.CHUNK_BYTES + 123;
    FleetReports.upload(db, "job-1", new ClientSlot(0, 2), report(tmp.resolve("a"), "zero", 10));
    FleetReports.upload(db, "job-1", new ClientSlot(1, 2), report(tmp.resolve("b"), "old", 10));
    FleetReports.upload(db, "job-1", new ClientSlot(1, 2), report(tmp.resolve("c"), "one", big));

    List<Path> dirs = FleetReports.download(db, "job-1", 2, tmp.resolve("out"));
    assertEquals(List.of(tmp.resolve("out/client-0"), tmp.resolve("out/client-1")), dirs);
    assertEquals("zero", Files.readString(dirs.get(0).resolve("summary.csv")));
    assertEquals("one", Files.readString(dirs.get(1).resolve("summary.csv")), "the retry's");
    assertArrayEquals(
        Files.readAllBytes(tmp.resolve("c/histograms/2000-a-READ.hdr")),
        Files.readAllBytes(dirs.get(1).resolve("histograms/2000-a-READ.hdr")));
    assertFalse(Files.exists(dirs.get(0).resolve("lock")));
    assertFalse(Files.exists(dirs.get(0).resolve("data")));
  }

  @Test
  void aClientThatNeverStoredItsReportIsNamed(@TempDir Path tmp) throws Exception {
    FleetReports.upload(db, "job-1", new ClientSlot(0, 3), report(tmp.resolve("a"), "zero", 10));
    FleetReports.upload(db, "job-2", new ClientSlot(1, 3), report(tmp.resolve("b"), "other", 10));
    IOException e =
        assertThrows(
            IOException.class, () -> FleetReports.download(db, "job-1", 3, tmp.resolve("out")));
    assertTrue(e.getMessage().contains("no report from clients [1, 2] of 3"), e.getMessage());
  }
}

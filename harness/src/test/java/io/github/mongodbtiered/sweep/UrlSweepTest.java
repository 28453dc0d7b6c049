package io.github.mongodbtiered.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoCollection;
import de.bwaldvogel.mongo.MongoServer;
import de.bwaldvogel.mongo.backend.memory.MemoryBackend;
import io.github.mongodbtiered.profiles.DiskProfile;
import io.github.mongodbtiered.profiles.DiskProfiles;
import io.github.mongodbtiered.results.CellResult;
import io.github.mongodbtiered.results.ServerKind;
import io.github.mongodbtiered.servers.DiskBaseline;
import io.github.mongodbtiered.servers.ServerUnavailableException;
import io.github.mongodbtiered.volumes.LatencyMethod;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import org.bson.Document;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Given an existing deployment (--mongodb-url), the sweep never touches data it did not load unless
 * told to, and it loads step by step into its own.
 */
class UrlSweepTest {
  private MongoServer server;
  private String url;
  private MongoClient raw;

  @BeforeEach
  void start() {
    server = new MongoServer(new MemoryBackend());
    InetSocketAddress a = server.bind();
    url = "mongodb://" + a.getHostString() + ":" + a.getPort() + "/bench";
    raw = MongoClients.create(url);
  }

  @AfterEach
  void stop() {
    raw.close();
    server.shutdownNow();
  }

  private SweepOptions options(Path out, boolean dropExisting, Long... counts) {
    Properties w = new Properties();
    w.setProperty("workload", "site.ycsb.workloads.CoreWorkload");
    w.setProperty("readproportion", "1");
    w.setProperty("updateproportion", "0");
    w.setProperty("requestdistribution", "uniform");
    w.setProperty("fieldcount", "4");
    w.setProperty("fieldlength", "20");
    return SweepOptions.defaults(w, out)
        .withCells(
            c ->
                c.withRecordCounts(counts)
                    .withProfiles(
                        DiskProfiles.builtIn().get("io1-5000"),
                        DiskProfiles.builtIn().get("hdd-150")))
        .withWorkload(t -> t.withThreads(2))
        .withRuns(r -> r.withOperations(200).withSeconds(0).withWarmupSeconds(0))
        .withLoading(l -> l.withThreads(2).withBatchSize(50).withDropExisting(dropExisting))
        .withServer(s -> s.withUrl(url).withImage(""))
        .withOutput(o -> o.withCommandLine(List.of("test")))
        .withBaseline(b -> b.withSettings(DiskBaseline.Settings.defaults()).withProbeImage(""))
        .withVolume(v -> v.withLatency(LatencyMethod.OFF));
  }

  private SweepRunner.Outcome sweep(SweepOptions o) throws Exception {
    try (TargetServer t = new UrlTarget(o.server().mongodbUrl())) {
      return new SweepRunner(o, t, new SweepRunner.Listener() {}).run();
    }
  }

  private MongoCollection<Document> usertable() {
    return raw.getDatabase("bench").getCollection("usertable");
  }

  @Test
  void aCollectionItDidNotLoadIsNeverTouchedWithoutDropExisting(@TempDir Path out) {
    usertable().insertOne(new Document("_id", "precious").append("owner", "the user"));
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> sweep(options(out, false, 300L)));
    assertTrue(
        e.getMessage().contains("bench.usertable already holds 1 documents"), e.getMessage());
    assertTrue(e.getMessage().contains("--drop-existing"), e.getMessage());
    assertEquals(1, usertable().countDocuments());
    assertEquals("the user", usertable().find().first().getString("owner"));
  }

  @Test
  void dropExistingReplacesItAndTheSweepLoadsStepByStep(@TempDir Path out) throws Exception {
    usertable().insertOne(new Document("_id", "precious"));
    SweepRunner.Outcome first = sweep(options(out, true, 300L, 600L));
    assertEquals(0, first.failed(), first.cells().toString());
    assertEquals(600, usertable().countDocuments());
    assertEquals(0, usertable().countDocuments(new Document("_id", "precious")));
    assertEquals(4, first.cells().size());
    for (CellResult c : first.cells()) {
      assertEquals(ServerKind.URL, c.server());
      assertEquals(200, c.operations(), c.toString());
      assertTrue(c.notes().stream().anyMatch(n -> n.contains("is a label")), c.notes().toString());
    }

    // A later run with a larger count loads only the new records, into the same data set.
    SweepRunner.Outcome second = sweep(options(out, false, 300L, 600L, 900L));
    assertEquals(2, second.measured());
    assertEquals(900, usertable().countDocuments());
    assertEquals(6, second.cells().size());
  }

  @Test
  void dropExistingSaysWhatItDropped(@TempDir Path out) throws Exception {
    usertable().insertMany(List.of(new Document("_id", "a"), new Document("_id", "b")));
    List<String> said = new ArrayList<>();
    SweepRunner.Listener listener =
        new SweepRunner.Listener() {
          @Override
          public void info(String line) {
            said.add(line);
          }
        };
    SweepOptions o = options(out, true, 100L);
    try (TargetServer t = new UrlTarget(o.server().mongodbUrl())) {
      new SweepRunner(o, t, listener).run();
    }
    assertTrue(
        said.contains("--drop-existing: dropped bench.usertable (2 documents)"), said.toString());
  }

  @Test
  void anUnreachableUrlIsUnavailableWithOneMaskedLine() throws Exception {
    int port;
    try (ServerSocket s = new ServerSocket(0)) {
      port = s.getLocalPort();
    }
    String dead = "mongodb://u:pw@127.0.0.1:" + port + "/bench?serverSelectionTimeoutMS=300";
    ServerUnavailableException e =
        assertThrows(
            ServerUnavailableException.class,
            () -> UrlTarget.connect(dead, Server.URL_OPTION, List.of()));
    assertEquals(
        "--mongodb-url mongodb://u:****@127.0.0.1:"
            + port
            + "/bench?serverSelectionTimeoutMS=300: no server answered within 300 ms: check that"
            + " it is running and reachable, and the host and port in the URL",
        e.getMessage());
    UrlTarget.connect(url, Server.URL_OPTION, List.of()).close();
  }

  @Test
  void aServerThatCannotStartForLoadingIsUnavailableNotAFailedMeasurement(@TempDir Path out) {
    SweepOptions o = options(out, false, 100L);
    TargetServer broken =
        new TargetServer() {
          @Override
          public ServerKind kind() {
            return ServerKind.URL;
          }

          @Override
          public String meaning() {
            return "a server that never starts";
          }

          @Override
          public String image() {
            return "";
          }

          @Override
          public Endpoint startLoading() {
            throw new IllegalStateException("connection refused");
          }

          @Override
          public void stopLoading() {}

          @Override
          public Endpoint startCell(DiskProfile profile) {
            throw new AssertionError("no cell without a data set");
          }

          @Override
          public void stopCell() {}

          @Override
          public void close() {}
        };
    ServerUnavailableException e =
        assertThrows(
            ServerUnavailableException.class,
            () -> new SweepRunner(o, broken, new SweepRunner.Listener() {}).run());
    assertTrue(e.getMessage().contains("could not start the server for loading"), e.getMessage());
  }
}

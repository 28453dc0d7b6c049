package io.github.mongodbtiered.standin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoCollection;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.bson.Document;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Acknowledged writes survive a SIGKILL once the journal has been synced (every 100 ms, as
 * mongod's), even with checkpoints off: recovery replays WiredTiger's log.
 */
class WiredTigerJournalTest {
  @TempDir Path dir;

  @Test
  void writesSurviveSigkillThroughTheJournal() throws Exception {
    int port;
    try (ServerSocket s = new ServerSocket(0)) {
      port = s.getLocalPort();
    }
    Process server =
        new ProcessBuilder(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp",
                System.getProperty("java.class.path"),
                StandinServer.class.getName(),
                "--bind",
                "127.0.0.1",
                "--port",
                String.valueOf(port),
                "--dbpath",
                dir.toString(),
                "--wiredTigerCacheSizeGB",
                "0.0625",
                "--syncdelay",
                "0") // no checkpoints: only the journal can bring the data back
            .redirectErrorStream(true)
            .start();
    try {
      BufferedReader out =
          new BufferedReader(
              new InputStreamReader(server.getInputStream(), StandardCharsets.UTF_8));
      String line;
      while ((line = out.readLine()) != null && !line.contains("Waiting for connections")) {
        // skip start-up output
      }
      assertTrue(line != null, "the stand-in exited before listening");
      try (MongoClient client = MongoClients.create("mongodb://127.0.0.1:" + port)) {
        MongoCollection<Document> c = client.getDatabase("j").getCollection("c");
        List<Document> docs = new ArrayList<>();
        for (int i = 0; i < 5000; i++) {
          docs.add(new Document("_id", i).append("v", "value " + i));
        }
        c.insertMany(docs);
        c.insertOne(new Document("_id", "last"));
        // Wait for the next journal sync after the last acknowledged write (the engine's own
        // counter), not for a guessed time.
        long syncsAtLastWrite = logSyncs(client);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (logSyncs(client) <= syncsAtLastWrite && System.nanoTime() < deadline) {
          Thread.onSpinWait();
        }
        assertTrue(logSyncs(client) > syncsAtLastWrite, "the journal was never synced");
      }
    } finally {
      server.destroyForcibly(); // SIGKILL: no shutdown hook, no final checkpoint
      server.waitFor();
    }
    try (StandinServer.Running restarted =
            StandinServer.startWiredTiger(
                "127.0.0.1", 0, dir, WiredTigerOptions.defaults().withCacheBytes(64L << 20));
        MongoClient client = MongoClients.create("mongodb://127.0.0.1:" + restarted.port())) {
      MongoCollection<Document> c = client.getDatabase("j").getCollection("c");
      assertEquals(5001, c.countDocuments(new Document("_id", new Document("$exists", true))));
      // The fast count too: recounted from the table after the unclean shutdown.
      assertEquals(5001, c.estimatedDocumentCount());
      assertEquals("value 4999", c.find(new Document("_id", 4999)).first().getString("v"));
      assertEquals(1, c.countDocuments(new Document("_id", "last")));
    }
  }

  private static long logSyncs(MongoClient client) {
    Document wt =
        client
            .getDatabase("admin")
            .runCommand(new Document("serverStatus", 1))
            .get("wiredTiger", Document.class);
    return ((Number) wt.get("log", Document.class).get("log sync operations")).longValue();
  }
}

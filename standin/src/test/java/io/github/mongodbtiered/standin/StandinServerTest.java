package io.github.mongodbtiered.standin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import java.nio.file.Path;
import org.bson.Document;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class StandinServerTest {
  @TempDir Path dir;

  @Test
  void theDefaultEngineIsWiredTigerAndH2StaysSelectable() throws Exception {
    try (StandinServer.Running wt = StandinServer.start("127.0.0.1", 0, dir.resolve("wt"), 64)) {
      assertEquals(StandinServer.StorageEngine.WIRED_TIGER, wt.engine());
    }
    try (StandinServer.Running h2 = StandinServer.startH2("127.0.0.1", 0, dir.resolve("h2"), -1);
        MongoClient client = MongoClients.create("mongodb://127.0.0.1:" + h2.port())) {
      client.getDatabase("d").getCollection("c").insertOne(new Document("_id", 1));
      assertEquals(1, client.getDatabase("d").getCollection("c").countDocuments());
      Document status = client.getDatabase("admin").runCommand(new Document("serverStatus", 1));
      assertFalse(status.containsKey("wiredTiger"), "H2 has no WiredTiger statistics to report");
    }
  }

  @Test
  void anUnknownEngineNamesTheOptionAndTheChoices() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class, () -> StandinServer.StorageEngine.parse("mmapv1"));
    assertEquals(
        "--storageEngine mmapv1 is not supported; use wiredTiger (default) or h2", e.getMessage());
    assertEquals(StandinServer.StorageEngine.H2, StandinServer.StorageEngine.parse("h2"));
  }

  @Test
  void theDefaultCacheFollowsMongodsRule() {
    assertEquals(256L << 20, WiredTigerOptions.defaultCacheBytes(1L << 30));
    assertEquals(3584L << 20, WiredTigerOptions.defaultCacheBytes(8L << 30));
  }

  @Test
  void theEngineConfigStringReachesWiredTiger() throws Exception {
    WiredTigerOptions small = WiredTigerOptions.defaults().withCacheBytes(32L << 20);
    try (StandinServer.Running ok =
        StandinServer.startWiredTiger(
            "127.0.0.1",
            0,
            dir.resolve("ok"),
            small.withEngineConfig("eviction_target=60,eviction_trigger=90"))) {
      assertEquals(StandinServer.StorageEngine.WIRED_TIGER, ok.engine());
    }
    IllegalStateException e =
        assertThrows(
            IllegalStateException.class,
            () ->
                StandinServer.startWiredTiger(
                    "127.0.0.1", 0, dir.resolve("bad"), small.withEngineConfig("no_such_key=1")));
    assertTrue(
        e.getMessage().contains("check --wiredTigerEngineConfigString \"no_such_key=1\""),
        e.getMessage());
  }
}

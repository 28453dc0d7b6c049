package io.github.mongodbtiered.standin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.mongodb.MongoBulkWriteException;
import com.mongodb.MongoCommandException;
import com.mongodb.MongoWriteException;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.MongoDatabase;
import com.mongodb.client.model.Filters;
import com.mongodb.client.model.IndexOptions;
import com.mongodb.client.model.Indexes;
import com.mongodb.client.model.Projections;
import com.mongodb.client.model.Sorts;
import com.mongodb.client.model.Updates;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.bson.Document;
import org.bson.types.ObjectId;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The WiredTiger backend through the wire protocol: the operations YCSB uses, and persistence. */
class WiredTigerBackendTest {
  private static final WiredTigerOptions SMALL =
      WiredTigerOptions.defaults().withCacheBytes(64L << 20);

  @TempDir Path dir;

  private static MongoClient client(StandinServer.Running server) {
    return MongoClients.create("mongodb://127.0.0.1:" + server.port());
  }

  @Test
  void crudAndScanInIdOrder() throws Exception {
    try (StandinServer.Running server = StandinServer.startWiredTiger("127.0.0.1", 0, dir, SMALL);
        MongoClient client = client(server)) {
      MongoCollection<Document> usertable = client.getDatabase("ycsb").getCollection("usertable");
      List<Document> batch = new ArrayList<>();
      for (int i = 0; i < 1000; i++) {
        batch.add(
            new Document("_id", String.format("user%04d", i))
                .append("field0", "v" + i)
                .append("field1", "w" + i));
      }
      usertable.insertMany(batch);
      assertEquals(1000, usertable.countDocuments());

      Document read =
          usertable
              .find(Filters.eq("_id", "user0042"))
              .projection(Projections.include("field1"))
              .first();
      assertEquals(new Document("_id", "user0042").append("field1", "w42"), read);

      usertable.updateOne(Filters.eq("_id", "user0042"), Updates.set("field1", "changed"));
      assertEquals(
          "changed", usertable.find(Filters.eq("_id", "user0042")).first().getString("field1"));
      assertEquals(
          "v42", usertable.find(Filters.eq("_id", "user0042")).first().getString("field0"));

      usertable.replaceOne(Filters.eq("_id", "user0043"), new Document("field9", "only"));
      assertEquals(
          new Document("_id", "user0043").append("field9", "only"),
          usertable.find(Filters.eq("_id", "user0043")).first());

      usertable.deleteOne(Filters.eq("_id", "user0044"));
      assertNull(usertable.find(Filters.eq("_id", "user0044")).first());

      List<String> scanned = new ArrayList<>();
      usertable
          .find(Filters.gte("_id", "user0040"))
          .sort(Sorts.ascending("_id"))
          .limit(6)
          .forEach(d -> scanned.add(d.getString("_id")));
      assertEquals(
          List.of("user0040", "user0041", "user0042", "user0043", "user0045", "user0046"), scanned);

      assertThrows(
          MongoWriteException.class, () -> usertable.insertOne(new Document("_id", "user0001")));
      assertEquals(999, usertable.countDocuments());
    }
  }

  @Test
  void idsOfDifferentTypesOrderAsMongoDbOrdersThem() throws Exception {
    try (StandinServer.Running server = StandinServer.startWiredTiger("127.0.0.1", 0, dir, SMALL);
        MongoClient client = client(server)) {
      MongoCollection<Document> c = client.getDatabase("t").getCollection("ids");
      ObjectId early = new ObjectId("000000000000000000000001");
      ObjectId late = new ObjectId("ffffffffffffffffffffffff");
      List<Object> ids =
          List.of(
              "b",
              late,
              10L,
              2.5,
              "a",
              -3,
              early,
              "ab",
              9_007_199_254_740_993L,
              9_007_199_254_740_992.0,
              true);
      for (Object id : ids) {
        c.insertOne(new Document("_id", id));
      }
      List<Object> ordered = new ArrayList<>();
      c.find().forEach(d -> ordered.add(d.get("_id")));
      assertEquals(
          List.of(
              -3,
              2.5,
              10L,
              9_007_199_254_740_992.0,
              9_007_199_254_740_993L,
              "a",
              "ab",
              "b",
              early,
              late,
              true),
          ordered);

      // Numbers compare by value across types: 10, 10L and 10.0 are one _id.
      assertThrows(MongoWriteException.class, () -> c.insertOne(new Document("_id", 10)));
      assertThrows(MongoWriteException.class, () -> c.insertOne(new Document("_id", 10.0)));
      assertEquals(10L, c.find(Filters.eq("_id", 10)).first().get("_id"));

      List<Object> range = new ArrayList<>();
      c.find(Filters.gte("_id", 2.5))
          .sort(Sorts.ascending("_id"))
          .limit(3)
          .forEach(d -> range.add(d.get("_id")));
      assertEquals(List.of(2.5, 10L, 9_007_199_254_740_992.0), range);
    }
  }

  @Test
  void aDuplicateIdIsRefusedWithE11000AndLeavesNoTrace() throws Exception {
    try (StandinServer.Running server = StandinServer.startWiredTiger("127.0.0.1", 0, dir, SMALL);
        MongoClient client = client(server)) {
      MongoCollection<Document> c = client.getDatabase("ycsb").getCollection("dups");
      c.createIndex(Indexes.ascending("email"), new IndexOptions().unique(true));
      c.insertOne(new Document("_id", "a").append("email", "a@example.org"));

      long sizeBefore = collStats(client, "dups").get("size", Number.class).longValue();
      MongoWriteException e =
          assertThrows(
              MongoWriteException.class,
              () -> c.insertOne(new Document("_id", "a").append("email", "new@example.org")));
      assertEquals(11000, e.getCode());
      assertTrue(e.getMessage().contains("_id_"), e.getMessage());
      assertEquals("a@example.org", c.find(Filters.eq("_id", "a")).first().getString("email"));
      assertEquals(sizeBefore, collStats(client, "dups").get("size", Number.class).longValue());
      // The refused document reached no other index: its e-mail is still free.
      c.insertOne(new Document("_id", "b").append("email", "new@example.org"));

      // An ordered batch stops at the duplicate; the count kept in memory counts what went in.
      List<Document> batch =
          List.of(new Document("_id", "c"), new Document("_id", "b"), new Document("_id", "d"));
      assertThrows(MongoBulkWriteException.class, () -> c.insertMany(batch));
      assertEquals(3, c.countDocuments());
      assertNull(c.find(Filters.eq("_id", "d")).first());
      assertEquals(3, collStats(client, "dups").get("count", Number.class).intValue());
    }
  }

  private static Document collStats(MongoClient client, String collection) {
    return client.getDatabase("ycsb").runCommand(new Document("collStats", collection));
  }

  @Test
  void dataAndIndexesSurviveARestart() throws Exception {
    try (StandinServer.Running server = StandinServer.startWiredTiger("127.0.0.1", 0, dir, SMALL);
        MongoClient client = client(server)) {
      MongoCollection<Document> c = client.getDatabase("keep").getCollection("things");
      for (int i = 0; i < 100; i++) {
        c.insertOne(new Document("_id", i).append("email", "u" + i + "@example.org"));
      }
      c.createIndex(Indexes.ascending("email"), new IndexOptions().unique(true));
      c.deleteOne(Filters.eq("_id", 7));
    }
    try (StandinServer.Running server = StandinServer.startWiredTiger("127.0.0.1", 0, dir, SMALL);
        MongoClient client = client(server)) {
      MongoDatabase db = client.getDatabase("keep");
      MongoCollection<Document> c = db.getCollection("things");
      assertEquals(99, c.countDocuments());
      assertEquals("u42@example.org", c.find(Filters.eq("_id", 42)).first().getString("email"));
      assertNull(c.find(Filters.eq("_id", 7)).first());
      assertEquals(42, c.find(Filters.eq("email", "u42@example.org")).first().getInteger("_id"));
      assertThrows(
          MongoWriteException.class,
          () -> c.insertOne(new Document("_id", 1000).append("email", "u1@example.org")));
      Document stats = db.runCommand(new Document("collStats", "things"));
      assertEquals(99, ((Number) stats.get("count")).intValue());
      assertTrue(((Number) stats.get("storageSize")).longValue() > 0, stats.toJson());
      assertTrue(((Number) stats.get("totalIndexSize")).longValue() > 0, stats.toJson());
    }
  }

  @Test
  void droppedCollectionsAreGoneAndCanBeCreatedAgain() throws Exception {
    try (StandinServer.Running server = StandinServer.startWiredTiger("127.0.0.1", 0, dir, SMALL);
        MongoClient client = client(server)) {
      MongoCollection<Document> c = client.getDatabase("d").getCollection("c");
      c.insertOne(new Document("_id", 1));
      c.drop();
      assertEquals(0, c.countDocuments());
      c.insertOne(new Document("_id", 2));
      assertEquals(2, c.find().first().getInteger("_id"));
      client.getDatabase("d").drop();
      assertEquals(0, c.countDocuments());
    }
  }

  @Test
  void serverStatusNamesTheEngineAndDbStatsReportsItsSizes() throws Exception {
    try (StandinServer.Running server = StandinServer.startWiredTiger("127.0.0.1", 0, dir, SMALL);
        MongoClient client = client(server)) {
      MongoDatabase db = client.getDatabase("sizes");
      List<Document> docs = new ArrayList<>();
      for (int i = 0; i < 2000; i++) {
        docs.add(new Document("_id", "k" + i).append("payload", "x".repeat(500)));
      }
      db.getCollection("c").insertMany(docs);
      Document status = client.getDatabase("admin").runCommand(new Document("serverStatus", 1));
      assertEquals("wiredTiger", status.get("storageEngine", Document.class).getString("name"));
      Document wt = status.get("wiredTiger", Document.class);
      Document cache = wt.get("cache", Document.class);
      assertEquals(64L << 20, ((Number) cache.get("maximum bytes configured")).longValue());
      assertTrue(
          ((Number) cache.get("bytes currently in the cache")).longValue() > 1_000_000,
          cache.toJson());
      assertTrue(cache.get("pages requested from the cache") instanceof Number, cache.toJson());
      assertTrue(wt.get("block-manager", Document.class).get("bytes read") instanceof Number);
      // Beyond mongod: the JVM's compile time, which grows while the server is still warming.
      long jitMillis =
          ((Number) status.get("jvm", Document.class).get("compilationTimeMillis")).longValue();
      assertTrue(jitMillis > 0, status.toJson());

      Document dbStats = db.runCommand(new Document("dbStats", 1));
      assertEquals(2000, ((Number) dbStats.get("objects")).intValue());
      double dataSize = ((Number) dbStats.get("dataSize")).doubleValue();
      assertTrue(dataSize > 2000 * 500 && dataSize < 2000 * 600, dbStats.toJson());
    }
  }

  @Test
  void collectionsAreSnappyCompressedOnDisk() throws Exception {
    try (StandinServer.Running server = StandinServer.startWiredTiger("127.0.0.1", 0, dir, SMALL);
        MongoClient client = client(server)) {
      List<Document> docs = new ArrayList<>();
      for (int i = 0; i < 5000; i++) {
        docs.add(new Document("_id", i).append("payload", "abcd".repeat(250)));
      }
      client.getDatabase("z").getCollection("c").insertMany(docs);
    }
    // Closing wrote the final checkpoint, so the file holds every page.
    try (StandinServer.Running server = StandinServer.startWiredTiger("127.0.0.1", 0, dir, SMALL);
        MongoClient client = client(server)) {
      Document stats = client.getDatabase("z").runCommand(new Document("collStats", "c"));
      long size = ((Number) stats.get("size")).longValue();
      long storage = ((Number) stats.get("storageSize")).longValue();
      assertTrue(size > 5_000_000, stats.toJson());
      assertTrue(
          storage > 0 && storage < size / 4, "snappy: " + storage + " of " + size + " bytes");
    }
  }

  @Test
  void secondaryIndexesAreTablesThatFollowWrites() throws Exception {
    try (StandinServer.Running server = StandinServer.startWiredTiger("127.0.0.1", 0, dir, SMALL);
        MongoClient client = client(server)) {
      MongoCollection<Document> c = client.getDatabase("s").getCollection("people");
      for (int i = 0; i < 300; i++) {
        c.insertOne(
            new Document("_id", i)
                .append("group", i % 3)
                .append("tags", List.of("t" + (i % 5), "all")));
      }
      c.createIndex(Indexes.ascending("group"));
      c.createIndex(Indexes.ascending("tags"));
      c.insertOne(new Document("_id", 300).append("group", 1.0).append("tags", List.of("new")));
      c.updateOne(Filters.eq("_id", 0), Updates.set("group", 1));
      c.deleteOne(Filters.eq("_id", 3));
    }
    try (StandinServer.Running server = StandinServer.startWiredTiger("127.0.0.1", 0, dir, SMALL);
        MongoClient client = client(server)) {
      MongoDatabase db = client.getDatabase("s");
      MongoCollection<Document> c = db.getCollection("people");
      // 100 in group 1, plus _id 0 moved in and _id 300 (1.0 equals 1).
      assertEquals(102, c.countDocuments(Filters.eq("group", 1)));
      // group 0 lost _id 0 (moved) and _id 3 (deleted).
      assertEquals(98, c.countDocuments(Filters.eq("group", 0)));
      assertEquals(299, c.countDocuments(Filters.eq("tags", "all")));
      assertEquals(1, c.countDocuments(Filters.eq("tags", "new")));
      List<Integer> group2 = new ArrayList<>();
      c.find(Filters.eq("group", 2)).forEach(d -> group2.add(d.getInteger("_id")));
      assertEquals(100, group2.size());
      assertTrue(group2.stream().allMatch(id -> id % 3 == 2), group2.toString());
      Document validate = db.runCommand(new Document("validate", "people"));
      Document keys = validate.get("keysPerIndex", Document.class);
      assertEquals(300, ((Number) keys.get("group_1")).intValue(), validate.toJson());
      assertEquals(299 * 2 + 1, ((Number) keys.get("tags_1")).intValue(), validate.toJson());
      Document stats = db.runCommand(new Document("collStats", "people"));
      Document sizes = stats.get("indexSizes", Document.class);
      assertTrue(((Number) sizes.get("group_1")).longValue() > 0, stats.toJson());
    }
  }

  @Test
  void collStatsGivesEachFilesSizeAndTheSpaceWiredTigerHoldsForReuse() throws Exception {
    fragmentedCollection();
    try (StandinServer.Running server = StandinServer.startWiredTiger("127.0.0.1", 0, dir, SMALL);
        MongoClient client = client(server)) {
      Document stats = client.getDatabase("r").runCommand(new Document("collStats", "c"));
      Document blocks =
          stats.get("wiredTiger", Document.class).get("block-manager", Document.class);
      long size = ((Number) blocks.get("file size in bytes")).longValue();
      long reusable = ((Number) blocks.get("file bytes available for reuse")).longValue();
      assertEquals(((Number) stats.get("storageSize")).longValue(), size, stats.toJson());
      assertTrue(reusable > size / 2 && reusable < size, blocks.toJson());
      Document details = stats.get("indexDetails", Document.class);
      assertFalse(details.containsKey("_id_"), "no file of its own: the collection's table");
      Document index = details.get("n_1", Document.class).get("block-manager", Document.class);
      long indexSize = ((Number) index.get("file size in bytes")).longValue();
      long indexReusable = ((Number) index.get("file bytes available for reuse")).longValue();
      assertEquals(
          ((Number) stats.get("indexSizes", Document.class).get("n_1")).longValue(),
          indexSize,
          stats.toJson());
      assertTrue(indexReusable >= 0 && indexReusable < indexSize, index.toJson());
    }
  }

  @Test
  void compactGivesTheFreeSpaceBackAndKeepsTheDocuments() throws Exception {
    fragmentedCollection();
    try (StandinServer.Running server = StandinServer.startWiredTiger("127.0.0.1", 0, dir, SMALL);
        MongoClient client = client(server)) {
      MongoDatabase db = client.getDatabase("r");
      long before = fileSizeBytes(db);
      Document reply = db.runCommand(new Document("compact", "c"));
      long after = fileSizeBytes(db);
      long freed = ((Number) reply.get("bytesFreed")).longValue();
      assertTrue(after < before / 2, before + " -> " + after);
      assertTrue(freed >= before - after, reply.toJson());
      MongoCollection<Document> c = db.getCollection("c");
      assertEquals(2_000, c.countDocuments());
      assertEquals(19_999, c.find(Filters.eq("n", 19_999)).first().getInteger("_id"));
      MongoCommandException missing =
          assertThrows(
              MongoCommandException.class, () -> db.runCommand(new Document("compact", "none")));
      assertEquals(26, missing.getErrorCode());
      MongoCommandException unnamed =
          assertThrows(
              MongoCommandException.class, () -> db.runCommand(new Document("compact", 1)));
      assertEquals(2, unnamed.getErrorCode());
    }
  }

  /**
   * Collection "c" of database "r" with 20,000 documents and an index on "n", of which the first
   * 18,000 are deleted: their pages' blocks are freed at the checkpoint closing the writes, so the
   * file keeps its size with most of it free for reuse, near its start.
   */
  private void fragmentedCollection() throws Exception {
    Random random = new Random(13);
    try (StandinServer.Running server = StandinServer.startWiredTiger("127.0.0.1", 0, dir, SMALL);
        MongoClient client = client(server)) {
      MongoCollection<Document> c = client.getDatabase("r").getCollection("c");
      List<Document> docs = new ArrayList<>();
      for (int i = 0; i < 20_000; i++) {
        byte[] payload = new byte[500];
        random.nextBytes(payload);
        docs.add(new Document("_id", i).append("n", i).append("payload", payload));
      }
      c.insertMany(docs);
      c.createIndex(Indexes.ascending("n"));
    }
    try (StandinServer.Running server = StandinServer.startWiredTiger("127.0.0.1", 0, dir, SMALL);
        MongoClient client = client(server)) {
      client.getDatabase("r").getCollection("c").deleteMany(Filters.lt("_id", 18_000));
    }
  }

  private static long fileSizeBytes(MongoDatabase db) {
    Document stats = db.runCommand(new Document("collStats", "c"));
    return ((Number)
            stats
                .get("wiredTiger", Document.class)
                .get("block-manager", Document.class)
                .get("file size in bytes"))
        .longValue();
  }
}

package io.github.mongodbtiered.standin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.Indexes;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.bson.Document;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code --wiredTigerCollectionBlockCompressor} and {@code --wiredTigerIndexPrefixCompression}. */
class WiredTigerCompressionTest {
  private static final WiredTigerOptions SMALL =
      WiredTigerOptions.defaults().withCacheBytes(64L << 20);

  private static final List<String> WORDS =
      List.of(
          "alpha",
          "bravo",
          "charlie",
          "delta",
          "echo",
          "foxtrot",
          "golf",
          "hotel",
          "india",
          "juliett",
          "kilo",
          "lima",
          "mike",
          "november",
          "oscar",
          "papa");

  @TempDir Path dir;

  private static MongoClient client(StandinServer.Running server) {
    return MongoClients.create("mongodb://127.0.0.1:" + server.port());
  }

  @Test
  void theCollectionsFollowTheBlockCompressorAndOpenWhateverItSaysLater() throws Exception {
    long none = storageBytes("none");
    long snappy = storageBytes("snappy");
    long zlib = storageBytes("zlib");
    // Random words: snappy halves them or so, zlib (entropy coding) does better, none not at all.
    assertTrue(none > 3_000_000, "none: " + none);
    assertTrue(snappy < none * 3 / 4, "snappy " + snappy + " vs none " + none);
    assertTrue(zlib < snappy * 3 / 4, "zlib " + zlib + " vs snappy " + snappy);
  }

  /** The collection's size on disk after 3,000 documents of 1 KB of random words. */
  private long storageBytes(String compressor) throws Exception {
    Path db = dir.resolve(compressor);
    Random random = new Random(42);
    try (StandinServer.Running server =
            StandinServer.startWiredTiger(
                "127.0.0.1", 0, db, SMALL.withBlockCompressor(compressor));
        MongoClient client = client(server)) {
      List<Document> docs = new ArrayList<>();
      for (int i = 0; i < 3000; i++) {
        StringBuilder text = new StringBuilder();
        while (text.length() < 1000) {
          text.append(WORDS.get(random.nextInt(WORDS.size()))).append(' ');
        }
        docs.add(new Document("_id", i).append("text", text.toString()));
      }
      client.getDatabase("z").getCollection("c").insertMany(docs);
    }
    // Closing wrote the final checkpoint. Reopened with the default (snappy): a table keeps the
    // compressor it was made with, and every installed one is loaded to read it.
    try (StandinServer.Running server = StandinServer.startWiredTiger("127.0.0.1", 0, db, SMALL);
        MongoClient client = client(server)) {
      MongoCollection<Document> c = client.getDatabase("z").getCollection("c");
      assertEquals(3000, c.countDocuments());
      assertEquals(2999, c.find(new Document("_id", 2999)).first().getInteger("_id"));
      Document stats = client.getDatabase("z").runCommand(new Document("collStats", "c"));
      return ((Number) stats.get("storageSize")).longValue();
    }
  }

  @Test
  void aCompressorThisWiredTigerLacksIsRefusedBeforeAnythingIsWritten() {
    List<String> there = WiredTigerEngine.blockCompressors();
    assumeFalse(there.contains("zstd"), "this host's WiredTiger has zstd");
    Path db = dir.resolve("zstd");
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                StandinServer.startWiredTiger(
                    "127.0.0.1", 0, db, SMALL.withBlockCompressor("zstd")));
    assertTrue(
        e.getMessage()
            .startsWith(
                "--wiredTigerCollectionBlockCompressor zstd: this WiredTiger"
                    + " has no zstd extension (libwiredtiger_zstd.so, looked in "),
        e.getMessage());
    assertTrue(e.getMessage().endsWith("; it has " + String.join(", ", there)), e.getMessage());
    assertTrue(!db.resolve("WiredTiger").toFile().exists(), "no engine was opened");
  }

  @Test
  void indexesCompressTheirKeysPrefixesUnlessToldNot() throws Exception {
    long prefixCompressed = indexBytes(true);
    long plain = indexBytes(false);
    assertTrue(
        prefixCompressed < plain / 2, "prefix compressed " + prefixCompressed + " vs " + plain);
  }

  /** The size on disk of an index on 20,000 keys that share a 100-byte prefix. */
  private long indexBytes(boolean prefixCompression) throws Exception {
    Path db = dir.resolve("prefix-" + prefixCompression);
    String prefix = "k".repeat(100);
    try (StandinServer.Running server =
            StandinServer.startWiredTiger(
                "127.0.0.1", 0, db, SMALL.withIndexPrefixCompression(prefixCompression));
        MongoClient client = client(server)) {
      MongoCollection<Document> c = client.getDatabase("p").getCollection("c");
      c.createIndex(Indexes.ascending("key"));
      List<Document> docs = new ArrayList<>();
      for (int i = 0; i < 20_000; i++) {
        docs.add(new Document("_id", i).append("key", prefix + String.format("%06d", i)));
      }
      c.insertMany(docs);
    }
    try (StandinServer.Running server = StandinServer.startWiredTiger("127.0.0.1", 0, db, SMALL);
        MongoClient client = client(server)) {
      Document stats = client.getDatabase("p").runCommand(new Document("collStats", "c"));
      return ((Number) stats.get("indexSizes", Document.class).get("key_1")).longValue();
    }
  }
}

package io.github.mongodbtiered.standin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.Filters;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.bson.Document;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A WiredTiger cache miss is not a disk read: when the data file sits in the OS page cache, {@code
 * bytes read into cache} rises while the device is not touched. What WiredTiger 3.2.1 counts under
 * {@code block-manager: bytes read} is every block it asks the file system for ({@code pread} of a
 * live table; {@code mapped bytes read} is only for read-only checkpoints mapped with mmap), so
 * that counter rises with the misses too: only the process's storage I/O ({@code read_bytes} in
 * {@code /proc/self/io}, which counts what reached the block device) stays near zero.
 */
class WiredTigerPageCacheTest {
  private static final int DOCUMENTS = 50_000; // ~50 MB, twice the 24 MB cache

  @TempDir Path dir;

  @Test
  void cacheMissesServedByThePageCacheReadNothingFromTheDevice() throws Exception {
    WiredTigerOptions options = WiredTigerOptions.defaults().withCacheBytes(24L << 20);
    try (StandinServer.Running server =
            StandinServer.startWiredTiger("127.0.0.1", 0, dir, options);
        MongoClient client = MongoClients.create("mongodb://127.0.0.1:" + server.port())) {
      MongoCollection<Document> c = client.getDatabase("ycsb").getCollection("usertable");
      SplittableRandom random = new SplittableRandom(7);
      List<Document> batch = new ArrayList<>();
      for (int i = 0; i < DOCUMENTS; i++) {
        batch.add(
            new Document("_id", WiredTigerCacheHitRatioTest.key(i))
                .append("field0", WiredTigerCacheHitRatioTest.randomText(random, 1000)));
        if (batch.size() == 1000) {
          c.insertMany(batch);
          batch.clear();
        }
      }
    }
    // A restart empties WiredTiger's cache (closing writes a checkpoint); reading the files once
    // puts them all in the OS page cache.
    readAll(dir);

    try (StandinServer.Running server =
            StandinServer.startWiredTiger("127.0.0.1", 0, dir, options);
        MongoClient client = MongoClients.create("mongodb://127.0.0.1:" + server.port())) {
      MongoCollection<Document> c = client.getDatabase("ycsb").getCollection("usertable");
      SplittableRandom random = new SplittableRandom(11);
      // Rounds, each on freshly warmed files: on a shared host anyone may drop the page cache
      // (the harness does, per cell), which spoils the round it lands in, not all of them.
      long fewestDeviceBytes = Long.MAX_VALUE;
      long blockBytesThen = 0;
      for (int round = 0; round < 4; round++) {
        readAll(dir);
        ServerStatusCounters before = ServerStatusCounters.of(client);
        long deviceBefore = deviceReadBytes();
        for (int i = 0; i < 5_000; i++) {
          String key = WiredTigerCacheHitRatioTest.key(random.nextInt(DOCUMENTS));
          assertEquals(key, c.find(Filters.eq("_id", key)).first().getString("_id"));
        }
        long deviceBytes = deviceReadBytes() - deviceBefore;
        ServerStatusCounters delta = ServerStatusCounters.of(client).since(before);
        System.out.printf(
            Locale.ROOT,
            "page cache warm, round %d: bytes read into cache %d, block-manager bytes read %d,"
                + " device read_bytes %d, hit ratio %.4f%n",
            round,
            delta.bytesReadIntoCache(),
            delta.blockBytesRead(),
            deviceBytes,
            delta.hitRatio());
        assertTrue(delta.bytesReadIntoCache() > 20L << 20, "cache misses: " + delta);
        // WiredTiger read those pages from its file (page cache or not, it cannot tell)...
        assertTrue(delta.blockBytesRead() > 20L << 20, "blocks asked of the file system: " + delta);
        if (deviceBytes < fewestDeviceBytes) {
          fewestDeviceBytes = deviceBytes;
          blockBytesThen = delta.blockBytesRead();
        }
      }
      // ...but the device served next to none of them.
      assertTrue(
          fewestDeviceBytes < blockBytesThen / 50,
          "device reads " + fewestDeviceBytes + " bytes for " + blockBytesThen + " block bytes");
    }
  }

  private static void readAll(Path dir) throws IOException {
    byte[] buffer = new byte[1 << 20];
    try (Stream<Path> files = Files.walk(dir)) {
      for (Path f : files.filter(Files::isRegularFile).toList()) {
        try (InputStream in = Files.newInputStream(f)) {
          while (in.read(buffer) >= 0) {
            // only to fault the file into the page cache
          }
        } catch (NoSuchFileException e) {
          // a journal file the running engine removed since the walk listed it
        }
      }
    }
  }

  /** Bytes this process caused to be fetched from the storage layer (Linux task I/O accounting). */
  private static long deviceReadBytes() throws IOException {
    for (String line : Files.readAllLines(Path.of("/proc/self/io"))) {
      if (line.startsWith("read_bytes:")) {
        return Long.parseLong(line.substring("read_bytes:".length()).trim());
      }
    }
    throw new IllegalStateException("/proc/self/io has no read_bytes line");
  }
}

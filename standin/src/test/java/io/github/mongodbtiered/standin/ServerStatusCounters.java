package io.github.mongodbtiered.standin;

import com.mongodb.client.MongoClient;
import org.bson.Document;

/** One snapshot of the WiredTiger counters a test reads, from {@code serverStatus} alone. */
record ServerStatusCounters(
    long pagesRequested, long pagesReadIntoCache, long bytesReadIntoCache, long blockBytesRead) {

  static ServerStatusCounters of(MongoClient client) {
    Document wt =
        client
            .getDatabase("admin")
            .runCommand(new Document("serverStatus", 1))
            .get("wiredTiger", Document.class);
    Document cache = wt.get("cache", Document.class);
    Document blocks = wt.get("block-manager", Document.class);
    return new ServerStatusCounters(
        ((Number) cache.get("pages requested from the cache")).longValue(),
        ((Number) cache.get("pages read into cache")).longValue(),
        ((Number) cache.get("bytes read into cache")).longValue(),
        ((Number) blocks.get("bytes read")).longValue());
  }

  ServerStatusCounters since(ServerStatusCounters before) {
    return new ServerStatusCounters(
        pagesRequested - before.pagesRequested,
        pagesReadIntoCache - before.pagesReadIntoCache,
        bytesReadIntoCache - before.bytesReadIntoCache,
        blockBytesRead - before.blockBytesRead);
  }

  /** The harness's definition: 1 - pages read into cache / pages requested from the cache. */
  double hitRatio() {
    return 1 - (double) pagesReadIntoCache / pagesRequested;
  }
}

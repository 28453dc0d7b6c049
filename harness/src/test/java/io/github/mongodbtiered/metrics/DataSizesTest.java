package io.github.mongodbtiered.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.bson.Document;
import org.junit.jupiter.api.Test;

class DataSizesTest {
  @Test
  void dbStatsIndexSize() {
    // mongod 7.0 dbStats: sizes as doubles, index size as a long.
    DataSizes s =
        DataSizes.from(
            Document.parse(
                "{\"db\": \"ycsb\", \"collections\": 1, \"objects\": 2000000,"
                    + " \"dataSize\": 2.334E9, \"storageSize\": 2.2E9,"
                    + " \"indexSize\": {\"$numberLong\": \"96000000\"},"
                    + " \"totalSize\": 2.296E9, \"scaleFactor\": 1, \"ok\": 1}"));
    assertEquals(new DataSizes(2_334_000_000L, 96_000_000L, 2_200_000_000L), s);
    assertEquals(2_430_000_000L, s.workingSetBytes());
    assertEquals(2_296_000_000L, s.onDiskBytes());
  }

  @Test
  void collStatsTotalIndexSize() {
    DataSizes s =
        DataSizes.from(
            Document.parse(
                "{\"ns\": \"ycsb.usertable\", \"size\": 1000, \"dataSize\": 1000,"
                    + " \"storageSize\": 4096, \"totalIndexSize\": 8192,"
                    + " \"indexSizes\": {\"_id_\": 8192}}"));
    assertEquals(new DataSizes(1000L, 8192L, 4096L), s);
  }

  @Test
  void aScaledReplyIsScaledBack() {
    DataSizes s =
        DataSizes.from(
            Document.parse(
                "{\"dataSize\": 2226, \"indexSize\": 91, \"storageSize\": 2098,"
                    + " \"scaleFactor\": 1048576}"));
    assertEquals(2226L << 20, s.dataBytes());
    assertEquals((2226L + 91) << 20, s.workingSetBytes());
  }

  @Test
  void missingFiguresAreNullAndSoAreTheirSums() {
    DataSizes s = DataSizes.from(Document.parse("{\"dataSize\": 10, \"indexSize\": \"n/a\"}"));
    assertEquals(10L, s.dataBytes());
    assertNull(s.indexBytes());
    assertNull(s.storageBytes());
    assertNull(s.workingSetBytes());
    assertNull(s.onDiskBytes());
  }

  @Test
  void collStatsOfAServerThatKnowsNoStorageSize() {
    // mongo-java-server's collStats: "size", a per-index "indexSize" document, storageSize 0.
    DataSizes s =
        DataSizes.from(
            new Document("size", 2454879)
                .append("storageSize", 0)
                .append("indexSize", new Document("_id_", 2102).append("f_1", 98)));
    assertEquals(2454879L, s.dataBytes());
    assertEquals(2200L, s.indexBytes());
    assertNull(s.storageBytes(), "0 bytes of storage for 2.4 MB of data means unknown");
    assertEquals(2454879L + 2200L, s.workingSetBytes());
  }

  /** mongod's collStats: per file, its size and the free space WiredTiger holds for reuse. */
  private static final String COLL_STATS =
      "{\"ns\": \"ycsb.usertable\", \"size\": 3500000000, \"storageSize\": 6540000000,"
          + " \"totalIndexSize\": 160000000,"
          + " \"wiredTiger\": {\"block-manager\": {\"file size in bytes\": 6540000000,"
          + "   \"file bytes available for reuse\": 3230000000, \"blocks read\": 5}},"
          + " \"indexDetails\": {"
          + "   \"_id_\": {\"block-manager\": {\"file size in bytes\": 100000000,"
          + "     \"file bytes available for reuse\": 10000000}},"
          + "   \"f_1\": {\"block-manager\": {\"file size in bytes\": 60000000,"
          + "     \"file bytes available for reuse\": %s}}}}";

  @Test
  void liveBytesAreTheFilesLessTheirSpaceForReuseCollectionAndIndexes() {
    DataSizes s = DataSizes.from(Document.parse(COLL_STATS.formatted("0")));
    assertEquals(
        (6_540_000_000L - 3_230_000_000L) + (100_000_000L - 10_000_000L) + 60_000_000L,
        s.liveBytes());
    assertEquals(6_700_000_000L, s.onDiskBytes(), "the file size is unchanged");
  }

  @Test
  void liveBytesAreUnknownWhenAnyFileLacksThemNeverAPartialSum() {
    assertNull(DataSizes.from(Document.parse(COLL_STATS.formatted("\"n/a\""))).liveBytes());
    assertNull(
        DataSizes.from(Document.parse(COLL_STATS.formatted("70000000"))).liveBytes(),
        "more free space than file: inconsistent, so unknown");
    Document noIndexDetails = Document.parse(COLL_STATS.formatted("0"));
    noIndexDetails.remove("indexDetails");
    assertNull(DataSizes.from(noIndexDetails).liveBytes());
    Document noCollectionFigures = Document.parse(COLL_STATS.formatted("0"));
    noCollectionFigures.put("wiredTiger", new Document("uri", "statistics:table:x"));
    assertNull(DataSizes.from(noCollectionFigures).liveBytes());
    assertNull(
        DataSizes.from(Document.parse("{\"dataSize\": 10, \"indexSize\": 5}")).liveBytes(),
        "dbStats has none");
  }
}

package io.github.mongodbtiered.binding;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoCollection;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.Vector;
import org.bson.BsonDocument;
import org.bson.Document;
import org.bson.types.Binary;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.DBException;
import site.ycsb.Status;
import site.ycsb.StringByteIterator;
import site.ycsb.measurements.Measurements;

/** The binding against a mongo-java-server on loopback: statuses, stored format, batches. */
class MongoDbTieredClientTest {
  private InJvmMongo mongo;
  private MongoClient raw;
  private final List<DB> open = new ArrayList<>();

  @BeforeEach
  void start() {
    mongo = new InJvmMongo();
    raw = MongoClients.create(mongo.url("t"));
    Measurements.setProperties(new Properties());
  }

  @AfterEach
  void stop() throws DBException {
    for (DB db : open) {
      db.cleanup();
    }
    raw.close();
    mongo.close();
  }

  private DB db(String... props) throws DBException {
    Properties p = new Properties();
    p.setProperty("mongodb.url", mongo.url("t"));
    for (String kv : props) {
      p.setProperty(kv.substring(0, kv.indexOf('=')), kv.substring(kv.indexOf('=') + 1));
    }
    MongoDbTieredClient db = new MongoDbTieredClient();
    db.setProperties(p);
    db.init();
    open.add(db);
    return db;
  }

  private void close(DB db) throws DBException {
    open.remove(db);
    db.cleanup();
  }

  private static Map<String, ByteIterator> fields(String... kv) {
    Map<String, ByteIterator> m = new LinkedHashMap<>();
    for (int i = 0; i < kv.length; i += 2) {
      m.put(kv[i], new StringByteIterator(kv[i + 1]));
    }
    return m;
  }

  private MongoCollection<Document> usertable() {
    return raw.getDatabase("t").getCollection("usertable");
  }

  @Test
  void storesRecordsAsTheStockBindingDoes() throws Exception {
    DB db = db();
    assertEquals(Status.OK, db.insert("usertable", "user1", fields("field0", "a", "field1", "b")));
    Document stored = usertable().find(new Document("_id", "user1")).first();
    assertEquals("user1", stored.get("_id"));
    Binary field0 = assertInstanceOf(Binary.class, stored.get("field0"));
    assertEquals("a", new String(field0.getData(), StandardCharsets.UTF_8));
    // Generic binary (subtype 0), fields in the order given, in a batch as one at a time.
    assertEquals(0, field0.getType());
    assertEquals(List.of("_id", "field0", "field1"), List.copyOf(stored.keySet()));
  }

  @Test
  void readsRecordsWrittenByOtherLoaders() throws Exception {
    // The stock binding stores byte arrays; other tools store strings. Both read back as bytes.
    usertable()
        .insertOne(
            new Document("_id", "k")
                .append("f0", new Binary("x".getBytes()))
                .append("f1", "y")
                .append("f2", 42));
    Map<String, ByteIterator> result = new HashMap<>();
    assertEquals(Status.OK, db().read("usertable", "k", null, result));
    assertEquals(Set.of("f0", "f1", "f2"), result.keySet());
    assertEquals("x", result.get("f0").toString());
    assertEquals("y", result.get("f1").toString());
    assertEquals("42", result.get("f2").toString());
    // A record whose first field is not binary reads the same way, in a scan too.
    usertable()
        .insertOne(
            new Document("_id", "l").append("f0", "z").append("f1", new Binary("w".getBytes())));
    Vector<HashMap<String, ByteIterator>> rows = new Vector<>();
    assertEquals(Status.OK, db().scan("usertable", "k", 2, null, rows));
    assertEquals("z", rows.get(1).get("f0").toString());
    assertEquals("w", rows.get(1).get("f1").toString());
  }

  @Test
  void readProjectsRequestedFieldsOrAllWhenNone() throws Exception {
    DB db = db();
    db.insert("usertable", "k", fields("f0", "a", "f1", "b", "f2", "c"));
    Map<String, ByteIterator> some = new HashMap<>();
    assertEquals(Status.OK, db.read("usertable", "k", Set.of("f1"), some));
    assertEquals(Set.of("f1"), some.keySet());
    Map<String, ByteIterator> all = new HashMap<>();
    assertEquals(Status.OK, db.read("usertable", "k", null, all));
    assertEquals(Set.of("f0", "f1", "f2"), all.keySet());
  }

  @Test
  void missingKeysAreNotFoundNotErrors() throws Exception {
    DB db = db();
    assertEquals(Status.NOT_FOUND, db.read("usertable", "nope", null, new HashMap<>()));
    assertEquals(Status.NOT_FOUND, db.update("usertable", "nope", fields("f0", "a")));
    assertEquals(Status.NOT_FOUND, db.delete("usertable", "nope"));
    assertEquals(Status.NOT_FOUND, db.scan("usertable", "user", 10, null, new Vector<>()));
  }

  @Test
  void updateSetsOnlyTheGivenFields() throws Exception {
    DB db = db();
    db.insert("usertable", "k", fields("f0", "a", "f1", "b"));
    assertEquals(Status.OK, db.update("usertable", "k", fields("f1", "B")));
    Map<String, ByteIterator> r = new HashMap<>();
    db.read("usertable", "k", null, r);
    assertEquals("a", r.get("f0").toString());
    assertEquals("B", r.get("f1").toString());
    // Stored as the stock binding's update stores it: a generic binary, not another type.
    Binary f1 = assertInstanceOf(Binary.class, usertable().find().first().get("f1"));
    assertEquals(0, f1.getType());
  }

  @Test
  void filtersAreBsonDocumentsTheDriverSendsAsTheyAre() {
    // A Document filter costs a codec-registry encode per operation (docs/client-cost.md); the
    // filter must stay {_id: <the key as a string>}, the stock binding's, so the server's work is
    // the same.
    BsonDocument filter = MongoDbTieredClient.idFilter("user42");
    assertEquals(BsonDocument.parse("{\"_id\": \"user42\"}"), filter);
    assertTrue(filter.get("_id").isString());
  }

  @Test
  void deleteRemovesTheRecord() throws Exception {
    DB db = db();
    db.insert("usertable", "k", fields("f0", "a"));
    assertEquals(Status.OK, db.delete("usertable", "k"));
    assertEquals(0, usertable().countDocuments());
    assertEquals(Status.NOT_FOUND, db.delete("usertable", "k"));
  }

  @Test
  void scanReturnsSortedRecordsFromTheStartKeyLimitedAndProjected() throws Exception {
    DB db = db();
    for (String k : List.of("user5", "user1", "user3", "user2", "user4")) {
      db.insert("usertable", k, fields("f0", k, "f1", "x"));
    }
    Vector<HashMap<String, ByteIterator>> rows = new Vector<>();
    assertEquals(Status.OK, db.scan("usertable", "user2", 3, Set.of("f0"), rows));
    List<String> keys = new ArrayList<>();
    rows.forEach(r -> keys.add(r.get("f0").toString()));
    assertEquals(List.of("user2", "user3", "user4"), keys);
    assertEquals(Set.of("f0"), rows.get(0).keySet());
  }

  @Test
  void duplicateInsertIsAnErrorAndIsLoggedOncePerKind() throws Exception {
    PrintStream saved = System.err;
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
    try {
      DB db = db();
      db.insert("usertable", "k", fields("f0", "a"));
      for (int i = 0; i < 50; i++) {
        assertEquals(Status.ERROR, db.insert("usertable", "k", fields("f0", "a")));
      }
      close(db);
    } finally {
      System.setErr(saved);
    }
    String log = err.toString(StandardCharsets.UTF_8);
    assertEquals(1, log.split("INSERT failed", -1).length - 1, log);
    assertTrue(log.contains("INSERT MongoWriteException[11000] failures: 50"), log);
    assertFalse(log.contains("\tat "), "no stack traces: " + log);
  }

  @Test
  void upsertReplacesExistingRecords() throws Exception {
    DB db = db("mongodb.upsert=true");
    assertEquals(Status.OK, db.insert("usertable", "k", fields("f0", "a")));
    assertEquals(Status.OK, db.insert("usertable", "k", fields("f0", "b")));
    Map<String, ByteIterator> r = new HashMap<>();
    db.read("usertable", "k", null, r);
    assertEquals("b", r.get("f0").toString());
  }

  @Test
  void aPartialBatchIsWrittenAtCleanup() throws Exception {
    DB db = db("batchsize=7");
    int ok = 0;
    int batched = 0;
    for (int i = 0; i < 52; i++) {
      Status s = db.insert("usertable", "user" + i, fields("f0", "v"));
      if (s == Status.OK) {
        ok++;
      } else if (s == Status.BATCHED_OK) {
        batched++;
      }
    }
    // 52 records: 7 full batches (7 calls return OK, 42 BATCHED_OK), 3 records still pending.
    assertEquals(7, ok);
    assertEquals(45, batched);
    assertEquals(49, usertable().countDocuments());
    close(db);
    assertEquals(52, usertable().countDocuments(), "trailing partial batch flushed at cleanup");
  }

  @Test
  void aFailedBatchIsReportedAndDoesNotPoisonLaterBatches() throws Exception {
    // Two keys of the second batch exist already: those two records fail, the rest are written.
    usertable().insertOne(new Document("_id", "user12"));
    usertable().insertOne(new Document("_id", "user17"));
    DB db = db("batchsize=10");
    List<Status> flushes = new ArrayList<>();
    for (int i = 0; i < 35; i++) {
      Status s = db.insert("usertable", "user" + i, fields("f0", "v"));
      if (s != Status.BATCHED_OK) {
        flushes.add(s);
      }
    }
    close(db);
    assertEquals(List.of(Status.OK, Status.ERROR, Status.OK), flushes);
    // Every record accounted for: 33 written by us + 2 pre-existing = 35 documents.
    assertEquals(35, usertable().countDocuments());
    assertEquals(33, usertable().countDocuments(new Document("f0", new Document("$exists", true))));
  }

  @Test
  void oneClientIsSharedByAllThreadsAndClosedByTheLast() throws Exception {
    int before = SharedClient.created();
    List<DB> dbs = new ArrayList<>();
    for (int i = 0; i < 4; i++) {
      dbs.add(db());
    }
    assertEquals(before + 1, SharedClient.created());
    assertEquals(1, SharedClient.open());
    for (int i = 0; i < 3; i++) {
      close(dbs.get(i));
      assertEquals(1, SharedClient.open());
    }
    close(dbs.get(3));
    assertEquals(0, SharedClient.open());
  }

  @Test
  void unreachableServerFailsInitWithinTheTimeoutNamingTheUrlWithoutThePassword() throws Exception {
    int port;
    try (ServerSocket s = new ServerSocket(0)) {
      port = s.getLocalPort(); // closed again: nothing listens there
    }
    Properties p = new Properties();
    p.setProperty("mongodb.url", "mongodb://bench:s3cret@127.0.0.1:" + port + "/ycsb");
    p.setProperty("mongodb.serverSelectionTimeoutMs", "500");
    MongoDbTieredClient db = new MongoDbTieredClient();
    db.setProperties(p);
    long start = System.nanoTime();
    DBException e = assertThrows(DBException.class, db::init);
    long millis = (System.nanoTime() - start) / 1_000_000;
    assertTrue(millis < 5_000, "init gave up after " + millis + " ms");
    assertTrue(
        e.getMessage().contains("mongodb.url=mongodb://bench:****@127.0.0.1"), e.getMessage());
    assertTrue(e.getMessage().contains("mongodb.serverSelectionTimeoutMs"), e.getMessage());
    assertFalse(e.getMessage().contains("s3cret"), e.getMessage());
    assertEquals(0, SharedClient.open());
  }

  @Test
  void malformedUrlFailsInitNamingTheProperty() {
    Properties p = new Properties();
    p.setProperty("mongodb.url", "http://localhost/ycsb");
    MongoDbTieredClient db = new MongoDbTieredClient();
    db.setProperties(p);
    DBException e = assertThrows(DBException.class, db::init);
    assertTrue(e.getMessage().startsWith("mongodb.url=http://localhost/ycsb"), e.getMessage());
  }

  @Test
  void retryableErrorsAreRetriedWhenEnabledAndCounted() throws Exception {
    DB db = db("mongodb.retries=3", "mongodb.retryBaseDelayMs=1", "mongodb.retryWrites=false");
    mongo.failNext("insert", 2, 91); // ShutdownInProgress, twice
    assertEquals(Status.OK, db.insert("usertable", "k", fields("f0", "a")));
    assertEquals(1, usertable().countDocuments());
    mongo.failNext("find", 2, 189); // PrimarySteppedDown
    assertEquals(Status.OK, db.read("usertable", "k", null, new HashMap<>()));
  }

  @Test
  void retriesAreOffByDefault() throws Exception {
    DB db = db("mongodb.retryWrites=false", "mongodb.retryReads=false");
    mongo.failNext("find", 1, 189);
    assertEquals(Status.ERROR, db.read("usertable", "k", null, new HashMap<>()));
  }

  @Test
  void retriesStopAtTheConfiguredCount() throws Exception {
    DB db = db("mongodb.retries=2", "mongodb.retryBaseDelayMs=1", "mongodb.retryReads=false");
    mongo.countCommand("find");
    mongo.failNext("find", 10, 189);
    assertEquals(Status.ERROR, db.read("usertable", "k", null, new HashMap<>()));
    assertEquals(3, mongo.commandsSeen("find"), "one attempt and two retries");
  }

  @Test
  void nonRetryableErrorsAreNotRetried() throws Exception {
    DB db = db("mongodb.retries=5", "mongodb.retryBaseDelayMs=1");
    db.insert("usertable", "k", fields("f0", "a"));
    mongo.countCommand("insert");
    assertEquals(Status.ERROR, db.insert("usertable", "k", fields("f0", "a")));
    assertEquals(1, mongo.commandsSeen("insert"), "a duplicate key on a first attempt is final");
  }

  @Test
  void aRetriedBatchWritesEveryRecordOnce() throws Exception {
    DB db =
        db(
            "batchsize=5",
            "mongodb.retries=3",
            "mongodb.retryBaseDelayMs=1",
            "mongodb.retryWrites=false");
    mongo.failNext("insert", 1, 91);
    for (int i = 0; i < 5; i++) {
      db.insert("usertable", "user" + i, fields("f0", "v"));
    }
    assertEquals(5, usertable().countDocuments());
  }

  @Test
  void thePoolSizeIsHonoured() throws Exception {
    // mongodb.maxconnections is the stock binding's name for the pool size.
    BindingOptions o = BindingOptions.from(props("mongodb.maxconnections=3"));
    assertEquals(3, o.clientSettings().getConnectionPoolSettings().getMaxSize());
    BindingOptions url = BindingOptions.from(props("mongodb.url=mongodb://h/db?maxPoolSize=7"));
    assertEquals(7, url.clientSettings().getConnectionPoolSettings().getMaxSize());
  }

  private static Properties props(String... kv) {
    Properties p = new Properties();
    for (String s : kv) {
      p.setProperty(s.substring(0, s.indexOf('=')), s.substring(s.indexOf('=') + 1));
    }
    return p;
  }
}

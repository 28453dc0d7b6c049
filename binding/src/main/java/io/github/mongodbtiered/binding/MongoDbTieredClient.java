package io.github.mongodbtiered.binding;

import com.mongodb.MongoBulkWriteException;
import com.mongodb.MongoException;
import com.mongodb.client.FindIterable;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.BulkWriteOptions;
import com.mongodb.client.model.InsertManyOptions;
import com.mongodb.client.model.Projections;
import com.mongodb.client.model.ReplaceOneModel;
import com.mongodb.client.model.ReplaceOptions;
import com.mongodb.client.model.Sorts;
import com.mongodb.client.model.WriteModel;
import com.mongodb.client.result.DeleteResult;
import com.mongodb.client.result.UpdateResult;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.Vector;
import org.bson.BsonBinary;
import org.bson.BsonDocument;
import org.bson.BsonString;
import org.bson.Document;
import org.bson.RawBsonDocument;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.DBException;
import site.ycsb.Status;
import site.ycsb.measurements.Measurements;

/**
 * YCSB binding {@code mongodb-tiered} on the current MongoDB Java driver.
 *
 * <p>Stores records exactly as YCSB's stock {@code mongodb} binding does ({@code _id} = key, each
 * field a BSON binary), so a data set loaded by one is read by the other. Beyond the stock binding
 * it never loses a batch (a partial batch is written at {@link #cleanup()}, a failed batch does not
 * stop later ones), returns {@link Status#NOT_FOUND} for missing keys, fails fast in {@link
 * #init()} when the server cannot be reached, and can retry overload errors with backoff.
 *
 * <p>Besides YCSB's own per-operation figures it reports, through YCSB's measurements: {@code
 * INSERT-BATCH} (one operation per batch written, its latency the round trip, its {@code Return=}
 * counts one per record) and {@code RETRY-<OP>} (one operation per retry, its "latency" the backoff
 * waited).
 */
public class MongoDbTieredClient extends DB {
  /** The measurement that counts batched records by outcome. */
  public static final String INSERT_BATCH = "INSERT-BATCH";

  /** Prefix of the measurements that count retries by operation. */
  public static final String RETRY_PREFIX = "RETRY-";

  private SharedClient shared;
  private Measurements measurements;
  private Retrier retrier;
  private List<RawBsonDocument> batch = new ArrayList<>();
  private String batchTable;
  private String collectionName;
  private MongoCollection<Document> collection;
  private MongoCollection<RawBsonDocument> records;

  @Override
  public void init() throws DBException {
    shared = SharedClient.acquire(getProperties(), System.err);
    try {
      measurements = Measurements.getMeasurements();
    } catch (NullPointerException e) {
      // Outside YCSB's client nobody configured the measurements: use this DB's properties.
      Measurements.setProperties(getProperties());
      measurements = Measurements.getMeasurements();
    }
    retrier = new Retrier(shared.options.retryPolicy(), measurements);
  }

  @Override
  public void cleanup() throws DBException {
    if (shared == null) {
      return;
    }
    try {
      if (!batch.isEmpty()) {
        flushBatch();
      }
    } finally {
      shared.release();
      shared = null;
    }
  }

  @Override
  public Status read(
      String table, String key, Set<String> fields, Map<String, ByteIterator> result) {
    try {
      RecordFields doc =
          retrier.call(
              "READ",
              () -> {
                FindIterable<RecordFields> find =
                    collection(table).find(idFilter(key), RecordFields.class);
                if (fields != null) {
                  find = find.projection(Projections.include(new ArrayList<>(fields)));
                }
                return find.first();
              });
      if (doc == null) {
        return Status.NOT_FOUND;
      }
      doc.copyTo(result);
      return Status.OK;
    } catch (MongoException e) {
      shared.errors.record("READ", e);
      return Status.ERROR;
    }
  }

  @Override
  public Status scan(
      String table,
      String startkey,
      int recordcount,
      Set<String> fields,
      Vector<HashMap<String, ByteIterator>> result) {
    try {
      List<RecordFields> docs =
          retrier.call(
              "SCAN",
              () -> {
                FindIterable<RecordFields> find =
                    collection(table)
                        .find(
                            new BsonDocument(
                                "_id", new BsonDocument("$gte", new BsonString(startkey))),
                            RecordFields.class)
                        .sort(Sorts.ascending("_id"))
                        .limit(recordcount);
                if (fields != null) {
                  find = find.projection(Projections.include(new ArrayList<>(fields)));
                }
                return find.into(new ArrayList<>());
              });
      if (docs.isEmpty()) {
        return Status.NOT_FOUND;
      }
      for (RecordFields doc : docs) {
        HashMap<String, ByteIterator> row = new HashMap<>();
        doc.copyTo(row);
        result.add(row);
      }
      return Status.OK;
    } catch (MongoException e) {
      shared.errors.record("SCAN", e);
      return Status.ERROR;
    }
  }

  @Override
  public Status update(String table, String key, Map<String, ByteIterator> values) {
    try {
      BsonDocument set = new BsonDocument();
      values.forEach((name, value) -> set.put(name, new BsonBinary(value.toArray())));
      UpdateResult r =
          retrier.call(
              "UPDATE",
              () -> collection(table).updateOne(idFilter(key), new BsonDocument("$set", set)));
      return r.wasAcknowledged() && r.getMatchedCount() == 0 ? Status.NOT_FOUND : Status.OK;
    } catch (MongoException e) {
      shared.errors.record("UPDATE", e);
      return Status.ERROR;
    }
  }

  @Override
  public Status insert(String table, String key, Map<String, ByteIterator> values) {
    RawBsonDocument doc = RecordFields.encode(key, values);
    if (shared.options.batchSize() > 1) {
      if (batchTable != null && !batchTable.equals(table)) {
        flushBatch();
      }
      batchTable = table;
      batch.add(doc);
      if (batch.size() < shared.options.batchSize()) {
        return Status.BATCHED_OK;
      }
      return flushBatch() == 0 ? Status.OK : Status.ERROR;
    }
    try {
      int[] attempts = {0};
      retrier.call(
          "INSERT",
          () -> {
            try {
              attempts[0]++;
              writeOne(table, key, doc);
            } catch (MongoException e) {
              // A retried insert that meets its own key was written by an earlier attempt whose
              // reply was lost: that is success, not a duplicate.
              if (attempts[0] == 1 || !RetryPolicy.isDuplicateKey(e)) {
                throw e;
              }
            }
            return null;
          });
      return Status.OK;
    } catch (MongoException e) {
      shared.errors.record("INSERT", e);
      return Status.ERROR;
    }
  }

  @Override
  public Status delete(String table, String key) {
    try {
      int[] attempts = {0};
      DeleteResult r =
          retrier.call(
              "DELETE",
              () -> {
                attempts[0]++;
                return collection(table).deleteOne(idFilter(key));
              });
      // After a retry, "nothing deleted" most likely means the lost first attempt deleted it.
      boolean missing = r.wasAcknowledged() && r.getDeletedCount() == 0 && attempts[0] == 1;
      return missing ? Status.NOT_FOUND : Status.OK;
    } catch (MongoException e) {
      shared.errors.record("DELETE", e);
      return Status.ERROR;
    }
  }

  private void writeOne(String table, String key, RawBsonDocument doc) {
    if (shared.options.upsert()) {
      records(table).replaceOne(idFilter(key), doc, new ReplaceOptions().upsert(true));
    } else {
      records(table).insertOne(doc);
    }
  }

  /**
   * Writes the pending batch (unordered, so one bad record does not stop the rest), retrying only
   * the records that failed retryably, and reports every record's outcome under {@link
   * #INSERT_BATCH}. The batch is cleared whatever happens, so a failure never poisons later
   * batches.
   *
   * @return how many records of the batch were not written
   */
  private int flushBatch() {
    List<RawBsonDocument> pending = batch;
    int total = pending.size();
    String table = batchTable;
    batch = new ArrayList<>(shared.options.batchSize());
    long start = System.nanoTime();
    int failed = 0;
    int attempt = 0;
    while (!pending.isEmpty()) {
      List<RawBsonDocument> again = new ArrayList<>();
      try {
        writeMany(table, pending);
      } catch (MongoBulkWriteException e) {
        int failedNow = retrier.sortBulkFailures(e, pending, attempt, start, again);
        if (failedNow > 0) {
          shared.errors.record(INSERT_BATCH, e);
        }
        failed += failedNow;
      } catch (MongoException e) {
        if (retrier.mayRetry(attempt, start) && RetryPolicy.isRetryable(e)) {
          again = pending; // nothing was written: the whole batch again
        } else {
          shared.errors.record(INSERT_BATCH, e);
          failed += pending.size();
        }
      }
      pending = again;
      if (!pending.isEmpty()) {
        attempt++;
        retrier.pause("INSERT", attempt);
      }
    }
    measurements.measure(INSERT_BATCH, (int) ((System.nanoTime() - start) / 1_000));
    for (int i = 0; i < total - failed; i++) {
      measurements.reportStatus(INSERT_BATCH, Status.OK);
    }
    for (int i = 0; i < failed; i++) {
      measurements.reportStatus(INSERT_BATCH, Status.ERROR);
    }
    return failed;
  }

  private void writeMany(String table, List<RawBsonDocument> docs) {
    if (shared.options.upsert()) {
      List<WriteModel<RawBsonDocument>> models = new ArrayList<>(docs.size());
      ReplaceOptions upsert = new ReplaceOptions().upsert(true);
      for (RawBsonDocument d : docs) {
        models.add(new ReplaceOneModel<>(new BsonDocument("_id", d.get("_id")), d, upsert));
      }
      records(table).bulkWrite(models, new BulkWriteOptions().ordered(false));
    } else {
      records(table).insertMany(docs, new InsertManyOptions().ordered(false));
    }
  }

  /**
   * The filter {@code {_id: key}} as a {@link BsonDocument}, which the driver writes into the
   * command as it is; a {@link Document} filter is wrapped and encoded through the codec registry
   * on every operation (about 3% of the client's CPU on a read in a JFR profile,
   * docs/client-cost.md).
   */
  static BsonDocument idFilter(String key) {
    return new BsonDocument("_id", new BsonString(key));
  }

  /** The table's collection; YCSB uses one table, so one is kept rather than made per call. */
  private MongoCollection<Document> collection(String table) {
    if (!table.equals(collectionName)) {
      collection = shared.database.getCollection(table);
      records = collection.withDocumentClass(RawBsonDocument.class);
      collectionName = table;
    }
    return collection;
  }

  /** The table's collection for records encoded by {@link RecordFields#encode}. */
  private MongoCollection<RawBsonDocument> records(String table) {
    collection(table);
    return records;
  }
}

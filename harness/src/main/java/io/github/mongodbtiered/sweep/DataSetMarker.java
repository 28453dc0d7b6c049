package io.github.mongodbtiered.sweep;

import com.mongodb.client.MongoCollection;
import com.mongodb.client.MongoDatabase;
import com.mongodb.client.model.ReplaceOptions;
import java.util.Date;
import java.util.Objects;
import java.util.function.Consumer;
import org.bson.Document;

/**
 * What the harness has loaded into a database, kept in the database itself ({@code
 * mongodb_tiered_sweep} collection), so that a sweep can add records step by step, resume after an
 * interruption, and tell its own data from a user's: a collection it did not load is never dropped
 * or written to unless {@code --drop-existing} says so.
 *
 * @param loadedRecords records known to be fully loaded (keys 0 .. loadedRecords-1)
 * @param shape the record shape they were loaded with, e.g. "10x100 hashed"
 */
record DataSetMarker(long loadedRecords, String shape) {
  static final String COLLECTION = "mongodb_tiered_sweep";

  /**
   * Reads the marker for {@code table}, or decides what to do without one.
   *
   * @param info told what {@code dropExisting} dropped
   * @throws IllegalArgumentException when the collection holds data the harness did not load (or
   *     loaded with another shape) and {@code dropExisting} is false: the fix is an option
   */
  static DataSetMarker open(
      MongoDatabase db, String table, String shape, boolean dropExisting, Consumer<String> info) {
    MongoCollection<Document> markers = db.getCollection(COLLECTION);
    Document marker = markers.find(new Document("_id", table)).first();
    long documents = db.getCollection(table).estimatedDocumentCount();
    boolean ours = marker != null && Objects.equals(marker.getString("shape"), shape);
    if (dropExisting) {
      if (documents > 0 || marker != null) {
        // The collection's metadata, not an exact count: that reads every document (a full scan on
        // mongod), and the stand-in reads them into its heap: 300,000 records killed it.
        long dropped = documents;
        db.getCollection(table).drop();
        markers.deleteOne(new Document("_id", table));
        info.accept(
            "--drop-existing: dropped "
                + db.getName()
                + "."
                + table
                + " ("
                + dropped
                + " documents)");
      }
      return new DataSetMarker(0, shape);
    }
    if (marker == null && documents > 0) {
      throw new IllegalArgumentException(
          "collection "
              + db.getName()
              + "."
              + table
              + " already holds "
              + documents
              + " documents the harness did not load: point --mongodb-url at another database,"
              + " or pass --drop-existing to replace them");
    }
    if (marker != null && !ours) {
      throw new IllegalArgumentException(
          "collection "
              + db.getName()
              + "."
              + table
              + " was loaded with records of shape "
              + marker.getString("shape")
              + ", not "
              + shape
              + ": pass --drop-existing to reload it");
    }
    return new DataSetMarker(
        marker == null ? 0 : marker.get("loadedRecords", Number.class).longValue(), shape);
  }

  /** Records that {@code records} keys are now fully loaded. */
  DataSetMarker loaded(MongoDatabase db, String table, long records) {
    db.getCollection(COLLECTION)
        .replaceOne(
            new Document("_id", table),
            new Document("_id", table)
                .append("loadedRecords", records)
                .append("shape", shape)
                .append("updated", new Date()),
            new ReplaceOptions().upsert(true));
    return new DataSetMarker(records, shape);
  }
}

package io.github.mongodbtiered.standin.wiredtiger;

import de.bwaldvogel.mongo.MongoCollection;
import de.bwaldvogel.mongo.backend.Index;
import de.bwaldvogel.mongo.backend.IndexKey;
import de.bwaldvogel.mongo.backend.KeyValue;
import de.bwaldvogel.mongo.backend.Missing;
import de.bwaldvogel.mongo.bson.BsonRegularExpression;
import de.bwaldvogel.mongo.bson.Document;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Set;
import java.util.stream.StreamSupport;

/**
 * A non-unique secondary index in its own WiredTiger table, as mongod keeps one: key = the encoded
 * key values followed by the document's position (its {@code _id} key), value = the position. An
 * array field gives one entry per element (multikey). Equality queries on exactly its fields are
 * answered by a prefix scan; others fall back to the collection scan.
 */
final class WiredTigerSecondaryIndex extends Index<Key> {
  private final IndexTable table;

  WiredTigerSecondaryIndex(IndexTable table, String name, List<IndexKey> keys, boolean sparse) {
    super(name, keys, sparse);
    this.table = table;
  }

  private static Key position(Document document) {
    return KeyCodec.encode(document.get("_id"));
  }

  private boolean skips(Document document, KeyValue keyValue) {
    return isSparse()
        && StreamSupport.stream(keyValue.spliterator(), false).allMatch(v -> v instanceof Missing);
  }

  private static byte[] entry(KeyValue keyValue, Key position) {
    byte[] prefix = KeyCodec.encodeAll(keyValue).bytes();
    byte[] entry = Arrays.copyOf(prefix, prefix.length + position.bytes().length);
    System.arraycopy(position.bytes(), 0, entry, prefix.length, position.bytes().length);
    return entry;
  }

  private void addEntries(Document document, Key position) {
    for (KeyValue keyValue : getKeyValues(document)) {
      if (!skips(document, keyValue)) {
        table.put(entry(keyValue, position), position.bytes());
      }
    }
  }

  private void removeEntries(Document document, Key position) {
    for (KeyValue keyValue : getKeyValues(document)) {
      table.remove(entry(keyValue, position));
    }
  }

  @Override
  public Key getPosition(Document document) {
    return position(document);
  }

  @Override
  public void checkAdd(Document document, MongoCollection<Key> collection) {
    getKeyValues(document); // rejects parallel arrays before anything is written
  }

  @Override
  public void add(Document document, Key position, MongoCollection<Key> collection) {
    addEntries(document, position);
  }

  @Override
  public Key remove(Document document) {
    Set<KeyValue> keyValues = getKeyValues(document);
    if (keyValues.stream().allMatch(kv -> skips(document, kv))) {
      return null; // a sparse index without this document
    }
    Key position = position(document);
    removeEntries(document, position);
    return position;
  }

  @Override
  public boolean canHandle(Document query) {
    if (!query.keySet().equals(keySet())) {
      return false;
    }
    for (Object value : query.values()) {
      if (value == null
          || value instanceof Document
          || value instanceof Collection
          || value instanceof BsonRegularExpression) {
        return false; // null also matches missing fields; operators and arrays: a scan decides
      }
    }
    return true;
  }

  @Override
  public Iterable<Key> getPositions(Document query) {
    List<Object> values = new ArrayList<>();
    for (String key : keys()) {
      values.add(query.get(key));
    }
    byte[] prefix = KeyCodec.encodeAll(values).bytes();
    List<Key> positions = new ArrayList<>();
    table.scan(
        prefix,
        (k, v) -> {
          boolean same =
              k.length == prefix.length + v.length
                  && Arrays.equals(k, 0, prefix.length, prefix, 0, prefix.length);
          if (same) {
            positions.add(new Key(v));
          }
          // Entries of this key value are contiguous; longer keys sharing the prefix may follow.
          return Arrays.compareUnsigned(
                  k,
                  0,
                  Math.min(k.length, prefix.length),
                  prefix,
                  0,
                  Math.min(k.length, prefix.length))
              == 0;
        });
    return positions;
  }

  // Count, emptiness and size from the table; WiredTigerUniqueIndex forwards the same
  // three: the classes extend different base classes, so they share IndexTable, not a superclass.

  @Override
  public long getCount() {
    return table.count();
  }

  @Override
  public boolean isEmpty() {
    return table.isEmpty();
  }

  @Override
  public long getDataSize() {
    return table.fileSizeBytes();
  }

  /** The index's own table, for its file statistics. */
  IndexTable table() {
    return table;
  }

  @Override
  public void checkUpdate(Document oldDocument, Document newDocument, MongoCollection<Key> c) {
    getKeyValues(newDocument);
  }

  @Override
  public void updateInPlace(
      Document oldDocument, Document newDocument, Key position, MongoCollection<Key> c) {
    if (!nullAwareEqualsKeys(oldDocument, newDocument)) {
      removeEntries(oldDocument, position);
      addEntries(newDocument, position);
    }
  }

  @Override
  public void drop() {
    table.drop();
  }
}

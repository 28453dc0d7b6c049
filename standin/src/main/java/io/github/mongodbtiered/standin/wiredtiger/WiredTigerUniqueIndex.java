package io.github.mongodbtiered.standin.wiredtiger;

import de.bwaldvogel.mongo.backend.AbstractUniqueIndex;
import de.bwaldvogel.mongo.backend.IndexKey;
import de.bwaldvogel.mongo.backend.KeyValue;
import de.bwaldvogel.mongo.backend.Missing;
import de.bwaldvogel.mongo.bson.Document;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A unique secondary index in its own WiredTiger table: key = the encoded key values, value = the
 * document's position (its {@code _id} key) followed by the key values as BSON (for the regular
 * expression queries that walk the index).
 */
final class WiredTigerUniqueIndex extends AbstractUniqueIndex<Key> {
  private final IndexTable table;

  WiredTigerUniqueIndex(IndexTable table, String name, List<IndexKey> keys, boolean sparse) {
    super(name, keys, sparse);
    this.table = table;
  }

  @Override
  protected Key removeDocument(KeyValue keyValue) {
    byte[] k = KeyCodec.encodeAll(keyValue).bytes();
    byte[] value = table.get(k);
    if (value == null) {
      return null;
    }
    table.remove(k);
    return position(value);
  }

  @Override
  protected boolean putKeyPosition(KeyValue keyValue, Key position) {
    byte[] k = KeyCodec.encodeAll(keyValue).bytes();
    if (table.get(k) != null) {
      return false;
    }
    List<Object> values = new ArrayList<>();
    keyValue.forEach(v -> values.add(v instanceof Missing ? null : v));
    byte[] bson = Bson.encode(new Document("k", values));
    ByteBuffer value = ByteBuffer.allocate(4 + position.bytes().length + bson.length);
    value.putInt(position.bytes().length).put(position.bytes()).put(bson);
    table.put(k, value.array());
    return true;
  }

  @Override
  protected Iterable<Map.Entry<KeyValue, Key>> getIterable() {
    List<Map.Entry<KeyValue, Key>> entries = new ArrayList<>();
    table.scan(
        null,
        (k, v) -> {
          ByteBuffer b = ByteBuffer.wrap(v);
          int n = b.getInt();
          byte[] bson = new byte[v.length - 4 - n];
          System.arraycopy(v, 4 + n, bson, 0, bson.length);
          List<?> values = (List<?>) Bson.decode(bson).get("k");
          entries.add(Map.entry(new KeyValue(values), position(v)));
          return true;
        });
    return entries;
  }

  @Override
  protected Key getPosition(KeyValue keyValue) {
    byte[] value = table.get(KeyCodec.encodeAll(keyValue).bytes());
    return value == null ? null : position(value);
  }

  private static Key position(byte[] value) {
    int n = ByteBuffer.wrap(value).getInt();
    byte[] k = new byte[n];
    System.arraycopy(value, 4, k, 0, n);
    return new Key(k);
  }

  // Count, emptiness and size from the table; WiredTigerSecondaryIndex forwards the same
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
  public void drop() {
    super.drop();
    table.drop();
  }
}

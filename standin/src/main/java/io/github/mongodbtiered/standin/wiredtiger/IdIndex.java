package io.github.mongodbtiered.standin.wiredtiger;

import de.bwaldvogel.mongo.MongoCollection;
import de.bwaldvogel.mongo.backend.Index;
import de.bwaldvogel.mongo.backend.IndexKey;
import de.bwaldvogel.mongo.backend.KeyValue;
import de.bwaldvogel.mongo.bson.Document;
import de.bwaldvogel.mongo.exception.DuplicateKeyError;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

/**
 * The {@code _id} index, served by the collection's table itself (keyed by the encoded {@code
 * _id}), as MongoDB's clustered layout would: a lookup is one B-tree search, and nothing is stored
 * twice. Point and {@code $in} queries come here; {@code _id} ranges are scanned by the collection.
 */
final class IdIndex extends Index<Key> {
  private final WiredTigerCollection collection;

  IdIndex(String name, List<IndexKey> keys, WiredTigerCollection collection) {
    super(name, keys, false);
    this.collection = collection;
  }

  private static Object id(Document document) {
    return document.get("_id");
  }

  /**
   * The document's key, unchecked: mongo-java-server asks only for documents it has just read (to
   * update or remove them), so a second B-tree search to confirm they exist would be wasted.
   */
  @Override
  public Key getPosition(Document document) {
    return KeyCodec.encode(id(document));
  }

  /**
   * Nothing to check here: the collection's insert adds the key only where it is new, and fails
   * with {@link #duplicate} otherwise, before any index is added to. The other unique indexes are
   * checked first, so a document that duplicates both its {@code _id} and another unique key is
   * refused for the other one (mongod names {@code _id_}).
   */
  @Override
  public void checkAdd(Document document, MongoCollection<Key> c) {}

  /** The error of an insert whose {@code _id} the collection holds already. */
  DuplicateKeyError duplicate(Object id, MongoCollection<Key> c) {
    return new DuplicateKeyError(this, c, getKeys(), new KeyValue(id));
  }

  @Override
  public void add(Document document, Key position, MongoCollection<Key> c) {
    // The table's own key is the index entry.
  }

  @Override
  public Key remove(Document document) {
    return getPosition(document);
  }

  @Override
  public boolean canHandle(Document query) {
    if (!query.keySet().equals(keySet())) {
      return false;
    }
    Object value = query.get("_id");
    if (value instanceof Document d && d.keySet().stream().anyMatch(k -> k.startsWith("$"))) {
      return d.keySet().size() == 1 && d.get("$in") instanceof Collection;
    }
    return !(value instanceof Collection)
        && !(value instanceof de.bwaldvogel.mongo.bson.BsonRegularExpression);
  }

  @Override
  public Iterable<Key> getPositions(Document query) {
    Object value = query.get("_id");
    List<Key> positions = new ArrayList<>();
    if (value instanceof Document d && d.get("$in") instanceof Collection<?> in) {
      // $in returns documents in _id order, as an index scan in MongoDB does.
      in.stream().map(KeyCodec::encode).distinct().sorted().forEach(positions::add);
    } else {
      positions.add(KeyCodec.encode(value));
    }
    return positions; // missing ones read as null and are skipped by the collection
  }

  @Override
  public long getCount() {
    return collection.count();
  }

  /** From the table itself: the index is "built" when it is opened on a non-empty table. */
  @Override
  public boolean isEmpty() {
    return collection.isEmpty();
  }

  @Override
  public long getDataSize() {
    return 0; // no separate structure: the table is the index
  }

  @Override
  public void checkUpdate(Document oldDocument, Document newDocument, MongoCollection<Key> c) {
    // _id is immutable; mongo-java-server rejects changing it before this is called.
  }

  @Override
  public void updateInPlace(
      Document oldDocument, Document newDocument, Key position, MongoCollection<Key> c) {
    // The key does not change.
  }

  @Override
  public void drop() {
    // Dropped with the collection's table.
  }

  @Override
  public boolean isUnique() {
    return true;
  }
}

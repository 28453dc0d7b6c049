package io.github.mongodbtiered.standin.wiredtiger;

import de.bwaldvogel.mongo.MongoDatabase;
import de.bwaldvogel.mongo.backend.AbstractMongoCollection;
import de.bwaldvogel.mongo.backend.ArrayFilters;
import de.bwaldvogel.mongo.backend.CollectionOptions;
import de.bwaldvogel.mongo.backend.CursorRegistry;
import de.bwaldvogel.mongo.backend.DocumentWithPosition;
import de.bwaldvogel.mongo.backend.Index;
import de.bwaldvogel.mongo.backend.QueryResult;
import de.bwaldvogel.mongo.backend.Utils;
import de.bwaldvogel.mongo.bson.Document;
import de.bwaldvogel.mongo.oplog.Oplog;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;

/**
 * A collection as one WiredTiger table: key = the order-preserving encoding of {@code _id}, value =
 * the document's BSON. Reads run concurrently (each thread on its own WiredTiger session); writes
 * to one collection are serialized so index checks and updates stay consistent.
 *
 * <p>Count and data size are kept in memory and saved to the catalog now and then, as mongod's size
 * storer does, so an unclean shutdown can leave them slightly off, as it can in mongod.
 */
final class WiredTigerCollection extends AbstractMongoCollection<Key> {
  private final Engine engine;
  private final String uri;
  private final AtomicLong count;
  private final AtomicLong dataSizeBytes;
  private final IdRangeScan scan;
  private volatile long savedCount = -1;
  private volatile long savedDataSizeBytes = -1;

  WiredTigerCollection(
      MongoDatabase database,
      String collectionName,
      CollectionOptions options,
      CursorRegistry cursorRegistry,
      Engine engine,
      String uri,
      long count,
      long dataSizeBytes) {
    super(database, collectionName, options, cursorRegistry);
    this.engine = engine;
    this.uri = uri;
    this.count = new AtomicLong(count);
    this.dataSizeBytes = new AtomicLong(dataSizeBytes);
    this.scan = new IdRangeScan(engine, uri);
  }

  String uri() {
    return uri;
  }

  /** "count dataSize" when changed since the last call, else null. */
  String sizesToSave() {
    long c = count.get();
    long d = dataSizeBytes.get();
    if (c == savedCount && d == savedDataSizeBytes) {
      return null;
    }
    savedCount = c;
    savedDataSizeBytes = d;
    return c + " " + d;
  }

  /**
   * Inserts the document under its {@code _id}, which the insert itself checks is new ({@link
   * IdIndex#checkAdd} leaves it to this): a separate lookup first was half the time a load spent
   * holding the collection's write lock. A collection with an id field but no {@code _id} index
   * (mongo-java-server's {@code system.namespaces}) overwrites, as it always did.
   */
  @Override
  protected Key addDocumentInternal(Document document) {
    String idField = getIdField();
    if (idField == null) {
      return put(generatedKey(), document);
    }
    // A plain field's value without the path split (a regular expression) that nested ones need.
    Object id =
        idField.indexOf('.') < 0
            ? document.get(idField)
            : Utils.getSubdocumentValue(document, idField);
    Key key = KeyCodec.encode(id);
    IdIndex index = idIndex();
    if (index == null) {
      return put(key, document);
    }
    if (!engine.insert(uri, key.bytes(), Bson.encode(document))) {
      throw index.duplicate(id, this);
    }
    count.incrementAndGet();
    return key;
  }

  private Key put(Key key, Document document) {
    engine.put(uri, key.bytes(), Bson.encode(document));
    count.incrementAndGet();
    return key;
  }

  /** The collection's {@code _id} index, or null when it has none. */
  private IdIndex idIndex() {
    for (Index<Key> index : getIndexes()) {
      if (index instanceof IdIndex id) {
        return id;
      }
    }
    return null;
  }

  /** For collections without an id field (system.indexes): unique, after every real key. */
  private static Key generatedKey() {
    UUID u = UUID.randomUUID();
    return new Key(
        ByteBuffer.allocate(17)
            .put((byte) 0x7E)
            .putLong(u.getMostSignificantBits())
            .putLong(u.getLeastSignificantBits())
            .array());
  }

  @Override
  protected Document getDocument(Key position) {
    byte[] value = engine.get(uri, position.bytes());
    return value == null ? null : Bson.decode(value);
  }

  @Override
  protected void removeDocument(Key position) {
    if (engine.remove(uri, position.bytes())) {
      count.decrementAndGet();
    }
  }

  @Override
  protected void handleUpdate(Key position, Document oldDocument, Document newDocument) {
    engine.put(uri, position.bytes(), Bson.encode(newDocument));
  }

  @Override
  protected void updateDataSize(int sizeDelta) {
    dataSizeBytes.addAndGet(sizeDelta);
  }

  @Override
  protected int getDataSize() {
    return (int) Math.min(Integer.MAX_VALUE, dataSizeBytes.get());
  }

  @Override
  public int count() {
    return (int) Math.max(0, Math.min(Integer.MAX_VALUE, count.get()));
  }

  @Override
  public boolean isEmpty() {
    return engine.isEmpty(uri);
  }

  @Override
  protected Stream<DocumentWithPosition<Key>> streamAllDocumentsWithPosition() {
    List<DocumentWithPosition<Key>> all = new ArrayList<>();
    engine.scan(
        uri,
        null,
        (k, v) -> {
          all.add(new DocumentWithPosition<>(Bson.decode(v), new Key(k)));
          return true;
        });
    return all.stream();
  }

  /** Documents at the index's positions; a position without a document is skipped. */
  @Override
  protected QueryResult matchDocuments(
      Document query,
      Iterable<Key> positions,
      Document orderBy,
      int numberToSkip,
      int limit,
      int batchSize,
      Document fieldSelector) {
    List<Document> found = new ArrayList<>();
    for (Key position : positions) {
      Document document = getDocument(position);
      if (document != null) {
        found.add(document);
      }
    }
    return matchDocumentsFromStream(
        found.stream(), query, orderBy, numberToSkip, limit, batchSize, fieldSelector);
  }

  /**
   * A scan of the table in {@code _id} order, narrowed and stopped early: see {@link IdRangeScan}.
   */
  @Override
  protected QueryResult matchDocuments(
      Document query,
      Document orderBy,
      int numberToSkip,
      int limit,
      int batchSize,
      Document fieldSelector) {
    List<Document> matched = scan.matching(query, orderBy, getIdField(), numberToSkip, limit);
    // Already matched and ordered: the framework only skips, limits and projects.
    return matchDocumentsFromStream(
        new Document(), matched.stream(), numberToSkip, limit, batchSize, null, fieldSelector);
  }

  /**
   * Compacts the collection's table and its indexes' tables, as mongod's {@code compact} does.
   *
   * @return bytes the files shrank by
   */
  long compact() {
    List<String> uris = new ArrayList<>(List.of(uri));
    for (Index<Key> index : getIndexes()) {
      IndexTable table = tableOf(index);
      if (table != null) {
        uris.add(table.uri());
      }
    }
    long freed = 0;
    for (String table : uris) {
      long before = engine.fileSizeBytes(table);
      engine.compact(table);
      freed += Math.max(0, before - engine.fileSizeBytes(table));
    }
    return freed;
  }

  long storageSizeBytes() {
    return engine.fileSizeBytes(uri);
  }

  long indexSizeBytes() {
    long total = 0;
    for (Index<Key> index : getIndexes()) {
      total += index.getDataSize();
    }
    return total;
  }

  @Override
  public Document getStats() {
    Document stats = super.getStats();
    long n = count.get();
    long size = dataSizeBytes.get();
    Document indexSizes = new Document();
    for (Index<Key> index : getIndexes()) {
      indexSizes.put(index.getName(), index.getDataSize());
    }
    stats.put("count", n);
    stats.put("size", size);
    stats.put("avgObjSize", n == 0 ? 0 : size / n);
    stats.put("storageSize", storageSizeBytes());
    stats.put("indexSize", indexSizes);
    stats.put("indexSizes", indexSizes);
    stats.put("totalIndexSize", indexSizeBytes());
    stats.put("wiredTiger", fileStatistics(uri, engine.blockManagerStatistics(uri)));
    stats.put("indexDetails", indexDetails());
    return stats;
  }

  /**
   * Per index with a table of its own, its file's statistics as mongod's {@code indexDetails} gives
   * them. The {@code _id} index is left out: it has no file, the collection's table is keyed by
   * {@code _id}, so its bytes are the collection's.
   */
  private Document indexDetails() {
    Document details = new Document();
    for (Index<Key> index : getIndexes()) {
      IndexTable table = tableOf(index);
      if (table != null) {
        details.put(index.getName(), fileStatistics(table.uri(), table.blockManagerStatistics()));
      }
    }
    return details;
  }

  /** The index's own table; null for the {@code _id} index, which is the collection's table. */
  private static IndexTable tableOf(Index<Key> index) {
    return index instanceof WiredTigerUniqueIndex u
        ? u.table()
        : index instanceof WiredTigerSecondaryIndex s ? s.table() : null;
  }

  /** A table's statistics section: its uri, and its block-manager figures when they were read. */
  private static Document fileStatistics(String tableUri, Map<String, Long> blocks) {
    Document section = new Document("uri", "statistics:" + tableUri);
    if (!blocks.isEmpty()) {
      Document figures = new Document();
      blocks.forEach(figures::put);
      section.put("block-manager", figures);
    }
    return section;
  }

  // Writes: serialized per collection (reads are not).

  @Override
  public synchronized void addDocument(Document document) {
    super.addDocument(document);
  }

  @Override
  public synchronized void addDocuments(Stream<Document> documents) {
    super.addDocuments(documents);
  }

  @Override
  public synchronized Document findAndModify(Document query) {
    return super.findAndModify(query);
  }

  @Override
  public synchronized List<Document> insertDocuments(List<Document> documents, boolean isOrdered) {
    return super.insertDocuments(documents, isOrdered);
  }

  @Override
  public synchronized int deleteDocuments(Document selector, int limit, Oplog oplog) {
    return super.deleteDocuments(selector, limit, oplog);
  }

  @Override
  public synchronized Document updateDocuments(
      Document selector,
      Document updateQuery,
      ArrayFilters arrayFilters,
      boolean isMulti,
      boolean isUpsert,
      Oplog oplog) {
    return super.updateDocuments(selector, updateQuery, arrayFilters, isMulti, isUpsert, oplog);
  }

  @Override
  public synchronized void removeDocument(Document document) {
    super.removeDocument(document);
  }

  @Override
  public synchronized void renameTo(MongoDatabase newDatabase, String newCollectionName) {
    super.renameTo(newDatabase, newCollectionName);
  }

  @Override
  public synchronized void addIndex(Index<Key> index) {
    super.addIndex(index);
  }

  @Override
  public synchronized void dropIndex(String indexName) {
    super.dropIndex(indexName);
  }
}

package io.github.mongodbtiered.standin.wiredtiger;

import de.bwaldvogel.mongo.MongoCollection;
import de.bwaldvogel.mongo.MongoDatabase;
import de.bwaldvogel.mongo.backend.AbstractSynchronizedMongoDatabase;
import de.bwaldvogel.mongo.backend.CollectionOptions;
import de.bwaldvogel.mongo.backend.CursorRegistry;
import de.bwaldvogel.mongo.backend.DatabaseResolver;
import de.bwaldvogel.mongo.backend.Index;
import de.bwaldvogel.mongo.backend.IndexKey;
import de.bwaldvogel.mongo.bson.Document;
import de.bwaldvogel.mongo.exception.MongoServerError;
import de.bwaldvogel.mongo.oplog.Oplog;
import io.netty.channel.Channel;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/** A database: its collections and unique indexes as WiredTiger tables named in the catalog. */
final class WiredTigerDatabase extends AbstractSynchronizedMongoDatabase<Key> {
  private final Engine engine;
  private final Catalog catalog;
  private final Map<String, WiredTigerCollection> opened = new ConcurrentHashMap<>();

  WiredTigerDatabase(String name, Engine engine, Catalog catalog, CursorRegistry cursorRegistry) {
    super(name, cursorRegistry);
    this.engine = engine;
    this.catalog = catalog;
    initializeNamespacesAndIndexes();
  }

  Iterable<WiredTigerCollection> openCollections() {
    return opened.values();
  }

  @Override
  public Document handleCommand(
      Channel channel,
      String command,
      Document query,
      DatabaseResolver databaseResolver,
      Oplog oplog) {
    if (command.equalsIgnoreCase("compact")) {
      return compact(query.get(command));
    }
    return super.handleCommand(channel, command, query, databaseResolver, oplog);
  }

  /** mongod's {@code compact} on a standalone: the collection's files shrink, it stays online. */
  private Document compact(Object collectionName) {
    if (!(collectionName instanceof String name) || name.isEmpty()) {
      throw new MongoServerError(2, "BadValue", "compact takes a collection name as its value");
    }
    resolveCollection(name, false);
    WiredTigerCollection collection = opened.get(name);
    if (collection == null) {
      throw new MongoServerError(26, "NamespaceNotFound", "collection does not exist: " + name);
    }
    return new Document("bytesFreed", collection.compact()).append("ok", 1.0);
  }

  @Override
  protected MongoCollection<Key> openOrCreateCollection(
      String collectionName, CollectionOptions options) {
    String uri = catalog.collectionTable(getFullCollectionNamespace(collectionName), true);
    long[] sizes = catalog.sizes(uri);
    WiredTigerCollection collection =
        new WiredTigerCollection(
            this, collectionName, options, cursorRegistry, engine, uri, sizes[0], sizes[1]);
    opened.put(collectionName, collection);
    return collection;
  }

  @Override
  protected Index<Key> openOrCreateUniqueIndex(
      String collectionName, String indexName, List<IndexKey> keys, boolean sparse) {
    WiredTigerCollection collection = opened.get(collectionName);
    if (keys.size() == 1 && keys.get(0).getKey().equals("_id") && !sparse) {
      return new IdIndex(indexName, keys, collection);
    }
    return new WiredTigerUniqueIndex(indexTable(collection, indexName), indexName, keys, sparse);
  }

  @Override
  protected Index<Key> openOrCreateSecondaryIndex(
      String collectionName, String indexName, List<IndexKey> keys, boolean sparse) {
    return new WiredTigerSecondaryIndex(
        indexTable(opened.get(collectionName), indexName), indexName, keys, sparse);
  }

  /** The index's table, created on first use; dropping the index drops it from the catalog. */
  private IndexTable indexTable(WiredTigerCollection collection, String indexName) {
    String collectionUri = collection.uri();
    String uri = catalog.indexTable(collectionUri, indexName);
    return new IndexTable(engine, uri, () -> catalog.dropIndex(collectionUri, indexName));
  }

  @Override
  public void dropCollection(String collectionName, Oplog oplog) {
    super.dropCollection(collectionName, oplog);
    opened.remove(collectionName);
    catalog.dropCollection(getFullCollectionNamespace(collectionName));
  }

  @Override
  public void moveCollection(
      MongoDatabase oldDatabase, MongoCollection<?> collection, String newCollectionName) {
    String oldNs = collection.getFullName();
    super.moveCollection(oldDatabase, collection, newCollectionName);
    catalog.renameCollection(oldNs, getFullCollectionNamespace(newCollectionName));
    if (oldDatabase instanceof WiredTigerDatabase old) {
      old.opened.remove(extractName(oldNs));
    }
    opened.put(newCollectionName, (WiredTigerCollection) collection);
  }

  private static String extractName(String ns) {
    return ns.substring(ns.indexOf('.') + 1);
  }

  @Override
  protected long getStorageSize() {
    long total = 0;
    for (WiredTigerCollection c : opened.values()) {
      total += c.storageSizeBytes() + c.indexSizeBytes();
    }
    return total;
  }

  @Override
  protected long getFileSize() {
    return getStorageSize();
  }
}

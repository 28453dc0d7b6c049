package io.github.mongodbtiered.standin.wiredtiger;

import java.util.Map;

/**
 * A secondary index's own WiredTiger table, and what dropping the index does (forget the table in
 * the catalog, then drop it). Both index kinds keep their entries in one; they extend different
 * mongo-java-server base classes, so they share this instead of a superclass.
 */
final class IndexTable {
  private final Engine engine;
  private final String uri;
  private final Runnable onDrop;

  IndexTable(Engine engine, String uri, Runnable onDrop) {
    this.engine = engine;
    this.uri = uri;
    this.onDrop = onDrop;
  }

  String uri() {
    return uri;
  }

  byte[] get(byte[] key) {
    return engine.get(uri, key);
  }

  void put(byte[] key, byte[] value) {
    engine.put(uri, key, value);
  }

  /** Returns false when there was no such key. */
  boolean remove(byte[] key) {
    return engine.remove(uri, key);
  }

  /** Visits entries in key order from {@code from} (null: the first). */
  void scan(byte[] from, Engine.Visitor visitor) {
    engine.scan(uri, from, visitor);
  }

  /** Entries, by walking the table: the engine keeps no count. */
  long count() {
    return engine.count(uri);
  }

  boolean isEmpty() {
    return engine.isEmpty(uri);
  }

  long fileSizeBytes() {
    return engine.fileSizeBytes(uri);
  }

  /** This table's {@link Engine#blockManagerStatistics}. */
  Map<String, Long> blockManagerStatistics() {
    return engine.blockManagerStatistics(uri);
  }

  void drop() {
    onDrop.run();
  }
}

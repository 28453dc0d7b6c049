package io.github.mongodbtiered.standin.wiredtiger;

import io.github.mongodbtiered.standin.WiredTigerOptions;
import java.util.HashSet;
import java.util.Set;
import java.util.UUID;

/**
 * Which WiredTiger table holds which collection or index, and the collections' saved counts and
 * sizes (mongod keeps the same in its {@code _mdb_catalog} and size storer tables). Tables get
 * fresh names, so a collection dropped and created again never meets its old table.
 */
final class Catalog {
  static final String URI = "table:standin_catalog";

  private final Engine engine;
  private final String collectionConfig;
  private final String indexConfig;

  /**
   * {@code options}: the block compressor and prefix compression of the tables created from now on;
   * a table keeps those it was created with, as in mongod.
   */
  Catalog(Engine engine, WiredTigerOptions options) {
    this.engine = engine;
    this.collectionConfig = collectionConfig(options.blockCompressor());
    this.indexConfig = indexConfig(options.indexPrefixCompression());
    engine.create(URI, "key_format=S,value_format=S");
  }

  /** A collection's table, compressed with {@code compressor} ("none": not compressed). */
  static String collectionConfig(String compressor) {
    return "key_format=u,value_format=u,block_compressor="
        + (compressor.equals("none") ? "" : compressor)
        + ",memory_page_max=10m,split_pct=90,leaf_value_max=64MB,checksum=on";
  }

  /** An index's table: no block compression, as mongod's indexes. */
  static String indexConfig(boolean prefixCompression) {
    return "key_format=u,value_format=u,block_compressor=,prefix_compression="
        + prefixCompression
        + ",checksum=on";
  }

  /** The table of collection {@code ns} ("db.collection"), created if {@code create}. */
  synchronized String collectionTable(String ns, boolean create) {
    String uri = engine.getString(URI, "collection:" + ns);
    if (uri == null && create) {
      uri = "table:collection-" + UUID.randomUUID().toString().replace("-", "");
      engine.create(uri, collectionConfig);
      engine.putString(URI, "collection:" + ns, uri);
    }
    return uri;
  }

  synchronized String indexTable(String collectionUri, String indexName) {
    String key = "index:" + collectionUri + ":" + indexName;
    String uri = engine.getString(URI, key);
    if (uri == null) {
      uri = "table:index-" + UUID.randomUUID().toString().replace("-", "");
      engine.create(uri, indexConfig);
      engine.putString(URI, key, uri);
    }
    return uri;
  }

  synchronized void renameCollection(String oldNs, String newNs) {
    String uri = engine.getString(URI, "collection:" + oldNs);
    if (uri != null) {
      engine.removeString(URI, "collection:" + oldNs);
      engine.putString(URI, "collection:" + newNs, uri);
    }
  }

  synchronized void dropCollection(String ns) {
    String uri = engine.getString(URI, "collection:" + ns);
    if (uri != null) {
      engine.removeString(URI, "collection:" + ns);
      engine.removeString(URI, "sizes:" + uri);
      engine.drop(uri);
    }
  }

  synchronized void dropIndex(String collectionUri, String indexName) {
    String key = "index:" + collectionUri + ":" + indexName;
    String uri = engine.getString(URI, key);
    if (uri != null) {
      engine.removeString(URI, key);
      engine.drop(uri);
    }
  }

  /** Saved {count, dataSizeBytes} of a collection's table, zeros when never saved. */
  synchronized long[] sizes(String uri) {
    String saved = engine.getString(URI, "sizes:" + uri);
    if (saved == null) {
      return new long[] {0, 0};
    }
    String[] parts = saved.split(" ");
    return new long[] {Long.parseLong(parts[0]), Long.parseLong(parts[1])};
  }

  synchronized void saveSizes(String uri, String countAndSize) {
    engine.putString(URI, "sizes:" + uri, countAndSize);
  }

  /** Whether the last run closed cleanly (its saved counts are exact); clears the mark. */
  synchronized boolean takeCleanShutdownMark() {
    boolean clean = engine.getString(URI, "clean-shutdown") != null;
    engine.removeString(URI, "clean-shutdown");
    return clean;
  }

  synchronized void markCleanShutdown() {
    engine.putString(URI, "clean-shutdown", "1");
  }

  /** Every collection's table. */
  synchronized Set<String> collectionTables() {
    return new HashSet<>(engine.stringsWithPrefix(URI, "collection:").values());
  }

  /** Database names that have collections. */
  synchronized Set<String> databaseNames() {
    Set<String> names = new HashSet<>();
    for (String key : engine.stringsWithPrefix(URI, "collection:").keySet()) {
      String ns = key.substring("collection:".length());
      names.add(ns.substring(0, ns.indexOf('.')));
    }
    return names;
  }

  /** Every table the catalog refers to (and itself). */
  synchronized Set<String> liveTables() {
    Set<String> tables = new HashSet<>();
    tables.add(URI);
    engine.stringsWithPrefix(URI, "collection:").values().forEach(tables::add);
    engine.stringsWithPrefix(URI, "index:").values().forEach(tables::add);
    return tables;
  }
}

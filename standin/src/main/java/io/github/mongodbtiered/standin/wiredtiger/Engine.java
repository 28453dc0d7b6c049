package io.github.mongodbtiered.standin.wiredtiger;

import com.wiredtiger.db.Cursor;
import com.wiredtiger.db.SearchStatus;
import com.wiredtiger.db.WiredTigerException;
import com.wiredtiger.db.wiredtiger;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One WiredTiger connection, used from many threads, each on its own session ({@link Sessions}).
 * Cursors are reset after every operation so they pin no page (which would block eviction).
 */
final class Engine implements AutoCloseable {
  private final Sessions sessions;

  Engine(String home, String config) {
    this.sessions = new Sessions(wiredtiger.open(home, config));
  }

  /** Visits (key, value) pairs in key order from {@code from} (null: the first). */
  interface Visitor {
    /** Returns false to stop. */
    boolean visit(byte[] key, byte[] value);
  }

  byte[] get(String uri, byte[] key) {
    if (sessions.isDropped(uri)) {
      return null;
    }
    Cursor c = sessions.current().cursor(uri);
    try {
      c.putKeyByteArray(key);
      return c.search() == 0 ? c.getValueByteArray() : null;
    } finally {
      c.reset();
    }
  }

  void put(String uri, byte[] key, byte[] value) {
    write(writable(uri).cursor(uri), key, value);
  }

  /**
   * Inserts {@code key} only where it is new: one B-tree search both checks and places it, so a
   * unique key needs no lookup of its own first.
   *
   * @return false when the key was there already (nothing is written)
   */
  boolean insert(String uri, byte[] key, byte[] value) {
    try {
      write(writable(uri).insertCursor(uri), key, value);
      return true;
    } catch (WiredTigerException e) {
      if (says(e, "WT_DUPLICATE_KEY")) {
        return false;
      }
      throw e;
    }
  }

  /** This thread's session, for a write to {@code uri}: a dropped table refuses it. */
  private Sessions.ThreadSession writable(String uri) {
    if (sessions.isDropped(uri)) {
      throw new IllegalStateException("write to a dropped collection or index");
    }
    return sessions.current();
  }

  /** Writes {@code key} and {@code value} through {@code c}, which is reset after. */
  private static void write(Cursor c, byte[] key, byte[] value) {
    try {
      c.putKeyByteArray(key);
      c.putValueByteArray(value);
      c.insert();
    } finally {
      c.reset();
    }
  }

  /** Whether WiredTiger's error is {@code code} (the binding gives it only in the message). */
  private static boolean says(WiredTigerException e, String code) {
    return e.getMessage() != null && e.getMessage().contains(code);
  }

  /** Returns false when there was no such key. */
  boolean remove(String uri, byte[] key) {
    if (sessions.isDropped(uri)) {
      return false;
    }
    Cursor c = sessions.current().cursor(uri);
    try {
      c.putKeyByteArray(key);
      return c.remove() == 0;
    } catch (WiredTigerException e) {
      if (says(e, "WT_NOTFOUND")) {
        return false;
      }
      throw e;
    } finally {
      c.reset();
    }
  }

  void scan(String uri, byte[] from, Visitor visitor) {
    if (sessions.isDropped(uri)) {
      return;
    }
    Cursor c = sessions.current().cursor(uri);
    try {
      int ret;
      if (from != null) {
        c.putKeyByteArray(from);
        SearchStatus status = c.search_near();
        if (status == SearchStatus.NOTFOUND) {
          return;
        }
        ret = status == SearchStatus.SMALLER ? c.next() : 0;
      } else {
        ret = c.next();
      }
      while (ret == 0) {
        if (!visitor.visit(c.getKeyByteArray(), c.getValueByteArray())) {
          return;
        }
        ret = c.next();
      }
    } finally {
      c.reset();
    }
  }

  /** Entries in the table, by walking it: the engine keeps no count. */
  long count(String uri) {
    long[] n = {0};
    scan(
        uri,
        null,
        (k, v) -> {
          n[0]++;
          return true;
        });
    return n[0];
  }

  /** True when the table holds no entry; stops at the first. */
  boolean isEmpty(String uri) {
    boolean[] any = {false};
    scan(
        uri,
        null,
        (k, v) -> {
          any[0] = true;
          return false;
        });
    return !any[0];
  }

  /** String-keyed metadata (the catalog). */
  String getString(String uri, String key) {
    Cursor c = sessions.current().cursor(uri);
    try {
      c.putKeyString(key);
      return c.search() == 0 ? c.getValueString() : null;
    } finally {
      c.reset();
    }
  }

  void putString(String uri, String key, String value) {
    Cursor c = sessions.current().cursor(uri);
    try {
      c.putKeyString(key);
      c.putValueString(value);
      c.insert();
    } finally {
      c.reset();
    }
  }

  void removeString(String uri, String key) {
    Cursor c = sessions.current().cursor(uri);
    try {
      c.putKeyString(key);
      c.remove();
    } catch (WiredTigerException e) {
      // Already gone: nothing to remove.
    } finally {
      c.reset();
    }
  }

  Map<String, String> stringsWithPrefix(String uri, String prefix) {
    Map<String, String> found = new HashMap<>();
    Cursor c = sessions.current().cursor(uri);
    try {
      while (c.next() == 0) {
        String k = c.getKeyString();
        String v = c.getValueString();
        if (k.startsWith(prefix)) {
          found.put(k, v);
        }
      }
    } finally {
      c.reset();
    }
    return found;
  }

  /** The keys of WiredTiger's own metadata ("table:...", "file:...", ...). */
  List<String> metadataKeys() {
    List<String> keys = new ArrayList<>();
    Cursor c = sessions.current().session.open_cursor("metadata:", null, null);
    try {
      while (c.next() == 0) {
        keys.add(c.getKeyString());
      }
    } finally {
      c.close();
    }
    return keys;
  }

  void create(String uri, String config) {
    sessions.current().session.create(uri, config);
  }

  /**
   * Moves the table's blocks from the end of its file into free space nearer the start and gives
   * the freed tail back to the file system (WT_SESSION::compact, what mongod's {@code compact}
   * runs). Reads and writes go on meanwhile.
   */
  void compact(String uri) {
    sessions.current().session.compact(uri, null);
  }

  /**
   * Statistics as (description, value) pairs, e.g. ("cache: bytes read into cache", 123), from
   * {@code statistics:} (the connection) or {@code statistics:table:...}. Statistics cursors are
   * snapshots taken when opened, so each call opens a fresh one.
   */
  Map<String, Long> statistics(String uri, String config) {
    Map<String, Long> stats = new java.util.LinkedHashMap<>();
    Cursor c = sessions.current().session.open_cursor(uri, null, config);
    try {
      while (c.next() == 0) {
        String description = c.getValueString();
        c.getValueString(); // the printable form
        stats.put(description, c.getValueLong());
      }
    } finally {
      c.close();
    }
    return stats;
  }

  /** The table's file size on disk, from its statistics; 0 when it was dropped meanwhile. */
  long fileSizeBytes(String uri) {
    try {
      Long size =
          statistics("statistics:" + uri, "statistics=(size)")
              .get("block-manager: file size in bytes");
      return size == null ? 0 : size;
    } catch (RuntimeException e) {
      return 0; // dropped meanwhile
    }
  }

  /**
   * The table's block-manager figures, named as mongod's {@code collStats} names them: {@code "file
   * size in bytes"} and {@code "file bytes available for reuse"} (space freed by deletes, updates
   * and checkpoints that WiredTiger keeps for later writes). From a fast statistics cursor, as a
   * size-only one gives the size alone. Empty when they cannot be read (the table dropped
   * meanwhile, statistics turned off by the engine config), never zeros.
   */
  Map<String, Long> blockManagerStatistics(String uri) {
    Map<String, Long> all;
    try {
      all = statistics("statistics:" + uri, "statistics=(fast)");
    } catch (RuntimeException e) {
      return Map.of();
    }
    Map<String, Long> figures = new LinkedHashMap<>();
    for (String field : List.of("file size in bytes", "file bytes available for reuse")) {
      Long value = all.get("block-manager: " + field);
      if (value == null) {
        return Map.of();
      }
      figures.put(field, value);
    }
    return figures;
  }

  /**
   * Drops a table once no session holds a cursor on it: now if possible, else on a later {@link
   * #retryDrops}.
   */
  void drop(String uri) {
    sessions.drop(uri);
  }

  void retryDrops() {
    sessions.retryDrops();
  }

  void logFlush() {
    sessions.enter();
    try {
      sessions.current().session.log_flush("sync=on");
    } finally {
      sessions.exit();
    }
  }

  /** Marks a request's start: {@link #close} waits for its {@link #exit}. */
  void enter() {
    sessions.enter();
  }

  void exit() {
    sessions.exit();
  }

  @Override
  public void close() {
    sessions.close();
  }

  /** {@link #close()}, waiting at most {@code waitMillis} for running requests. */
  void close(long waitMillis) {
    sessions.close(waitMillis);
  }
}

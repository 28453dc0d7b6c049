package io.github.mongodbtiered.standin.wiredtiger;

import com.wiredtiger.db.Connection;
import com.wiredtiger.db.Cursor;
import com.wiredtiger.db.SearchStatus;
import com.wiredtiger.db.Session;
import com.wiredtiger.db.WiredTigerException;
import com.wiredtiger.db.wiredtiger;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * One WiredTiger connection, used from many threads: WiredTiger sessions (and their cursors) are
 * single-threaded, so each thread gets its own session with one cached cursor per table. Cursors
 * are reset after every operation so they pin no page (which would block eviction).
 */
final class Engine implements AutoCloseable {
  static final int NOT_FOUND = -31803; // WT_NOTFOUND

  private final Connection connection;
  private final ThreadLocal<ThreadSession> sessions = new ThreadLocal<>();
  private final List<ThreadSession> allSessions = new ArrayList<>();

  /** Tables being dropped: each thread closes its cursors on them when it next uses its session. */
  private final Set<String> doomed = ConcurrentHashMap.newKeySet();

  /**
   * Every table dropped in this process: mongo-java-server may still read a collection it has just
   * dropped (while dropping a database), which must then look empty rather than fail.
   */
  private final Set<String> dropped = ConcurrentHashMap.newKeySet();

  private final AtomicInteger dropEpoch = new AtomicInteger();
  private volatile boolean closed;

  Engine(String home, String config) {
    this.connection = wiredtiger.open(home, config);
  }

  /** Visits (key, value) pairs in key order from {@code from} (null: the first). */
  interface Visitor {
    /** Returns false to stop. */
    boolean visit(byte[] key, byte[] value);
  }

  byte[] get(String uri, byte[] key) {
    if (dropped.contains(uri)) {
      return null;
    }
    Cursor c = session().cursor(uri);
    try {
      c.putKeyByteArray(key);
      return c.search() == 0 ? c.getValueByteArray() : null;
    } finally {
      c.reset();
    }
  }

  void put(String uri, byte[] key, byte[] value) {
    if (dropped.contains(uri)) {
      throw new IllegalStateException("write to a dropped collection or index");
    }
    Cursor c = session().cursor(uri);
    try {
      c.putKeyByteArray(key);
      c.putValueByteArray(value);
      c.insert();
    } finally {
      c.reset();
    }
  }

  /** Returns false when there was no such key. */
  boolean remove(String uri, byte[] key) {
    if (dropped.contains(uri)) {
      return false;
    }
    Cursor c = session().cursor(uri);
    try {
      c.putKeyByteArray(key);
      return c.remove() == 0;
    } catch (WiredTigerException e) {
      if (e.getMessage() != null && e.getMessage().contains("WT_NOTFOUND")) {
        return false;
      }
      throw e;
    } finally {
      c.reset();
    }
  }

  void scan(String uri, byte[] from, Visitor visitor) {
    if (dropped.contains(uri)) {
      return;
    }
    Cursor c = session().cursor(uri);
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
    Cursor c = session().cursor(uri);
    try {
      c.putKeyString(key);
      return c.search() == 0 ? c.getValueString() : null;
    } finally {
      c.reset();
    }
  }

  void putString(String uri, String key, String value) {
    Cursor c = session().cursor(uri);
    try {
      c.putKeyString(key);
      c.putValueString(value);
      c.insert();
    } finally {
      c.reset();
    }
  }

  void removeString(String uri, String key) {
    Cursor c = session().cursor(uri);
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
    Cursor c = session().cursor(uri);
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
    Cursor c = session().session.open_cursor("metadata:", null, null);
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
    session().session.create(uri, config);
  }

  /**
   * Statistics as (description, value) pairs, e.g. ("cache: bytes read into cache", 123), from
   * {@code statistics:} (the connection) or {@code statistics:table:...}. Statistics cursors are
   * snapshots taken when opened, so each call opens a fresh one.
   */
  Map<String, Long> statistics(String uri, String config) {
    Map<String, Long> stats = new java.util.LinkedHashMap<>();
    Cursor c = session().session.open_cursor(uri, null, config);
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

  /**
   * Drops a table once no session holds a cursor on it: now if possible, else on a later {@link
   * #retryDrops} (threads close their cursors on doomed tables when they next use their session).
   */
  void drop(String uri) {
    dropped.add(uri);
    doomed.add(uri);
    dropEpoch.incrementAndGet();
    retryDrops();
  }

  Set<String> pendingDrops() {
    return Set.copyOf(doomed);
  }

  void retryDrops() {
    ThreadSession s = session();
    for (Iterator<String> it = doomed.iterator(); it.hasNext(); ) {
      String uri = it.next();
      try {
        if (s.session.drop(uri, "force=true") == 0) {
          it.remove();
        }
      } catch (WiredTigerException e) {
        // EBUSY: another thread still has a cursor open on it; try again later.
      }
    }
  }

  void logFlush() {
    session().session.log_flush("sync=on");
  }

  /** This thread's session, opened on first use. */
  private ThreadSession session() {
    if (closed) {
      throw new IllegalStateException("the WiredTiger engine is closed");
    }
    ThreadSession s = sessions.get();
    if (s == null) {
      synchronized (allSessions) {
        s = new ThreadSession(connection.open_session(null));
        allSessions.add(s);
      }
      sessions.set(s);
    }
    s.closeDoomedCursors();
    return s;
  }

  @Override
  public void close() {
    synchronized (allSessions) {
      if (closed) {
        return;
      }
      closed = true;
      // Closing the connection closes every session and cursor and writes a final checkpoint.
      connection.close(null);
    }
  }

  private final class ThreadSession {
    final Session session;
    final Map<String, Cursor> cursors = new HashMap<>();
    int seenDropEpoch;

    ThreadSession(Session session) {
      this.session = session;
    }

    Cursor cursor(String uri) {
      Cursor c = cursors.get(uri);
      if (c == null) {
        c = session.open_cursor(uri, null, null);
        cursors.put(uri, c);
      }
      return c;
    }

    void closeDoomedCursors() {
      int epoch = dropEpoch.get();
      if (epoch != seenDropEpoch) {
        for (String uri : doomed) {
          Cursor c = cursors.remove(uri);
          if (c != null) {
            c.close();
          }
        }
        seenDropEpoch = epoch;
      }
    }
  }
}

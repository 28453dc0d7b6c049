package io.github.mongodbtiered.standin.wiredtiger;

import com.wiredtiger.db.Connection;
import com.wiredtiger.db.Cursor;
import com.wiredtiger.db.Session;
import com.wiredtiger.db.WiredTigerException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * One WiredTiger connection's sessions, one per thread: WiredTiger sessions (and their cursors) are
 * single-threaded, so each thread gets its own session with one cached cursor per table. A table
 * cannot be dropped while any session holds a cursor on it, so drops are deferred: each thread
 * closes its cursors on doomed tables when it next uses its session, and the drop is retried.
 */
final class Sessions implements AutoCloseable {
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

  /** Bumped on every drop, so a thread checks its cursors only when something was dropped. */
  private final AtomicInteger dropEpoch = new AtomicInteger();

  private volatile boolean closed;

  Sessions(Connection connection) {
    this.connection = connection;
  }

  /** This thread's session, opened on first use, with its cursors on doomed tables closed. */
  ThreadSession current() {
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

  boolean isDropped(String uri) {
    return dropped.contains(uri);
  }

  /**
   * Drops a table once no session holds a cursor on it: now if possible, else on a later {@link
   * #retryDrops}.
   */
  void drop(String uri) {
    dropped.add(uri);
    doomed.add(uri);
    dropEpoch.incrementAndGet();
    retryDrops();
  }

  void retryDrops() {
    ThreadSession s = current();
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

  /** A thread's session and its cursors, by table. */
  final class ThreadSession {
    final Session session;
    private final Map<String, Cursor> cursors = new HashMap<>();
    private int seenDropEpoch;

    private ThreadSession(Session session) {
      this.session = session;
    }

    /** The cached cursor on {@code uri}; reset it after use so that it pins no page. */
    Cursor cursor(String uri) {
      Cursor c = cursors.get(uri);
      if (c == null) {
        c = session.open_cursor(uri, null, null);
        cursors.put(uri, c);
      }
      return c;
    }

    private void closeDoomedCursors() {
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

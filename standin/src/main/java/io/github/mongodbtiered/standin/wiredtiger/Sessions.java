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
import java.util.concurrent.atomic.LongAdder;

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

  /** Set when close begins: no new operation enters. */
  private volatile boolean closed;

  /** Set once the connection is closed: no session may be used any more. */
  private volatile boolean connectionClosed;

  /** Operations between {@link #enter} and {@link #exit}: {@link #close} waits for them. */
  private final LongAdder inFlight = new LongAdder();

  /** How long {@link #close} waits for running operations before it leaves the connection open. */
  static final long CLOSE_WAIT_MILLIS = 30_000;

  Sessions(Connection connection) {
    this.connection = connection;
  }

  /** This thread's session, opened on first use, with its cursors on doomed tables closed. */
  ThreadSession current() {
    // Not the closing flag: an operation that entered before close began runs to its end.
    if (connectionClosed) {
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

  /**
   * Marks an operation's start: until its {@link #exit}, {@link #close} does not close the
   * connection under it (closing WiredTiger while another thread is inside a session frees memory
   * that thread still uses: a Ctrl-C mid-request once crashed the JVM). Nests.
   */
  void enter() {
    // Counted before the check, and close sets the flag before it reads the count: either this
    // sees closed, or close sees this operation.
    inFlight.increment();
    if (closed) {
      inFlight.decrement();
      throw new IllegalStateException("the WiredTiger engine is closed");
    }
  }

  /** Marks the end of the operation {@link #enter} began. */
  void exit() {
    inFlight.decrement();
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
    close(CLOSE_WAIT_MILLIS);
  }

  /** {@link #close()}, waiting at most {@code waitMillis} for running operations. */
  void close(long waitMillis) {
    synchronized (allSessions) {
      if (closed) {
        return;
      }
      closed = true;
    }
    if (!drained(waitMillis)) {
      // Left open rather than freed under a running operation; WiredTiger's log recovers the
      // data on the next open.
      System.err.println(
          "warning: WiredTiger left open: "
              + inFlight.sum()
              + " operation(s) still running after "
              + waitMillis
              + " ms");
      return;
    }
    synchronized (allSessions) {
      connectionClosed = true;
      // Closing the connection closes every session and cursor and writes a final checkpoint.
      connection.close(null);
    }
  }

  /** Waits until no operation is running, at most {@code limitMillis}; true when none is. */
  private boolean drained(long limitMillis) {
    long deadline = System.nanoTime() + limitMillis * 1_000_000;
    while (inFlight.sum() > 0) {
      if (System.nanoTime() > deadline) {
        return false;
      }
      try {
        Thread.sleep(1);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return inFlight.sum() == 0;
      }
    }
    return true;
  }

  /** A thread's session and its cursors, by table. */
  final class ThreadSession {
    final Session session;
    private final Map<String, Cursor> cursors = new HashMap<>();
    private final Map<String, Cursor> insertCursors = new HashMap<>();
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

    /**
     * The cached cursor on {@code uri} that inserts only new keys: its insert fails on an existing
     * key, in the same B-tree search that places the new one (overwrite=false). Reset it after use.
     */
    Cursor insertCursor(String uri) {
      Cursor c = insertCursors.get(uri);
      if (c == null) {
        c = session.open_cursor(uri, null, "overwrite=false");
        insertCursors.put(uri, c);
      }
      return c;
    }

    private void closeDoomedCursors() {
      int epoch = dropEpoch.get();
      if (epoch != seenDropEpoch) {
        for (String uri : doomed) {
          for (Map<String, Cursor> cached : List.of(cursors, insertCursors)) {
            Cursor c = cached.remove(uri);
            if (c != null) {
              c.close();
            }
          }
        }
        seenDropEpoch = epoch;
      }
    }
  }
}

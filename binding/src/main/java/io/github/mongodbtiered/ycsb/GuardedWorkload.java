package io.github.mongodbtiered.ycsb;

import java.util.Properties;
import java.util.concurrent.atomic.AtomicReference;
import site.ycsb.DB;
import site.ycsb.Workload;
import site.ycsb.WorkloadException;

/**
 * A workload whose exceptions stop only its own thread. YCSB's {@code ClientThread} answers an
 * exception from a workload operation with a stack trace and {@code System.exit(0)}, which ends the
 * whole JVM with success (a sweep and its report with it). Here the first exception is kept, the
 * thread stops as if its operations were done, and the caller reports it.
 */
final class GuardedWorkload extends Workload {
  private final Workload inner;
  private final AtomicReference<RuntimeException> failure = new AtomicReference<>();

  GuardedWorkload(Workload inner) {
    this.inner = inner;
  }

  /** The first exception an operation threw, or null. */
  RuntimeException failure() {
    return failure.get();
  }

  @Override
  public void init(Properties p) throws WorkloadException {
    inner.init(p);
  }

  @Override
  public Object initThread(Properties p, int mythreadid, int threadcount) throws WorkloadException {
    return inner.initThread(p, mythreadid, threadcount);
  }

  @Override
  public void cleanup() throws WorkloadException {
    inner.cleanup();
  }

  @Override
  public boolean doInsert(DB db, Object threadState) {
    try {
      return inner.doInsert(db, threadState);
    } catch (RuntimeException e) {
      return stop(e);
    }
  }

  @Override
  public boolean doTransaction(DB db, Object threadState) {
    try {
      return inner.doTransaction(db, threadState);
    } catch (RuntimeException e) {
      return stop(e);
    }
  }

  @Override
  public void requestStop() {
    inner.requestStop();
  }

  @Override
  public boolean isStopRequested() {
    return inner.isStopRequested();
  }

  /** Keeps the first failure and ends this thread's loop (YCSB stops a thread on false). */
  private boolean stop(RuntimeException e) {
    failure.compareAndSet(null, e);
    return false;
  }
}
